import Foundation
import JuiceSync
import PostgresNIO
import Testing

/// A database of a test's own on the PostgreSQL server that
/// `JUICE_TEST_POSTGRES_URL` names (`Tests/postgres.sh start` prints one):
/// made with a unique name, dropped after, so that tests run in parallel.
struct TestDatabase: Sendable {
    /// The variable that names the server.
    static let variable = "JUICE_TEST_POSTGRES_URL"
    /// The server's URL, if the environment names one.
    static let server = ProcessInfo.processInfo.environment[variable]
    /// Whether the tests that need the server run: with a server, or in CI,
    /// where a missing server fails them rather than skipping them.
    static let isEnabled = server != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    /// Why they are skipped otherwise.
    static let skipped: Comment =
        "JUICE_TEST_POSTGRES_URL is not set: export the URL that `Tests/postgres.sh start` prints to run these"

    /// This test's database.
    let url: DatabaseURL
    /// Its URL as `juice-sync --to` takes it.
    let text: String

    static let logger = {
        var logger = Logger(label: "juice-sync-tests")
        logger.logLevel = .critical
        return logger
    }()

    /// Runs `body` with a new database, dropped after.
    static func with<T>(_ body: (TestDatabase) async throws -> T) async throws -> T {
        let server = try #require(
            server.flatMap { DatabaseURL($0) }, "CI=true but \(variable) is not set: .ci/run starts the server")
        let name = "juice_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await run(on: server, "CREATE DATABASE \(name)")
        let database = TestDatabase(url: server.with(database: name), text: Self.text(server, database: name))
        do {
            let result = try await body(database)
            try await run(on: server, "DROP DATABASE \(name) WITH (FORCE)")
            return result
        } catch {
            try? await run(on: server, "DROP DATABASE \(name) WITH (FORCE)")
            throw error
        }
    }

    private static func text(_ url: DatabaseURL, database: String) -> String {
        "postgres://\(url.user)\(url.password.map { ":" + $0 } ?? "")@\(url.host):\(url.port)/\(database)"
    }

    /// Runs one statement `sql` on `url`, as its user.
    static func run(on url: DatabaseURL, _ sql: String) async throws {
        try await withConnection(url) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            return ()
        }
    }

    /// Runs `body` on a connection to `url`, closed after.
    private static func withConnection<T: Sendable>(
        _ url: DatabaseURL, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let connection = try await connect(url)
        do {
            let result = try await body(connection)
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func connect(_ url: DatabaseURL) async throws -> PostgresConnection {
        try await PostgresConnection.connect(
            configuration: PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: .disable),
            id: 1, logger: logger)
    }

    /// One shipped entry as the database holds it.
    struct Entry: Hashable, Sendable, CustomStringConvertible {
        var id: Int
        var hash: String
        var line: String
        var kind: String
        var stock: [String: Int]

        var description: String { "\(id) \(hash) \(line) \(stock)" }
    }

    /// The entries the database holds for `store`, in id order.
    func entries(of store: String) async throws -> [Entry] {
        // None before a syncer made the table (one killed at once).
        guard try await value("SELECT to_regclass('juice_entries')::text") != nil else { return [] }
        return try await Self.withConnection(url) { connection in
            var entries: [Entry] = []
            for try await (id, hash, line, kind, stock) in try await connection.query(
                "SELECT id, hash, line, kind, stock::text FROM juice_entries WHERE store = \(store) ORDER BY id",
                logger: Self.logger
            ).decode((Int, String, String, String, String).self) {
                let counts = try JSONDecoder().decode([String: Int].self, from: Data(stock.utf8))
                entries.append(Entry(id: id, hash: hash, line: line, kind: kind, stock: counts))
            }
            return entries
        }
    }

    /// Runs `body` while another connection holds `table` locked against
    /// any reading (a query that reaches it waits).
    func whileLocked<T: Sendable>(_ table: String, _ body: () async throws -> T) async throws -> T {
        try await Self.withConnection(url) { connection in
            try await connection.query("BEGIN", logger: Self.logger)
            try await connection.query(
                PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE"), logger: Self.logger)
            let result = try await body()
            try await connection.query("ROLLBACK", logger: Self.logger)
            return result
        }
    }

    /// A query's single value, as text.
    /// The stock of `store`'s row (`juice_stores.stock`).
    func stock(of store: String) async throws -> [String: Int] {
        let text = try #require(try await value("SELECT stock::text FROM juice_stores WHERE store = '\(store)'"))
        return try JSONDecoder().decode([String: Int].self, from: Data(text.utf8))
    }

    func value(_ sql: String) async throws -> String? {
        try await Self.withConnection(url) { connection in
            for try await value in try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Self.logger)
                .decode(String?.self)
            {
                return value
            }
            return nil
        }
    }
}
