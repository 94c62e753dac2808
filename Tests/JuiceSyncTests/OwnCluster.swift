import Foundation
import JuiceSync
import TestSupport
import Testing

/// A PostgreSQL cluster of a test's own, started with `Tests/postgres.sh`
/// (as CI starts the shared one), for a test that stops and starts it.
struct OwnCluster: Sendable {
    /// The cluster's folder, under /tmp: the cluster's user (not root) must
    /// reach it, and a test's temporary folder is private to root.
    let folder: String
    /// Its database `postgres`.
    let database: TestDatabase

    private static let script = Repository.root.appendingPathComponent("Tests/postgres.sh").path

    /// Runs `body` with a new cluster, removed after.
    static func with<T>(_ body: (OwnCluster) async throws -> T) async throws -> T {
        let folder = "/tmp/juice-sync-test-" + UUID().uuidString.lowercased()
        let text = try await Self.script(["start", folder]).trimmingCharacters(in: .whitespacesAndNewlines)
        let url = try #require(DatabaseURL(text), "postgres.sh printed no URL: \(text)")
        do {
            let result = try await body(OwnCluster(folder: folder, database: TestDatabase(url: url, text: text)))
            try await Self.script(["remove", folder])
            return result
        } catch {
            _ = try? await Self.script(["remove", folder])
            throw error
        }
    }

    private init(folder: String, database: TestDatabase) {
        self.folder = folder
        self.database = database
    }

    /// Stops the cluster (fast shutdown: connections cut).
    func stop() async throws { try await Self.script(["stop", folder]) }

    /// Starts it again, on the same port.
    func start() async throws { try await Self.script(["start", folder]) }

    /// Runs the script; its stdout. (Through ``RunningProcess``, whose
    /// pipes the cluster started does not inherit: a plain `Pipe` would
    /// stay open in the server, and its end never come.)
    @discardableResult
    private static func script(_ arguments: [String]) async throws -> String {
        let result = try await RunningProcess.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: [script] + arguments,
            directory: FileManager.default.temporaryDirectory, environment: ProcessInfo.processInfo.environment,
            timeout: 120
        )
        try #require(result.exitCode == 0, "postgres.sh \(arguments): \(result.stderr)")
        return result.stdout
    }
}
