import Foundation
import TestSupport
import Testing

/// `juice-server --sync URL`: the counter ships its stores' journals in
/// the background, and keeps serving when the database is away.
struct ServerSyncTests {
    /// Starts the counter over `chain` with `--sync url`; see ``CounterProcess/with(_:_:probe:_:)``.
    private func withServer(
        _ chain: ChainFixture, sync url: String, _ body: (Int) async throws -> Void
    ) async throws -> ProcessResult? {
        try await CounterProcess.with(
            chain, ["--stores", ChainFixture.manifest, "--sync", url], probe: "/api/stores/north/report", body)
    }

    /// The HTTP status of a request to the counter on `port`.
    private func status(_ port: Int, _ method: String, _ path: String, body: String? = nil) async throws -> Int {
        try await CounterProcess.request(port, method, path, body: body).status
    }

    @Test func theCounterKeepsServingWhenTheDatabaseIsAway() async throws {
        try await ChainFixture.with { chain in
            let server = try await withServer(chain, sync: "postgres://juice@127.0.0.1:1/postgres") { port in
                let made = try await status(
                    port, "POST", "/api/stores/north/make", body: #"{"orders": ["banana=2"]}"#)
                #expect(made == 200)
            }
            let result = try #require(server)
            #expect(try chain.expected("north").map(\.kind) == ["make"])
            #expect(result.stderr.contains("juice-server: sync: cannot reach the database at 127.0.0.1:1/postgres: "))
        }
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func theCounterShipsItsStoresJournals() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let server = try await withServer(chain, sync: database.text) { port in
                    for store in ChainFixture.stores {
                        let made = try await status(
                            port, "POST", "/api/stores/\(store)/make", body: #"{"orders": ["kiwiBanana=1"]}"#)
                        #expect(made == 200)
                    }
                    try await chain.juice(["adjust", "kiwi=+3", "--store", "north"])
                    // A guard, not the lag (Benchmarks/sync-lag.sh measures it).
                    var copied = false
                    for _ in 0..<600 where !copied {
                        try await Task.sleep(for: .milliseconds(100))
                        copied = true
                        for store in ChainFixture.stores
                        where try await database.entries(of: store) != chain.expected(store) {
                            copied = false
                        }
                    }
                    #expect(copied)
                }
                let result = try #require(server)
                #expect(result.exitCode == 0, "\(result.stderr)")
            }
        }
    }
}
