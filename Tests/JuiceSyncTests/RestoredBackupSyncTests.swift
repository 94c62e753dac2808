import Foundation
import TestSupport
import Testing

/// A shop restored by `juice restore --force` over entries it had shipped
/// is caught by SPEC 15's rule: that store stops syncing, named with the
/// first entry the database holds and its journal lacks; nothing at the
/// head office is overwritten.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct RestoredBackupSyncTests {
    @Test func aForcedRestoreOverShippedEntriesStopsThatStoresSync() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                for store in ChainFixture.stores {
                    for _ in 0..<3 { try await chain.juice(["make", "banana=1", "--store", store]) }
                }
                #expect(try await chain.sync(push).exitCode == 0)
                let backup = try await chain.juice([
                    "backup", "backups", "--stores", ChainFixture.manifest, "--quiet",
                ])
                let folder = try #require(backup.stdoutLines.first)
                for _ in 0..<2 { try await chain.juice(["make", "kiwiBanana=1", "--store", "north"]) }
                #expect(try await chain.sync(push).exitCode == 0)
                let held = try await database.entries(of: "north")
                try await chain.juice(["restore", folder, "--force"])
                let result = try await chain.sync(push)
                #expect(result.exitCode == 65)
                #expect(
                    result.stderr
                        == "juice-sync: store 'north': the journal disagrees with the database from entry 4 (the journal has no entry 4); this store is not synced, and nothing is overwritten\n"
                )
                #expect(result.stdoutLines == ["south: up to date at entry 3"])
                #expect(try await database.entries(of: "north") == held)
            }
        }
    }
}
