import JuiceMaker
import PostgresNIO

/// Ships one store's history to the database, exactly once: a batch at a
/// time, each in a transaction that first locks the store's row (so that
/// two syncers of one store take turns) and checks that the journal agrees
/// with what the database holds, then inserts the entries after it in order
/// and moves the store's row on (with the inventory's text and its stock,
/// once its last entry is in), and notifies ``SyncSchema/changesChannel``
/// with the store's name. A key (store, id) already there with the same
/// hash is skipped; with another hash, nothing is written.
struct Shipment: Sendable {
    /// The most entries one transaction ships: a killed syncer loses at
    /// most this much work, never an entry.
    static let batchSize = 500

    /// The history to ship: read again when the database is ahead of it.
    var history: SyncedHistory
    /// Where the store's files are, to read its journal again.
    let address: StoreAddress
    let service: StoreService
    let connection: PostgresConnection
    let logger: Logger
    /// The longest one transaction may wait for the database, in seconds:
    /// past it the connection is closed and ``Deadline/Passed`` thrown,
    /// without waiting for the query. A backlog of any size ships, a batch
    /// at a time, each within it.
    let timeout: Double

    var store: String { history.store }

    /// The database stands at an entry before the history's base (rows
    /// deleted by a person, a backup restored): the whole journal is needed.
    struct NeedsWholeJournal: Error {}

    /// What a shipment did.
    struct Result: Sendable, Hashable {
        /// The id of the last entry the database held before.
        var from: Int
        /// The id of the last entry it holds now.
        var through: Int
    }

    /// Ships what the database does not hold yet; ``history`` is then the
    /// journal as last read.
    ///
    /// - Throws: ``SyncStop/disagrees(store:entry:missing:)`` when the
    ///   journal disagrees with the database, ``SyncStop/lacks(store:entry:last:)``
    ///   when the database lacks an entry below its last (nothing written
    ///   either way); ``Deadline/Passed``; the database's errors.
    mutating func run() async throws -> Result {
        var from: Int?
        while true {
            let shipment = self
            let isFirst = from == nil
            let (before, after, history) = try await Deadline.answer(within: timeout, closing: connection) {
                try await shipment.connection.withTransaction(logger: shipment.logger) { connection in
                    try await shipment.shipBatch(connection, checkingRows: isFirst)
                }
            }
            self.history = history
            if from == nil { from = before }
            if after == before || after == history.last { return Result(from: from ?? before, through: after) }
        }
    }

    /// One transaction: the store's row locked and checked (with
    /// `checkingRows`, also that the database holds every entry up to it),
    /// then up to ``batchSize`` entries shipped. Returns where the database
    /// stood before and after, and the history shipped from.
    private func shipBatch(_ connection: PostgresConnection, checkingRows: Bool) async throws -> (
        Int, Int, SyncedHistory
    ) {
        try await connection.query(
            "INSERT INTO juice_stores (store) VALUES (\(store)) ON CONFLICT DO NOTHING", logger: logger)
        // Every batch moves the store's row: the head office's server
        // (listening) is told the store's name when the transaction
        // commits, never before, and never for one that rolls back.
        try await connection.query(
            "SELECT pg_notify(\(SyncSchema.changesChannel), \(store))", logger: logger)
        var held = (last: 0, history: "")
        for try await row in try await connection.query(
            "SELECT last_entry, history FROM juice_stores WHERE store = \(store) FOR UPDATE", logger: logger
        ).decode((Int, String).self) {
            held = (row.0, row.1)
        }
        var history = self.history
        if held.last > history.last {
            // Another syncer of the store shipped entries made after this
            // one read the journal: read again, under the store's lock (no
            // syncer ships meanwhile), before anything is said.
            history = try history.readAgain(at: address, service: service)
        }
        if held.last > history.last || (history.holds(held.last) && history.history(upTo: held.last) != held.history) {
            throw try await disagreement(upTo: held.last, history, connection)
        }
        guard history.holds(held.last) else { throw NeedsWholeJournal() }
        if checkingRows { try await checkRows(upTo: held.last, connection) }
        let batch = history.rows(after: held.last, count: Self.batchSize)
        guard let lastRow = batch.last else {
            try await connection.query(
                """
                UPDATE juice_stores SET synced_at = now(), inventory = \(history.inventory),
                    inventory_entry = \(held.last), stock = \(history.stock)::jsonb
                WHERE store = \(store)
                """, logger: logger)
            return (held.last, held.last, history)
        }
        // The inventory's text and its stock go with the batch that ships
        // its last entry: the row's text, entry and stock always agree.
        let isLast = lastRow.id == history.last
        let ids = batch.map(\.id)
        let hashes = batch.map(\.hash)
        try await connection.query(
            """
            INSERT INTO juice_entries (store, id, hash, line, time, kind, stock)
            SELECT \(store), id, hash, line, time::timestamptz, kind, stock::jsonb
            FROM unnest(\(ids)::bigint[], \(hashes)::text[], \(batch.map(\.line))::text[], \(batch.map(\.time))::text[],
                \(batch.map(\.kind))::text[], \(batch.map(\.stock))::text[]) AS new (id, hash, line, time, kind, stock)
            ON CONFLICT (store, id) DO NOTHING
            """, logger: logger)
        // An entry that was there already (written by hand, or by a tool
        // that kept no row) must be the same one.
        for try await differing in try await connection.query(
            """
            SELECT min(e.id)::bigint FROM juice_entries e
            JOIN unnest(\(ids)::bigint[], \(hashes)::text[]) AS new (id, hash) ON e.id = new.id
            WHERE e.store = \(store) AND e.hash <> new.hash
            """, logger: logger
        ).decode(Int?.self) {
            if let differing { throw SyncStop.disagrees(store: store, entry: differing, missing: false) }
        }
        try await connection.query(
            """
            UPDATE juice_stores SET last_entry = \(lastRow.id), history = \(lastRow.history),
                stock = \(lastRow.stock)::jsonb, synced_at = now(),
                inventory = CASE WHEN \(isLast) THEN \(history.inventory) ELSE inventory END,
                inventory_entry = CASE WHEN \(isLast) THEN \(lastRow.id) ELSE inventory_entry END
            WHERE store = \(store)
            """, logger: logger)
        return (held.last, lastRow.id, history)
    }

    /// Checks that the database holds every entry of the store up to
    /// `last`, as its history hash promises: a count over the primary key,
    /// then, only when one is missing, the first.
    ///
    /// - Throws: ``SyncStop/lacks(store:entry:last:)``.
    private func checkRows(upTo last: Int, _ connection: PostgresConnection) async throws {
        guard last > 0 else { return }
        var count = last
        for try await held in try await connection.query(
            "SELECT count(*)::bigint FROM juice_entries WHERE store = \(store) AND id BETWEEN 1 AND \(last)",
            logger: logger
        ).decode(Int.self) {
            count = held
        }
        guard count < last else { return }
        var missing = 1
        for try await first in try await connection.query(
            """
            SELECT min(n)::bigint FROM generate_series(1::bigint, \(last)::bigint) AS n
            WHERE NOT EXISTS (SELECT FROM juice_entries WHERE store = \(store) AND id = n)
            """, logger: logger
        ).decode(Int?.self) {
            missing = first ?? missing
        }
        throw SyncStop.lacks(store: store, entry: missing, last: last)
    }

    /// The first entry where the journal (`history`) and the database
    /// part, up to the database's entry `last`: found by comparing each
    /// entry's hash.
    private func disagreement(
        upTo last: Int, _ history: SyncedHistory, _ connection: PostgresConnection
    ) async throws -> SyncStop {
        guard history.base.id == 0 else { throw NeedsWholeJournal() }
        var expected = 1
        for try await (id, hash) in try await connection.query(
            "SELECT id, hash FROM juice_entries WHERE store = \(store) AND id <= \(last) ORDER BY id", logger: logger
        ).decode((Int, String).self) {
            guard id == expected, id <= history.last else { break }
            if history.rows[id - 1].hash != hash { return .disagrees(store: store, entry: id, missing: false) }
            expected += 1
        }
        return .disagrees(store: store, entry: expected, missing: expected > history.last)
    }
}
