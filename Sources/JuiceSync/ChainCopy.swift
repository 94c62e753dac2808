import Foundation
import JuiceMaker
import PostgresNIO

/// The database's copy of a chain as files in a folder, which every `juice`
/// command reads as it reads a shop's: each store's inventory and journal
/// as the shop has them (`stores/NAME.yaml` and its journal), the menus of
/// the chain's manifest with what they extend (`menus/`), and a manifest
/// `stores.yaml` naming them.
///
/// Each ``pull()`` brings the copy up to the database: a store whose
/// shipped entry did not move is not written, one that moved has only its
/// new journal lines appended (after its last entry's hash is checked
/// against the database's), and one that disagrees is written afresh. The
/// database is only read: `juice-sync push` creates and migrates it.
///
/// ```swift
/// var copy = ChainCopy(folder: "chain", database: url, manifestPath: "recipes/stores.yaml",
///                      service: StoreService(environment: [:]), say: { print($0) }, warn: { print($0) })
/// let pulled = await copy.pull()   // again every second: each time only what moved
/// ```
public struct ChainCopy: Sendable {
    /// One store of the copy after a pull.
    public struct StoreState: Sendable, Hashable {
        /// The store's name in the manifest and the database.
        public var name: String
        /// The last entry the copy's inventory includes; `nil` when the
        /// store has never synced (its inventory is not written).
        public var lastEntry: Int?
        /// When a sync of the store last finished a transaction
        /// (`juice_stores.synced_at`); `nil` when it never did.
        public var syncedAt: Date?
    }

    /// What a pull did.
    public struct Pulled: Sendable {
        /// How it ended: ``Syncer/Outcome/done``, ``Syncer/Outcome/storesStopped``
        /// (a store's rows could not be read: said, the others written), or
        /// ``Syncer/Outcome/unreachable`` (nothing written).
        public var outcome: Syncer.Outcome
        /// Each store of the manifest, in its order (empty when the
        /// database was not reached).
        public var stores: [StoreState]
    }

    /// The copy's folder.
    public var folder: String
    /// The database.
    public var database: DatabaseURL
    /// The chain's manifest, whose menus the copy takes.
    public var manifestPath: String
    /// The service the manifest and menus are read through.
    public var service: StoreService
    /// Where a line of what was done goes.
    public var say: @Sendable (String) -> Void
    /// Where a line of what went wrong goes.
    public var warn: @Sendable (String) -> Void
    /// The longest one query may wait for the database, in seconds: past
    /// it the pull stops as if the database could not be reached.
    public var queryTimeout = 30.0
    /// What this copy wrote of each store, so that the next pull need not
    /// read the files again.
    private var written: [String: CopiedStore] = [:]
    /// The stamps of the manifest and of each menu file as the last copy
    /// of the menus found them (empty: copy them).
    private var menuStamps: [String: FileStamp?] = [:]
    /// The manifest's stores as last read, with the manifest's stamp then.
    private var manifestStores: (stamp: FileStamp?, addresses: [StoreAddress])?

    /// The copy's manifest, in ``folder``.
    public var copyManifestPath: String { folder + "/stores.yaml" }

    /// A copy in `folder` of the chain of `manifestPath` as `database`
    /// holds it; see the properties.
    public init(
        folder: String, database: DatabaseURL, manifestPath: String, service: StoreService,
        say: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void
    ) {
        self.folder = folder
        self.database = database
        self.manifestPath = manifestPath
        self.service = service
        self.say = say
        self.warn = warn
    }

    /// Brings the copy up to the database: the menus and the manifest, then
    /// each store that moved. Nothing is written when the database cannot
    /// be reached, or its schema is not this tool's.
    public mutating func pull() async -> Pulled {
        let addresses: [StoreAddress]
        do {
            addresses = try storeAddresses()
        } catch {
            warn(error.description)
            return Pulled(outcome: .storesStopped, stores: [])
        }
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: database.configuration, id: 1, logger: Syncer.logger)
        } catch {
            warn(SyncProblem.from(error, url: database).description)
            return Pulled(outcome: .unreachable, stores: [])
        }
        let pulled = await pull(addresses, on: connection)
        try? await connection.close()
        return pulled
    }

    /// The manifest's stores, read again only when its stamp changed: a
    /// pull every second over a chain of thousands costs a stat.
    private mutating func storeAddresses() throws(StoreError) -> [StoreAddress] {
        let stamp = FileStamp(path: manifestPath)
        if let known = manifestStores, stamp != nil, known.stamp == stamp { return known.addresses }
        let addresses = try Syncer.Source.chain(manifestPath: manifestPath, service: service).map(\.address)
        manifestStores = (stamp, addresses)
        return addresses
    }

    /// ``pull()`` on an open connection.
    private mutating func pull(_ addresses: [StoreAddress], on connection: PostgresConnection) async -> Pulled {
        let rows: [String: DatabaseRow]
        do {
            rows = try await Deadline.answer(within: queryTimeout, closing: connection) {
                try await SyncSchema.check(connection, logger: Syncer.logger)
                return try await DatabaseRow.all(on: connection)
            }
        } catch {
            warn(SyncProblem.from(error, url: database).description)
            return Pulled(outcome: .unreachable, stores: [])
        }
        var outcome = Syncer.Outcome.done
        var states: [StoreState] = []
        do {
            try writeMenus(of: addresses)
        } catch {
            warn(error.description)
            outcome = .storesStopped
        }
        for address in addresses {
            let name = address.name ?? ""
            let row = rows[name]
            guard let row, let entry = row.inventoryEntry else {
                say("\(name): not synced yet")
                states.append(StoreState(name: name, lastEntry: nil, syncedAt: row?.syncedAt))
                continue
            }
            do {
                say(try await pull(name, row: row, entry: entry, on: connection))
                states.append(StoreState(name: name, lastEntry: entry, syncedAt: row.syncedAt))
            } catch let stop as StoreStop {
                warn(stop.description)
                outcome = .storesStopped
                states.append(StoreState(name: name, lastEntry: written[name]?.last, syncedAt: row.syncedAt))
            } catch {
                warn(SyncProblem.from(error, url: database).description)
                return Pulled(outcome: .unreachable, stores: states)
            }
        }
        return Pulled(outcome: outcome, stores: states)
    }

    /// Brings one store's files up to its row: the new lines appended, or
    /// all written afresh when the copy disagrees with the database.
    ///
    /// - Returns: what was done, in one line.
    private mutating func pull(
        _ name: String, row: DatabaseRow, entry: Int, on connection: PostgresConnection
    ) async throws -> String {
        let path = inventoryPath(of: name)
        if let known = written[name], known.last == entry, known.inventory == row.inventory {
            // As this copy wrote it: no trip to the database.
            return entry == 0 ? "\(name): no entries yet" : "\(name): up to date at entry \(entry)"
        }
        var held = written[name] ?? CopiedStore(reading: try? service.readCopy(inventoryPath: path))
        var rewrite = held.isBroken || held.last > entry
        if !rewrite, held.last > 0 {
            let last = held.last
            let hash = try await Deadline.answer(within: queryTimeout, closing: connection) {
                var hash: String?
                for try await found in try await connection.query(
                    "SELECT hash FROM juice_entries WHERE store = \(name) AND id = \(last)", logger: Syncer.logger
                ).decode(String.self) {
                    hash = found
                }
                return hash
            }
            rewrite = hash != held.hash
        }
        if rewrite {
            warn("store '\(name)': the copy in \(folder) disagrees with the database: written afresh")
            held = CopiedStore()
        } else if held.last == entry, held.inventory == row.inventory {
            return entry == 0 ? "\(name): no entries yet" : "\(name): up to date at entry \(entry)"
        }
        guard let inventory = row.inventory else {
            // The shop had no inventory file yet: nor has the copy.
            return "\(name): no entries yet"
        }
        let first = held.last
        let (lines, hash, inOrder) = try await Deadline.answer(within: queryTimeout, closing: connection) {
            var lines: [String] = []
            var hash: String?
            var inOrder = true
            for try await (id, lineHash, line) in try await connection.query(
                """
                SELECT id, hash, line FROM juice_entries WHERE store = \(name) AND id > \(first) AND id <= \(entry)
                ORDER BY id
                """, logger: Syncer.logger
            ).decode((Int, String, String).self) {
                inOrder = inOrder && id == first + lines.count + 1
                lines.append(line)
                hash = lineHash
            }
            return (lines, hash, inOrder)
        }
        guard inOrder, held.last + lines.count == entry else {
            throw StoreStop.unreadable(
                store: name, reason: "the database's entries \(held.last + 1) to \(entry) are not all there, in order")
        }
        do {
            try service.writeCopy(
                inventoryPath: path, text: inventory, journalLines: lines, replacingJournal: rewrite)
        } catch {
            throw StoreStop.unreadable(store: name, reason: error.description)
        }
        written[name] = CopiedStore(last: entry, hash: hash ?? held.hash, inventory: row.inventory)
        if lines.isEmpty { return "\(name): inventory up to date at entry \(entry)" }
        return rewrite
            ? "\(name): wrote entries 1 to \(entry)" : "\(name): pulled entries \(held.last + 1) to \(entry)"
    }

    /// The copy's inventory of store `name`.
    private func inventoryPath(of name: String) -> String { folder + "/stores/\(name).yaml" }

    /// Copies every store's menu, with the files it extends, under
    /// `menus/` (kept where they are to each other, so that `extends`
    /// reaches the same files), and writes the copy's manifest.
    private mutating func writeMenus(of addresses: [StoreAddress]) throws(FileError) {
        // Nothing read again while the manifest and every menu file keep
        // their stamps: a pull every second costs a stat of each.
        if !menuStamps.isEmpty, menuStamps.allSatisfy({ FileStamp(path: $0.key) == $0.value }) { return }
        menuStamps = [:]
        let sources = Set(addresses.flatMap { service.menuFiles(of: $0) }.map(Self.absolute))
        // Stamped before they are copied: a file saved meanwhile is copied
        // again next time.
        var stamps: [String: FileStamp?] = [manifestPath: FileStamp(path: manifestPath)]
        for source in sources { stamps[source] = FileStamp(path: source) }
        let root = Self.commonFolder(of: Array(sources))
        // A menu that cannot be copied (said) leaves the others and the
        // manifest written: its store is then read as the menu is.
        var firstProblem: FileError?
        for source in sources.sorted() where FileManager.default.fileExists(atPath: source) {
            do {
                try FileCopy.copy(source, to: folder + "/menus" + source.dropFirst(root.count))
            } catch {
                firstProblem = firstProblem ?? error
            }
        }
        var manifest = "stores:\n"
        for address in addresses {
            let name = address.name ?? ""
            var fields: [String] = []
            if let menu = address.menuPath {
                fields.append("menu: " + Self.quoted("menus" + Self.absolute(menu).dropFirst(root.count)))
            }
            if address.inventoryPath != nil { fields.append("inventory: " + Self.quoted("stores/\(name).yaml")) }
            manifest += "  \(name): { \(fields.joined(separator: ", ")) }\n"
        }
        try FileCopy.write(manifest, to: copyManifestPath)
        if let firstProblem { throw firstProblem }
        menuStamps = stamps
    }

    /// `text` as a YAML double-quoted scalar.
    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `path` from the root, `.` and `..` taken out.
    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The deepest folder that holds every one of `paths` (absolute), without
    /// its last `/`.
    private static func commonFolder(of paths: [String]) -> String {
        guard var common = paths.first.map({ $0.split(separator: "/").dropLast() }) else { return "" }
        for path in paths.dropFirst() {
            let parts = path.split(separator: "/").dropLast()
            common = common.prefix(zip(common, parts).prefix { $0 == $1 }.count)
        }
        return common.isEmpty ? "" : "/" + common.joined(separator: "/")
    }
}

/// What the copy holds of one store: its last entry, that entry's hash,
/// and the inventory's text.
private struct CopiedStore {
    var last = 0
    var hash = ""
    var inventory: String?
    /// Whether the files say anything but what a pull writes (a line that
    /// is no entry, lines past the inventory's marker): they are then
    /// written afresh.
    var isBroken = false

    init() {}

    init(last: Int, hash: String, inventory: String?) {
        self.last = last
        self.hash = hash
        self.inventory = inventory
    }

    /// What the copy's files hold, as read (`nil`: they could not be).
    init(reading read: InventoryWithJournal?) {
        guard let read else {
            isBroken = true
            return
        }
        inventory = read.text
        isBroken = !read.diagnostics.isEmpty
        if let entry = read.entries.last {
            last = entry.id
            hash = entry.hash
        }
    }
}

/// A store's row in `juice_stores`, as a pull reads it.
private struct DatabaseRow: Sendable {
    var inventory: String?
    var inventoryEntry: Int?
    var syncedAt: Date?

    /// Every store's row, by name.
    static func all(on connection: PostgresConnection) async throws -> [String: DatabaseRow] {
        var rows: [String: DatabaseRow] = [:]
        for try await (store, inventory, entry, syncedAt) in try await connection.query(
            "SELECT store, inventory, inventory_entry, synced_at FROM juice_stores", logger: Syncer.logger
        ).decode((String, String?, Int?, Date?).self) {
            rows[store] = DatabaseRow(inventory: inventory, inventoryEntry: entry, syncedAt: syncedAt)
        }
        return rows
    }
}
