import Foundation
import Testing

/// `juice adjust`: changes applied in order as one transaction, the file it
/// writes, dry runs, and every exit code of the command. Its outputs on the
/// example data (adjusted and dry run; text and JSON) are golden files,
/// compared in ``GoldenTests``.
@Suite struct AdjustTests {
    // MARK: - Adjusted

    @Test func adjustAnswersOkAndTheStockAfterEveryChangeInOrder() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(
                "adjust", "strawberry=+6", "kiwi=-2", "mango=20", "banana=+5", "banana=-3", "banana=4", "banana=+1",
                "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let expected = originalStock(["strawberry": 16, "kiwi": 8, "mango": 20, "banana": 5])
            let output = try result.json()
            #expect(output["ok"] == true)
            #expect(output["inventory"] == json(expected))
            #expect(try sandbox.stock() == expected)
        }
    }

    @Test func adjustChangesApplyInOrderSoALaterAddCannotRescueAnEarlierRemove() async throws {
        try await Sandbox.with { sandbox in
            // Applied in order, kiwi goes 10 → 20 → 7: fine. The whole result is what counts.
            #expect(try await sandbox.juice("adjust", "kiwi=+10", "kiwi=-13").exitCode == 0)
            #expect(try sandbox.stock() == originalStock(["kiwi": 7]))
            let refused = try await sandbox.juice("adjust", "kiwi=-8", "mango=3", "--format", "json")
            #expect(refused.exitCode == 1)
            #expect(try refused.json()["missing"] == ["kiwi": 1])
            #expect(try sandbox.stock() == originalStock(["kiwi": 7]))
        }
    }

    /// After `make` and then `adjust`, the file lists every fruit of the menu
    /// in the menu's order, behind a comment line and the line that records
    /// its journal's last entry.
    @Test func theInventoryIsWrittenWithEveryFruitInMenuOrderBehindAComment() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("make", "banana=2", "mangoKiwi").exitCode == 0)
            #expect(try await sandbox.juice("adjust", "strawberry=+6").exitCode == 0)
            let written = try #require(sandbox.read("inventory.yaml"))
            #expect(
                String(decoding: written, as: UTF8.self) == """
                    # Stock per fruit, written by juice. Edit by hand or with `juice adjust`.
                    # journal: entry 2, check e0acf7a399749f0b
                    strawberry: 16
                    banana: 6
                    pineapple: 10
                    kiwi: 9
                    mango: 8

                    """)
        }
    }

    // MARK: - Dry run

    @Test func aDryRunInTextShowsBeforeAndAfterAndWritesNothing() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("adjust", "banana=+5", "--dry-run")
            #expect(result.exitCode == 0)
            let rows = result.stdoutLines.map { $0.split(separator: " ").map(String.init) }
            #expect(rows.contains(["Banana", "10", "15"]), "stdout: \(result.stdout)")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func aDryRunAdjustOfAnExistingInventoryLeavesItByteForByte() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "kiwi=3").exitCode == 0)
            let before = try #require(sandbox.read("inventory.yaml"))
            let result = try await sandbox.juice("adjust", "kiwi=+4", "--dry-run", "--format", "json")
            #expect(result.exitCode == 0)
            let output = try result.json()
            #expect(output["dryRun"] == true)
            #expect(output["before"] == json(originalStock(["kiwi": 3])))
            #expect(output["inventory"] == json(originalStock(["kiwi": 7])))
            #expect(sandbox.read("inventory.yaml") == before)
        }
    }

    // MARK: - Refused (exit 1)

    @Test func adjustingBelowZeroExits1AndChangesNothing() async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice("adjust", "banana=+5", "kiwi=-13")
            #expect(text.exitCode == 1)
            #expect(text.stdout == "")
            #expect(text.stderr != "")
            #expect(!sandbox.exists("inventory.yaml"))

            let result = try await sandbox.juice("adjust", "banana=+5", "kiwi=-13", "--format", "json")
            #expect(result.exitCode == 1)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == "negative-stock")
            #expect(output["missing"] == ["kiwi": 3])
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    // MARK: - Usage errors (exit 64)

    @Test(arguments: [
        ["adjust", "lemon=+1"],
        ["adjust", "bananna=+1"],
        ["adjust", "banana=abc"],
        ["adjust", "banana"],
        ["adjust", "banana=+1000000001"],
    ])
    func usageErrorsExit64AndChangeNothing(arguments: [String]) async throws {
        try await CommandChecks.usageError(arguments)
    }

    @Test(arguments: [
        ["adjust", "lemon=+1"],
        ["adjust", "banana=abc"],
    ])
    func usageErrorsInJSONSayUsage(arguments: [String]) async throws {
        try await CommandChecks.usageErrorInJSON(arguments)
    }

    @Test func anUnknownFruitIsAUsageErrorWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("adjust", "kiwii=+1")
            #expect(result.exitCode == 64)
            #expect(result.stderr.contains("'kiwii'"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("did you mean 'kiwi'?"), "stderr: \(result.stderr)")
        }
    }

    // MARK: - Files (exit 65, 66, 73)

    @Test func anInvalidMenuNamedByMenuExits65WithItsDiagnostics() async throws {
        try await CommandChecks.invalidMenuExits65(["adjust", "banana=+1"])
    }

    @Test func anInventoryNamingAnUnknownFruitExits65() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 3\nlemon: 2\n")
            let result = try await sandbox.juice("adjust", "banana=+1")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines.contains {
                    $0.hasPrefix("inventory.yaml:2:1: error: ") && $0.hasSuffix("[unknown-fruit]")
                },
                "stderr: \(result.stderr)")
            #expect(sandbox.read("inventory.yaml") == Data("banana: 3\nlemon: 2\n".utf8))
        }
    }

    @Test func aMissingMenuNamedOnTheCommandLineExits66() async throws {
        try await CommandChecks.missingMenuExits66(["adjust", "banana=+1"])
    }

    @Test func anInventoryInAMissingFolderExits73() async throws {
        try await CommandChecks.inventoryInAMissingFolderExits73(["adjust", "banana=+1"])
    }

    // MARK: - Every failure in JSON

    @Test(
        arguments: [
            (["adjust", "kiwi=-11"], Int32(1), "negative-stock"),
            (["adjust", "kiwi=1000000000", "kiwi=+1"], 1, "above-maximum"),
            (["adjust", "banana=x"], 64, "usage"),
        ] as [([String], Int32, String)])
    func everyFailureInJSONIsOneObjectOnStdout(arguments: [String], code: Int32, error: String) async throws {
        try await CommandChecks.failureInJSON(arguments, code: code, error: error)
    }
}

/// `adjust --prune`: an inventory that lists a fruit the menu no longer has
/// is invalid for every command; the error says how to clean it, and the
/// prune does, as one recorded change.
@Suite struct PruneTests {
    @Test func aRetiredFruitsErrorSaysToPrune() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 4\navocado: 3\n")
            let result = try await sandbox.juice("report")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "inventory.yaml:2:1: error: unknown fruit 'avocado' in the inventory [unknown-fruit]",
                    "To drop the counts of fruits the menu no longer has: juice adjust --prune",
                ])
        }
    }

    @Test func aTypoOfAFruitGetsADidYouMeanAndNoPruneHint() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 4\nkiwii: 2\n")
            let result = try await sandbox.juice("make", "banana")
            #expect(result.exitCode == 65)
            // A prune would throw the 2 kiwis away: the typo is to be fixed.
            #expect(
                result.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "inventory.yaml:2:1: error: unknown fruit 'kiwii' in the inventory (did you mean 'kiwi'?) [unknown-fruit]",
                ])
        }
    }

    @Test func pruneDropsRetiredFruitsAndKeepsEveryOtherCount() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 4\navocado: 3\nkiwi: 2\nlime: 1\n")
            let dryRun = try await sandbox.juice("adjust", "--prune", "--dry-run")
            #expect(dryRun.exitCode == 0)
            #expect(
                Array(dryRun.stdoutLines.suffix(2)) == [
                    "Would drop avocado: the menu no longer has it", "Would drop lime: the menu no longer has it",
                ])
            #expect(sandbox.read("inventory.yaml") == Data("banana: 4\navocado: 3\nkiwi: 2\nlime: 1\n".utf8))
            let result = try await sandbox.juice("adjust", "--prune", "banana=+1")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "Banana: 4 → 5", "Dropped avocado: the menu no longer has it",
                    "Dropped lime: the menu no longer has it",
                ])
            #expect(
                try sandbox.stock() == ["strawberry": 10, "banana": 5, "pineapple": 10, "kiwi": 2, "mango": 10])
            #expect(try await sandbox.juice("report").exitCode == 0)
        }
    }

    @Test func pruneAnswersInJSONWithTheDroppedFruits() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "avocado: 3\n")
            let result = try await sandbox.juice("adjust", "--prune", "--format", "json")
            #expect(result.exitCode == 0)
            let json = try result.json()
            #expect(json["dropped"] == .array([.string("avocado")]))
            #expect(json["inventory"]?["banana"] == .number(10))
        }
    }

    @Test func adjustWithNeitherAChangeNorPruneIsAUsageError() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("adjust")
            #expect(result.exitCode == 64)
            #expect(
                result.stderrLines.first
                    == "error: give at least one change (FRUIT=+N, FRUIT=-N or FRUIT=N), or --prune")
        }
    }
}
