import PostgresNIO

/// The head office's tables, created and migrated by `juice-sync` itself:
/// numbered steps applied in order, each once, in one transaction under an
/// advisory lock (so that syncers started together migrate once), with the
/// version reached kept in `juice_schema_version`.
enum SyncSchema {
    /// The steps, version 1 first: each is the statements of one version.
    /// A step once released is never edited; a change is a new step.
    static let migrations: [[String]] = [
        [
            // One row per store: how far its journal is shipped, the hash of
            // its history up to there, its stock then, and when it last synced.
            """
            CREATE TABLE juice_stores (
                store text PRIMARY KEY,
                last_entry bigint NOT NULL DEFAULT 0,
                history text NOT NULL DEFAULT '',
                stock jsonb NOT NULL DEFAULT '{}',
                synced_at timestamptz
            )
            """,
            // One row per journal entry: the line as the shop has it (and as
            // jsonb for queries), its hash, and the stock after it.
            """
            CREATE TABLE juice_entries (
                store text NOT NULL REFERENCES juice_stores (store),
                id bigint NOT NULL,
                hash text NOT NULL,
                line text NOT NULL,
                entry jsonb GENERATED ALWAYS AS (line::jsonb) STORED,
                time timestamptz NOT NULL,
                kind text NOT NULL,
                stock jsonb NOT NULL,
                PRIMARY KEY (store, id)
            )
            """,
            "CREATE INDEX juice_entries_time ON juice_entries (time)",
        ],
        [
            // The inventory file's text as the shop had it when entry
            // inventory_entry was its last (its settings, as `juice-sync
            // pull` writes them back): NULL until a sync of version 2 ships it.
            "ALTER TABLE juice_stores ADD COLUMN inventory text, ADD COLUMN inventory_entry bigint"
        ],
    ]

    /// The channel each transaction of a push notifies (`pg_notify`, which
    /// needs no privilege) with its store's name, when it commits: the head
    /// office's server listens on it and pulls only the stores named.
    static let changesChannel = "juice_changes"

    /// The version this tool migrates to.
    static var latest: Int { migrations.count }

    /// The advisory lock's key while migrating: any constant no other
    /// program uses ("juicesyn" in ASCII).
    private static let lockKey: Int64 = 0x6a75_6963_6573_796e

    /// Checks, without writing, that the database's schema is ``latest``:
    /// what a run that only reads (a pull) needs.
    ///
    /// - Throws: ``SyncProblem/schemaTooNew(found:known:)`` or
    ///   ``SyncProblem/schemaTooOld(found:known:)``; the database's errors.
    static func check(_ connection: PostgresConnection, logger: Logger) async throws {
        let current = try await version(connection, logger: logger)
        if current > latest { throw SyncProblem.schemaTooNew(found: current, known: latest) }
        if current < latest { throw SyncProblem.schemaTooOld(found: current, known: latest) }
    }

    /// The version the database's schema is at, without writing: 0 when
    /// juice-sync never migrated it.
    private static func version(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
        var isThere = false
        for try await found in try await connection.query(
            "SELECT to_regclass('juice_schema_version') IS NOT NULL", logger: logger
        ).decode(Bool.self) {
            isThere = found
        }
        guard isThere else { return 0 }
        var current = 0
        for try await version in try await connection.query(
            "SELECT coalesce(max(version), 0)::bigint FROM juice_schema_version", logger: logger
        ).decode(Int.self) {
            current = version
        }
        return current
    }

    /// An error while migrating (creating or altering tables): a role
    /// refused there lacks `CREATE` on the schema, not a table's privilege.
    struct MigrationFailed: Error {
        var underlying: any Error
    }

    /// Brings the database's schema to ``latest``.
    ///
    /// - Throws: ``SyncProblem/schemaTooNew(found:known:)`` when the database
    ///   was migrated by a newer `juice-sync`; the database's errors.
    ///
    /// A schema already at ``latest`` is only read, so that a role that may
    /// not create tables (a shop's pusher) can push; an older one is
    /// migrated, and the migration's errors come as ``MigrationFailed``.
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        let current = try await version(connection, logger: logger)
        guard current != latest else { return }
        guard current < latest else { throw SyncProblem.schemaTooNew(found: current, known: latest) }
        do {
            try await migrateLocked(connection, logger: logger)
        } catch let problem as SyncProblem {
            throw problem
        } catch {
            throw MigrationFailed(underlying: error)
        }
    }

    /// The migration itself, in one transaction under the advisory lock.
    private static func migrateLocked(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS juice_schema_version (
                    version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
                """, logger: logger)
            var current = 0
            for try await version in try await connection.query(
                "SELECT coalesce(max(version), 0)::bigint FROM juice_schema_version", logger: logger
            ).decode(Int.self) {
                current = version
            }
            guard current <= latest else { throw SyncProblem.schemaTooNew(found: current, known: latest) }
            for version in (current + 1)..<(latest + 1) {
                for statement in migrations[version - 1] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await connection.query(
                    "INSERT INTO juice_schema_version (version) VALUES (\(version))", logger: logger)
            }
        }
    }
}
