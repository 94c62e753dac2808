import Foundation
import TestSupport
import Testing

/// What a new user found out of order or in the wrong language (issue 24):
/// `usage` in the menu's order, the chain's matrix titled in the language
/// asked, Korean particles that fit their word, and the commands that
/// follow a mix or an undo.
@Suite struct OutputOrderTests {
    /// Ids in the opposite order to the menu's.
    static let menu = """
        fruits:
          zucchini: { stock: 10 }
          apple: { stock: 10 }
        recipes:
          zest: { zucchini: 1 }
          crumble: { apple: 2, zucchini: 1 }
          applePie: { apple: 3 }

        """

    @Test func usageListsRecipesAndFruitsInTheMenusOrder() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            let made = try await sandbox.juice("make", "applePie", "zest=2", "crumble", "--format", "json")
            #expect(made.exitCode == 0)
            let text = try await sandbox.juice("usage")
            #expect(text.exitCode == 0)
            #expect(
                text.stdoutLines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
                    == ["RECIPE", "zest", "crumble", "applePie", "TOTAL", "", "FRUIT", "zucchini", "apple", "TOTAL"])
            let csv = try await sandbox.juice("usage", "--format", "csv")
            #expect(
                csv.stdoutLines == [
                    "kind,id,servings,used,delivered,wasted,counted,revenue,usedCost,wastedCost",
                    "recipe,zest,2,,,,,,,",
                    "recipe,crumble,1,,,,,,,", "recipe,applePie,1,,,,,,,", "fruit,zucchini,,3,0,0,0,,,0",
                    "fruit,apple,,5,0,0,0,,,0", "total,,,,,,,,,0",
                ])
        }
    }

    @Test func theChainMatrixIsTitledWithNamesInKoreanAndIdsInCSV() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let text = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--locale", "ko")
            #expect(text.exitCode == 0)
            let names = ["딸기쥬스", "바나나쥬스", "키위쥬스", "파인애플쥬스", "딸바쥬스", "망고쥬스", "망키쥬스", "복숭아쥬스", "peachBanana"]
            #expect(text.stdoutLines.first?.split(separator: " ").map(String.init) == ["매장"] + names)
            let markdown = try await sandbox.juice(
                "report", "--stores", "recipes/stores.yaml", "--locale", "ko", "--format", "markdown")
            #expect(markdown.stdoutLines.first == "| 매장 | " + names.joined(separator: " | ") + " |")
            let english = try await sandbox.juice("report", "--stores", "recipes/stores.yaml")
            #expect(english.stdoutLines.first?.split(separator: " ").first(where: { $0 != "STORE" }) == "strawberry")
            let csv = try await sandbox.juice(
                "report", "--stores", "recipes/stores.yaml", "--locale", "ko", "--format", "csv")
            #expect(csv.stdoutLines.dropFirst().first?.hasPrefix("gangnam,strawberry,") == true)
        }
    }

    @Test func aKoreanParticleFitsItsWord() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            try sandbox.write("inventory.yaml", "zucchini: lots\napple: 3\n")
            let result = try await sandbox.juice("validate", "--locale", "ko")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines.first
                    == "inventory.yaml:1:11: 오류: 'zucchini'의 재고가 'lots'입니다: "
                    + "0부터 1000000000까지의 정수를 숫자로만 써야 합니다 [invalid-quantity]")
        }
    }

    @Test func aMixEndsWithTheMakeThatMakesIt() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            try sandbox.write("inventory.yaml", "zucchini: 2\napple: 6\n")
            let mix = try await sandbox.juice("mix", "--max", "zest=0")
            #expect(mix.exitCode == 0)
            // zest capped at 0: two pies from 6 apples (2 servings), or a
            // crumble and a pie (2): the total is 2 either way; the command
            // is the mix shown.
            let rows = mix.stdoutLines.prefix(4).dropFirst().map { $0.split(separator: " ").map(String.init) }
            let orders = rows.filter { $0[1] != "0" }.map { "\($0[0])=\($0[1])" }
            #expect(mix.stdoutLines.last == "To make it: juice make " + orders.joined(separator: " "))
            // The line runs as shown: the stock then allows nothing more.
            let words = try #require(mix.stdoutLines.last?.split(separator: " ").dropFirst(5).map(String.init))
            let made = try await sandbox.juice(arguments: ["make"] + words + ["--format", "json"])
            #expect(made.exitCode == 0)
        }
    }

    @Test func aChainsMixEndsEachStoreWithItsMake() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let mix = try await sandbox.juice("mix", "--stores", "recipes/stores.yaml")
            #expect(mix.exitCode == 0)
            let makes = mix.stdoutLines.filter { $0.hasPrefix("  To make it: juice make ") }
            #expect(makes.count == 4)
            for (line, store) in zip(makes, ExampleChain.stores) {
                #expect(line.hasSuffix(" --store \(store) --stores recipes/stores.yaml"), "\(line)")
            }
        }
    }

    @Test func undoSaysWhatItUndidAndADryRunChangesNothing() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            _ = try await sandbox.juice("adjust", "apple=+5", "--reason", "delivery", "--format", "json")
            _ = try await sandbox.juice("make", "zest=2", "--format", "json")
            let before = try #require(sandbox.read("inventory.yaml"))
            let journal = try #require(sandbox.read("inventory.yaml.journal"))

            let dry = try await sandbox.juice("undo", "--dry-run")
            #expect(dry.exitCode == 0)
            #expect(dry.stderr == "")
            #expect(dry.stdoutLines.first == "Would undo entry 2.")
            #expect(dry.stdoutLines.dropFirst().first?.hasPrefix("  2  ") == true)
            #expect(dry.stdoutLines.dropFirst().first?.hasSuffix("  make  zest ×2: zucchini -2") == true)
            #expect(
                Array(dry.stdoutLines.dropFirst(2)) == [
                    "Dry run: every check passed; nothing was changed.", "FRUIT     BEFORE  AFTER",
                    "zucchini       8     10", "apple         15     15",
                ])
            let json = try await sandbox.juice("undo", "--dry-run", "--format", "json")
            #expect(
                try json.json() == [
                    "ok": true, "dryRun": true, "undoes": 2, "before": ["zucchini": 8, "apple": 15],
                    "inventory": ["zucchini": 10, "apple": 15], "diagnostics": [],
                ])
            #expect(sandbox.read("inventory.yaml") == before)
            #expect(sandbox.read("inventory.yaml.journal") == journal)

            // The real undo says which entry it took back.
            let undo = try await sandbox.juice("undo")
            #expect(undo.exitCode == 0)
            #expect(undo.stdoutLines.first == "Undid entry 2.")
            #expect(undo.stdoutLines.dropFirst().first?.hasSuffix("  make  zest ×2: zucchini -2") == true)
            // The next undo would take back the delivery: the dry run shows it.
            let next = try await sandbox.juice("undo", "--dry-run")
            #expect(next.stdoutLines.first == "Would undo entry 1.")
            #expect(next.stdoutLines.dropFirst().first?.hasSuffix("  adjust (delivery)  apple +5") == true)
            #expect(try sandbox.stock() == ["zucchini": 10, "apple": 15])
            // Refused as the undo would be.
            let missing = try await sandbox.juice("undo", "9", "--dry-run")
            #expect(missing.exitCode == 64)
        }
    }
}
