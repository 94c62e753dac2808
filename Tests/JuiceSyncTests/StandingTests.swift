import Foundation
import JuiceMaker
import TestSupport
import Testing

@testable import JuiceSync

/// Where the database stands against what a syncer read: another syncer
/// ahead of it, rows missing below the store's last entry, a database
/// restored behind a watch.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct StandingTests {
    /// A syncer of `store` of `chain`, its lines in `lines`.
    private func syncer(_ chain: ChainFixture, _ database: TestDatabase, _ lines: Lines, store: String = "north") throws
        -> Syncer
    {
        let manifest = chain.folder.appendingPathComponent(ChainFixture.manifest).path
        let service = StoreService(lockTimeout: 10)
        return Syncer(
            database: database.url,
            sources: [Syncer.Source(name: store, address: try service.address(store: store, manifestPath: manifest))],
            service: service, say: { lines.append($0) }, warn: { lines.append($0) })
    }

    @Test func aSyncerThatReadTheJournalBeforeAnotherShippedMoreSaysNoDisagreement() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=1", "--store", "north"])
                let lines = Lines()
                var first = try syncer(chain, database, lines)
                // Its round waits for two processes run meanwhile (slow on a
                // busy machine): the round's deadline is not what is tested.
                first.roundTimeout = 300
                // The first syncer has read entry 1; meanwhile the shop makes
                // entry 2 and a second syncer ships both.
                first.afterReading = { _ in
                    _ = try? await chain.juice(["make", "banana=1", "--store", "north"])
                    let second = try? await chain.sync([
                        "push", "--to", database.text, "--stores", ChainFixture.manifest,
                    ])
                    #expect(second?.stdoutLines.first == "north: shipped entries 1 to 2")
                }
                #expect(await first.pushOnce() == .done)
                #expect(lines.all == ["north: up to date at entry 2"])
                #expect(try await database.entries(of: "north") == chain.expected("north"))
            }
        }
    }

    @Test(arguments: [("id > 3", 4), ("id = 2", 2)])
    func rowsMissingBelowTheLastEntryStopTheStoreNamingTheFirst(deleted: String, first: Int) async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try chain.makeBacklog("north", count: 5)
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                #expect(try await chain.sync(push).exitCode == 0)
                _ = try await database.value("DELETE FROM juice_entries WHERE store = 'north' AND \(deleted)")
                let kept = try await database.entries(of: "north")
                let stop =
                    "juice-sync: store 'north': the database lacks entry \(first), below the last entry it says it "
                    + "holds (5); this store is not synced, and nothing is overwritten"
                let result = try await chain.sync(push)
                #expect(result.exitCode == 65)
                #expect(result.stderrLines == [stop])
                #expect(result.stdoutLines == ["south: no entries yet"])
                // Nothing is shipped on top of the gap either.
                try await chain.juice(["make", "banana=1", "--store", "north"])
                let again = try await chain.sync(push)
                #expect(again.exitCode == 65)
                #expect(again.stderrLines == [stop])
                #expect(try await database.entries(of: "north") == kept)
            }
        }
    }

    @Test func aWatchShipsAgainWhatADatabaseRestoredBehindItLost() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=1", "--store", "north"])
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                #expect(try await chain.sync(push).exitCode == 0)
                let backup = try #require(
                    try await database.value("SELECT history FROM juice_stores WHERE store = 'north'"))
                try await chain.juice(["make", "banana=1", "--store", "north"])
                try await chain.juice(["make", "banana=1", "--store", "north"])
                let lines = Lines()
                var watching = try syncer(chain, database, lines)
                watching.pollInterval = 0.05
                watching.standingInterval = 0.2
                let watch = Task { [watching] in await watching.watch() }
                try await PushReviewTests.waitUntil { try await database.entries(of: "north").count == 3 }
                // The backup of when entry 1 was the last, restored at once
                // (one statement: a restore is never seen half done, and a
                // row missing below last_entry rightly stops the store).
                _ = try await database.value(
                    """
                    WITH lost AS (DELETE FROM juice_entries WHERE store = 'north' AND id > 1)
                    UPDATE juice_stores SET last_entry = 1, history = '\(backup)' WHERE store = 'north'
                    """)
                try await PushReviewTests.waitUntil { try await database.entries(of: "north").count == 3 }
                watch.cancel()
                await watch.value
                #expect(try await database.entries(of: "north") == chain.expected("north"))
                #expect(lines.all == ["north: shipped entries 2 to 3", "north: shipped entries 2 to 3"])
            }
        }
    }
}
