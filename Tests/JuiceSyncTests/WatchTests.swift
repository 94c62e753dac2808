import Foundation
import TestSupport
import Testing

/// `juice-sync push --watch`: new entries reach the database while it
/// watches, and a database that goes away and comes back gets every entry
/// made meanwhile, once.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct WatchTests {
    /// Whether `condition` holds within `seconds`, asked every 50 ms.
    private func eventually(within seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    private func isCopied(_ chain: ChainFixture, _ database: TestDatabase) async throws -> Bool {
        for store in ChainFixture.stores where try await database.entries(of: store) != chain.expected(store) {
            return false
        }
        return true
    }

    /// Each change reaches the database while the syncer watches, without
    /// a restart. The bound is a guard against a syncer that stopped
    /// watching, not SPEC 15's 2 s: a timed test on two shared cores is no
    /// measure (a CI run beside the browser tests saw 14 s for one round).
    /// `Benchmarks/sync-lag.sh` measures the lag.
    @Test func eachChangeReachesTheDatabaseWhileWatching() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let watch = try chain.launch(
                    "juice-sync", ["push", "--to", database.text, "--stores", ChainFixture.manifest, "--watch"],
                    timeout: 600)
                defer { watch.terminate() }
                #expect(
                    try await eventually(within: 120) {
                        (try? await database.value("SELECT count(*)::text FROM juice_stores")) == "2"
                    })
                for round in 0..<5 {
                    let store = ChainFixture.stores[round % 2]
                    try await chain.juice(["make", "banana=1", "--store", store])
                    #expect(try await eventually(within: 60) { try await isCopied(chain, database) })
                }
                watch.terminate()
                let result = await watch.result()
                #expect(result.exitCode == 0, "\(result.stderr)")
            }
        }
    }

    @Test func theDatabaseStoppedAndStartedGetsEveryEntryOnce() async throws {
        try await OwnCluster.with { cluster in
            try await ChainFixture.with { chain in
                let database = cluster.database
                let watch = try chain.launch(
                    "juice-sync", ["push", "--to", database.text, "--stores", ChainFixture.manifest, "--watch"],
                    timeout: 600)
                defer { watch.terminate() }
                try await chain.juice(["make", "banana=1", "--store", "north"])
                #expect(try await eventually(within: 120) { try await isCopied(chain, database) })
                try await cluster.stop()
                // The shops keep working while the head office is away.
                for _ in 0..<3 { try await chain.juice(["make", "kiwiBanana=1", "--store", "north"]) }
                try await chain.juice(["adjust", "kiwi=+4", "--store", "south"])
                try await Task.sleep(for: .seconds(1))
                try await cluster.start()
                for _ in 0..<2 { try await chain.juice(["make", "banana=2", "--store", "south"]) }
                #expect(try await eventually(within: 120) { try await isCopied(chain, database) })
                watch.terminate()
                let result = await watch.result()
                #expect(result.exitCode == 0)
                #expect(result.stderr.contains("juice-sync: cannot reach the database at \(database.url)"))
                #expect(result.stderr.contains("juice-sync: the database at \(database.url) is back: syncing"))
            }
        }
    }
}
