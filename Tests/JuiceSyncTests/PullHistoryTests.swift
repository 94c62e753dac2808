import Foundation
import JuiceMaker
import JuiceSync
import TestSupport
import Testing

/// What `juice-sync pull` checks of a copy and of the database's rows
/// before it writes them, against a real PostgreSQL and the real binaries.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct PullHistoryTests {
    static let rewritten =
        "juice-sync: store 'north': the copy's journal disagrees with the database's history: written afresh"

    @Test func aMiddleLineRewrittenAtTheShopAndPushedAfreshIsWrittenAfreshInTheCopy() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                try await chain.juice(["make", "banana=1", "--store", "north"])
                try await chain.juice(["make", "banana=2", "--store", "north"])
                try await chain.juice(["adjust", "kiwi=+5", "--reason", "delivery", "--store", "north"])
                for _ in 0..<3 { try await chain.juice(["make", "kiwiBanana=1", "--store", "north"]) }
                #expect(try await chain.sync(push).exitCode == 0)
                #expect(try await chain.sync(pull).exitCode == 0)
                // Line 3 rewritten at the shop; Chain.md's recovery: the
                // store's rows deleted, the store pushed afresh.
                let journal = chain.journal("north")
                let text = try String(contentsOf: journal, encoding: .utf8)
                try text.replacingOccurrences(of: "\"delivery\"", with: "\"waste\"").write(
                    to: journal, atomically: true, encoding: .utf8)
                _ = try await database.value("DELETE FROM juice_entries WHERE store = 'north'")
                _ = try await database.value("DELETE FROM juice_stores WHERE store = 'north'")
                #expect(try await chain.sync(push).exitCode == 0)
                let result = try await chain.sync(pull)
                #expect(result.exitCode == 0, "\(result.stderr)")
                #expect(result.stderrLines == [Self.rewritten])
                #expect(result.stdoutLines == ["north: wrote entries 1 to 6", "south: no entries yet"])
                let copy = chain.folder.appendingPathComponent("copy/stores/north.yaml.journal")
                #expect(try Data(contentsOf: copy) == Data(contentsOf: journal))
                try await PullTests.expectSameAnswers(chain)
                let again = try await chain.sync(pull)
                #expect(again.stdoutLines == ["north: up to date at entry 6", "south: no entries yet"])
                #expect(again.stderr.isEmpty)
            }
        }
    }

    @Test func aMiddleLineEditedByHandInTheCopyIsWrittenAfresh() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                for count in 1...3 { try await chain.juice(["make", "banana=\(count)", "--store", "north"]) }
                #expect(
                    try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest]).exitCode
                        == 0)
                #expect(try await chain.sync(pull).exitCode == 0)
                let journal = chain.folder.appendingPathComponent("copy/stores/north.yaml.journal")
                let text = try String(contentsOf: journal, encoding: .utf8)
                try text.replacingOccurrences(of: "\"banana\":2", with: "\"banana\":9").write(
                    to: journal, atomically: false, encoding: .utf8)
                let result = try await chain.sync(pull)
                #expect(result.exitCode == 0)
                #expect(result.stderrLines == [Self.rewritten])
                #expect(result.stdoutLines.first == "north: wrote entries 1 to 3")
                #expect(try Data(contentsOf: journal) == Data(contentsOf: chain.journal("north")))
            }
        }
    }

    /// An inventory changed in the copy (the database's unchanged) is
    /// written afresh, and said.
    @Test func anInventoryEditedByHandInTheCopyIsWrittenAfreshAndSaid() async throws {
        try await ChainFixture.withNorthPushed { chain, database, pull in
            #expect(try await chain.sync(pull).exitCode == 0)
            let inventory = chain.folder.appendingPathComponent("copy/stores/north.yaml")
            let shops = try Data(contentsOf: chain.folder.appendingPathComponent("north.yaml"))
            try Data("kiwi: 1\n".utf8).write(to: inventory)
            let result = try await chain.sync(pull)
            #expect(result.exitCode == 0)
            #expect(
                result.stderrLines == [
                    "juice-sync: store 'north': the copy's inventory was changed in the copy: written afresh"
                ])
            #expect(try Data(contentsOf: inventory) == shops)
        }
    }

    @Test func aRowThatIsNotItsEntryIsRefusedNamingTheStoreAndTheEntryAndTheOthersArePulled() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                for store in ChainFixture.stores {
                    try await chain.juice(["make", "banana=1", "--store", store])
                    try await chain.juice(["make", "banana=2", "--store", store])
                }
                #expect(
                    try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest]).exitCode
                        == 0)
                let first = try chain.expected("north")[0]
                let object = #"{"id":2}"#
                let tamperings: [(sql: String, problem: String)] = [
                    (
                        "UPDATE juice_entries SET line = '\(object)', hash = '\(ChainFixture.fnv(object))'",
                        "is not a journal entry"
                    ),
                    ("UPDATE juice_entries SET line = '\(first.line)', hash = '\(first.hash)'", "says it is entry 1"),
                    ("UPDATE juice_entries SET hash = '0123456789abcdef'", "holds a hash that is not its line's"),
                ]
                let journal = chain.folder.appendingPathComponent("copy/stores/north.yaml.journal")
                for tampering in tamperings {
                    let right = try chain.expected("north")[1]
                    _ = try await database.value(
                        "UPDATE juice_entries SET line = '\(right.line)', hash = '\(right.hash)' "
                            + "WHERE store = 'north' AND id = 2")
                    _ = try await database.value(tampering.sql + " WHERE store = 'north' AND id = 2")
                    let result = try await chain.sync(pull)
                    #expect(result.exitCode == 65, "\(tampering.problem)")
                    #expect(
                        result.stderrLines == [
                            "juice-sync: store 'north': the database's entry 2 \(tampering.problem); "
                                + "this store's copy is left as it was"
                        ])
                    #expect(result.stdoutLines.last?.hasPrefix("south: ") == true)
                    #expect(!FileManager.default.fileExists(atPath: journal.path))
                }
                #expect(
                    try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/south.yaml.journal"))
                        == Data(contentsOf: chain.journal("south")))
            }
        }
    }

    @Test func aSyncedAtThatIsNoTimeIsNone() async throws {
        try await ChainFixture.withNorthPushed { chain, database, _ in
            _ = try await database.value("UPDATE juice_stores SET synced_at = 'infinity' WHERE store = 'north'")
            var copy = ChainCopy(
                folder: chain.folder.appendingPathComponent("copy").path, database: database.url,
                manifestPath: chain.folder.appendingPathComponent(ChainFixture.manifest).path,
                service: StoreService(lockTimeout: 10), say: { _ in }, warn: { _ in })
            let pulled = await copy.pull()
            #expect(pulled.outcome == .done)
            #expect(pulled.stores.first?.name == "north")
            #expect(pulled.stores.first?.lastEntry == 1)
            #expect(pulled.stores.first?.syncedAt == nil)
        }
    }
}
