import Foundation
import TestSupport
import Testing

/// The database's stocks (`juice_stores.stock`, `juice_entries.stock`) are
/// `juice`'s: what `juice report --format json` says, whatever the menu's
/// initial stock became or a journal line says.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct StockTests {
    private func push(_ chain: ChainFixture, _ database: TestDatabase) async throws {
        let result = try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest])
        #expect(result.exitCode == 0, "\(result.stderr)")
    }

    @Test func eachEntrysStockIsWhatJuiceSaidThen() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                var said: [[String: Int]] = []
                for change in [
                    ["make", "banana=2"], ["adjust", "kiwi=+5", "--reason", "delivery"], ["count", "banana=900000"],
                    ["make", "kiwiBanana=3"],
                ] {
                    try await chain.juice(change + ["--store", "north"])
                    said.append(try await chain.reportedStock("north"))
                }
                try await push(chain, database)
                #expect(try await database.entries(of: "north").map(\.stock) == said)
                #expect(try await database.stock(of: "north") == said.last)
            }
        }
    }

    @Test func theStockIsTheInventorysWhenTheMenusInitialStockChangedBetweenPushes() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=2", "--store", "north"])
                try await push(chain, database)
                let menu = chain.folder.appendingPathComponent("recipes/menu.yaml")
                try ChainFixture.menu.replacingOccurrences(
                    of: "banana: { name: Banana, stock: 1000000 }", with: "banana: { name: Banana, stock: 40 }"
                )
                .write(to: menu, atomically: true, encoding: .utf8)
                try await chain.juice(["make", "banana=1", "--store", "north"])
                let said = try await chain.reportedStock("north")
                try await push(chain, database)
                #expect(said["banana"] == 999_994)
                #expect(try await database.stock(of: "north") == said)
                #expect(try await database.entries(of: "north").last?.stock == said)
            }
        }
    }

    @Test func theStockIsTheInventorysWhenAMiddleJournalLineWasEdited() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                for _ in 0..<3 { try await chain.juice(["make", "banana=1", "--store", "north"]) }
                var lines = try String(contentsOf: chain.journal("north"), encoding: .utf8).split(separator: "\n")
                let edited = lines[1].replacingOccurrences(of: #""banana":-2"#, with: #""banana":-90"#)
                #expect(edited != lines[1], "\(lines[1])")
                lines[1] = Substring(edited)
                try (lines.joined(separator: "\n") + "\n").write(
                    to: chain.journal("north"), atomically: true, encoding: .utf8)
                let said = try await chain.reportedStock("north")
                try await push(chain, database)
                #expect(said["banana"] == 999_994)
                #expect(try await database.stock(of: "north") == said)
                let entries = try await database.entries(of: "north")
                // Before the last entry, the inventory's stock less the
                // changes after: entry 2 now says -90.
                #expect(
                    entries.map(\.stock) == [
                        ["banana": 1_000_086, "kiwi": 1_000_000], ["banana": 999_996, "kiwi": 1_000_000], said,
                    ])
            }
        }
    }
}
