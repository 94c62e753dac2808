import Foundation
import JuiceMaker
import JuiceSync
import SeededRandom
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `juice-sync pull` against a real PostgreSQL: the database's copy as
/// files, which every `juice` command reads as it reads the shops' own.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct PullTests {
    /// The commands compared, each on the whole chain or one store.
    static let commands: [[String]] = [
        ["report"], ["usage"], ["variance"], ["order"], ["mix", "--store", "north"],
    ]

    @Test func theCopyAnswersEveryJuiceCommandAsTheShopsDoAndASecondPullAppendsOnlyTheNewLines() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                var random = SplitMix64(seed: 15)
                try await chain.change(times: 8, &random)
                #expect(try await chain.sync(push).exitCode == 0)
                let first = try await chain.sync(pull)
                #expect(first.exitCode == 0, "\(first.stderr)")
                var last: [String: Int] = [:]
                for store in ChainFixture.stores { last[store] = try chain.expected(store).count }
                #expect(
                    first.stdoutLines == ChainFixture.stores.map { "\($0): pulled entries 1 to \(last[$0]!)" })
                try await Self.expectSameAnswers(chain)

                try await chain.change(times: 6, &random)
                try await chain.juice(["make", "banana=1", "--store", "north"])
                #expect(try await chain.sync(push).exitCode == 0)
                let second = try await chain.sync(pull)
                #expect(second.exitCode == 0, "\(second.stderr)")
                #expect(second.stderr.isEmpty)
                let lines = try ChainFixture.stores.map { store in
                    let now = try chain.expected(store).count
                    return now == last[store]!
                        ? "\(store): up to date at entry \(now)"
                        : "\(store): pulled entries \(last[store]! + 1) to \(now)"
                }
                #expect(second.stdoutLines == lines)
                for store in ChainFixture.stores {
                    // The journal's bytes and the inventory's, as the shop's.
                    #expect(
                        try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/\(store).yaml.journal"))
                            == Data(contentsOf: chain.journal(store)))
                    #expect(
                        try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/\(store).yaml"))
                            == Data(contentsOf: chain.folder.appendingPathComponent("\(store).yaml")))
                }
                try await Self.expectSameAnswers(chain)
                let third = try await chain.sync(pull)
                #expect(
                    third.stdoutLines
                        == (try ChainFixture.stores.map { "\($0): up to date at entry \(try chain.expected($0).count)" })
                )
            }
        }
    }

    @Test func aCopyThatDisagreesWithTheDatabaseIsWrittenAfreshAndSaysSo() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let pull = ["pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest]
                try await chain.juice(["make", "banana=1", "--store", "north"])
                try await chain.juice(["make", "banana=2", "--store", "north"])
                #expect(
                    try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest]).exitCode
                        == 0)
                #expect(try await chain.sync(pull).exitCode == 0)
                // A person edits the copy's last line by hand.
                let journal = chain.folder.appendingPathComponent("copy/stores/north.yaml.journal")
                let text = try String(contentsOf: journal, encoding: .utf8)
                try text.replacingOccurrences(of: "\"banana\":2", with: "\"banana\":3").write(
                    to: journal, atomically: true, encoding: .utf8)
                let result = try await chain.sync(pull)
                #expect(result.exitCode == 0)
                #expect(result.stderrLines == [PullHistoryTests.rewritten])
                #expect(result.stdoutLines.first == "north: wrote entries 1 to 2")
                #expect(try Data(contentsOf: journal) == Data(contentsOf: chain.journal("north")))
            }
        }
    }

    @Test func aStoreThatNeverSyncedIsNamedWithItsInventoryNotYetWritten() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=1", "--store", "north"])
                try await chain.juice(["make", "banana=1", "--store", "south"])
                let push = ["push", "--to", database.text, "--store", "north", "--stores", ChainFixture.manifest]
                #expect(try await chain.sync(push).exitCode == 0)
                let result = try await chain.sync([
                    "pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest,
                ])
                #expect(result.exitCode == 0, "\(result.stderr)")
                #expect(result.stdoutLines == ["north: pulled entries 1 to 1", "south: not synced yet"])
                let manifest = try String(
                    contentsOf: chain.folder.appendingPathComponent("copy/stores.yaml"), encoding: .utf8)
                #expect(
                    manifest == """
                        stores:
                          north: { menu: "menus/menu.yaml", inventory: "stores/north.yaml" }
                          south: { menu: "menus/menu.yaml", inventory: "stores/south.yaml" }

                        """)
                #expect(
                    !FileManager.default.fileExists(
                        atPath: chain.folder.appendingPathComponent("copy/stores/south.yaml").path))
            }
        }
    }

    @Test func aPullWhoseQueryGetsNoAnswerStopsAfterItsTimeoutWithoutWaitingForIt() async throws {
        try await ChainFixture.withNorthPushed { chain, database, _ in
            let warnings = Lines()
            var copy = ChainCopy(
                folder: chain.folder.appendingPathComponent("copy").path, database: database.url,
                manifestPath: chain.folder.appendingPathComponent(ChainFixture.manifest).path,
                service: StoreService(lockTimeout: 10), say: { _ in }, warn: { warnings.append($0) })
            copy.queryTimeout = 2
            // The table stays locked until the pull returns: a pull that
            // waited for it would never return. Only the pull is timed (taking
            // and releasing the lock are the test's, and slow on a busy machine).
            let (pulled, took) = try await database.whileLocked("juice_stores") {
                let started = ContinuousClock.now
                let pulled = await copy.pull()
                return (pulled, ContinuousClock.now - started)
            }
            #expect(pulled.outcome == .unreachable)
            #expect(took < .seconds(45), "the pull took \(took)")
            #expect(warnings.all.count == 1)
            #expect(
                warnings.all.first?.hasPrefix("cannot reach the database at ") == true
                    && warnings.all.first?.hasSuffix(": no answer in 2 seconds") == true, "\(warnings.all)")
        }
    }

    @Test func aCopyKeptAcrossPullsFollowsTheMenusAndTheManifestWhenTheyChange() async throws {
        try await ChainFixture.withNorthPushed { chain, database, _ in
            var copy = ChainCopy(
                folder: chain.folder.appendingPathComponent("copy").path, database: database.url,
                manifestPath: chain.folder.appendingPathComponent(ChainFixture.manifest).path,
                service: StoreService(lockTimeout: 10), say: { _ in }, warn: { _ in })
            #expect(await copy.pull().outcome == .done)
            #expect(await copy.pull().outcome == .done)
            // The head office's checkout moves on: a new recipe, a new store.
            let menu = chain.folder.appendingPathComponent("recipes/menu.yaml")
            try
                (try String(contentsOf: menu, encoding: .utf8)
                + "  kiwi:\n    name: Kiwi Juice\n    uses: { kiwi: 3 }\n").write(
                    to: menu, atomically: true, encoding: .utf8)
            let manifest = chain.folder.appendingPathComponent(ChainFixture.manifest)
            try (try String(contentsOf: manifest, encoding: .utf8) + "  east: { menu: menu.yaml }\n").write(
                to: manifest, atomically: true, encoding: .utf8)
            let pulled = await copy.pull()
            #expect(pulled.outcome == .done)
            #expect(pulled.stores.map(\.name) == ["north", "south", "east"])
            let copied = try String(
                contentsOf: chain.folder.appendingPathComponent("copy/menus/menu.yaml"), encoding: .utf8)
            #expect(copied == (try String(contentsOf: menu, encoding: .utf8)))
            let report = try await chain.juice([
                "report", "--store", "east", "--stores", "copy/stores.yaml", "--format", "json",
            ])
            #expect(try report.json()["recipes"]?.array?.count == 3)
        }
    }

    @Test func aMenuThatCannotBeCopiedLeavesTheOthersAndTheManifestWritten() async throws {
        try await ChainFixture.withNorthPushed { chain, database, _ in
            // A third store whose menu is a FIFO: no menu can be read from it.
            let fifo = chain.folder.appendingPathComponent("recipes/fifo.yaml").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let manifest = chain.folder.appendingPathComponent(ChainFixture.manifest)
            try (try String(contentsOf: manifest, encoding: .utf8) + "  east: { menu: fifo.yaml }\n").write(
                to: manifest, atomically: true, encoding: .utf8)
            let result = try await chain.sync([
                "pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest,
            ])
            #expect(result.exitCode == 65, "\(result.stderr)")
            let copied = try String(
                contentsOf: chain.folder.appendingPathComponent("copy/stores.yaml"), encoding: .utf8)
            #expect(copied.contains("north:") && copied.contains("east:"))
            let report = try await chain.juice(["report", "--store", "north", "--stores", "copy/stores.yaml"])
            #expect(report.exitCode == 0)
        }
    }

    @Test func aDatabaseThatNoPushMigratedIsRefusedWith69AndNothingWritten() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let result = try await chain.sync([
                    "pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest,
                ])
                #expect(result.exitCode == 69)
                #expect(
                    result.stderrLines == [
                        "juice-sync: the database's schema is version 0, older than this juice-sync's 2: "
                            + "a juice-sync push of this version migrates it"
                    ])
                #expect(!FileManager.default.fileExists(atPath: chain.folder.appendingPathComponent("copy").path))
            }
        }
    }

    /// Each of ``commands`` answers the same JSON on the copy as on the shops' files.
    static func expectSameAnswers(_ chain: ChainFixture) async throws {
        for command in commands {
            let shops = try await chain.juice(command + ["--stores", ChainFixture.manifest, "--format", "json"])
            let copy = try await chain.juice(command + ["--stores", "copy/stores.yaml", "--format", "json"])
            // The warnings of a menu without prices name the copy's files.
            #expect(
                try JSON(parsing: copy.stdout).withDiagnosticFileNames
                    == JSON(parsing: shops.stdout).withDiagnosticFileNames, "juice \(command)")
        }
    }
}
