import Foundation
import Testing

/// `juice make`: orders as one transaction, refusals that say what is short,
/// dry runs, and every exit code of the command. Its outputs on the example
/// data (made, dry run, refused; text and JSON) are golden files, compared in
/// ``GoldenTests``.
@Suite struct MakeTests {
    // MARK: - Made

    @Test func makeWritesTheStockOfEveryFruitThatItAnswers() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana=2", "mangoKiwi", "--format", "json")
            #expect(result.exitCode == 0)
            let written = try sandbox.stock()
            #expect(written == originalStock(["banana": 6, "mango": 8, "kiwi": 9]))
            #expect(try result.json()["inventory"] == json(written))
        }
    }

    // MARK: - Dry run

    @Test(arguments: [[], ["--format", "json"]])
    func aDryRunMakeWritesNothing(format: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: ["make", "banana=2", "mangoKiwi", "--dry-run"] + format)
            #expect(result.exitCode == 0)
            #expect(result.stderr == (format.isEmpty ? Sandbox.builtinNote + Sandbox.absentNote() : ""))
            #expect(!sandbox.exists("inventory.yaml"))
            #expect(!sandbox.exists("inventory.yaml.lock"))
        }
    }

    @Test func aDryRunNeedsNoWritableInventory() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana", "--dry-run", "--inventory", "nofolder/inv.yaml")
            #expect(result.exitCode == 0)
            #expect(result.stdoutLines.first == "Dry run: every check passed; nothing was changed.")
            #expect(!sandbox.exists("nofolder"))
        }
    }

    @Test func aDryRunOfAShortMakeIsRefusedAsWithoutIt() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "strawberry", "--dry-run", "--format", "json")
            #expect(result.exitCode == 1)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == "insufficient-stock")
            #expect(output["missing"] == ["strawberry": 6])
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    // MARK: - Refused (exit 1)

    @Test func aShortMakeSaysHowManyOfEachFruitAreMissing() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "strawberry=2", "banana=6", "kiwi", "--format", "json")
            #expect(result.exitCode == 1)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == "insufficient-stock")
            #expect(output["missing"] == ["strawberry": 22, "banana": 2])
        }
    }

    @Test func aShortMakeInTextNamesEachFruitAndTheAdjustCommandForAll() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "strawberry=2", "banana=6")
            #expect(result.exitCode == 1)
            #expect(result.stdout == "")
            // 32 strawberries needed, 10 there; 12 bananas needed, 10 there.
            #expect(result.stderrLines.contains { $0.contains("Strawberry") && $0.contains("32") && $0.contains("22") })
            #expect(result.stderrLines.contains { $0.contains("Banana") && $0.contains("12") && $0.contains(" 2 ") })
            #expect(
                result.stderrLines.last == "To add them: juice adjust strawberry=+22 banana=+2 --reason delivery",
                "stderr: \(result.stderr)")
        }
    }

    @Test func theSuggestedAdjustCommandMakesTheOrderPossible() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("state/shop.yaml", "strawberry: 1\n")
            let refused = try await sandbox.juice("make", "strawberryBanana", "--inventory", "state/shop.yaml")
            #expect(refused.exitCode == 1)
            let suggestion = try #require(refused.stderrLines.first { $0.contains("juice adjust ") })
            let start = try #require(suggestion.range(of: "juice adjust ")).upperBound
            let command = suggestion[start...]
            let arguments = ["adjust"] + command.split(separator: " ").map(String.init)
            #expect(
                arguments == ["adjust", "strawberry=+9", "--reason", "delivery", "--inventory", "state/shop.yaml"])
            #expect(try await sandbox.juice(arguments: arguments).exitCode == 0)
            // What the hint books is a delivery, not a correction.
            let log = try await sandbox.juice("log", "--inventory", "state/shop.yaml", "--format", "json")
            #expect(try log.json()["entries"]?.items.last?["reason"] == "delivery", "\(log.stdout)")
            #expect(try await sandbox.juice("make", "strawberryBanana", "--inventory", "state/shop.yaml").exitCode == 0)
            #expect(try sandbox.stock("state/shop.yaml") == originalStock(["strawberry": 0, "banana": 9]))
        }
    }

    // MARK: - Usage errors (exit 64)

    @Test(arguments: [
        ["make", "bananna"],
        ["make", "banana=0"],
        ["make", "banana=abc"],
        ["make", "banana=-1"],
        ["make", "banana=1000000001"],
        ["make", "banana", "--bogus"],
        ["make"],
    ])
    func usageErrorsExit64AndChangeNothing(arguments: [String]) async throws {
        try await CommandChecks.usageError(arguments)
    }

    @Test(arguments: [
        ["make", "bananna"],
        ["make", "banana=0"],
        ["make", "banana=abc"],
        ["make", "banana", "--bogus"],
    ])
    func usageErrorsInJSONSayUsage(arguments: [String]) async throws {
        try await CommandChecks.usageErrorInJSON(arguments)
    }

    @Test func anUnknownRecipeIsAUsageErrorWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice("make", "bananna")
            #expect(text.exitCode == 64)
            #expect(
                text.stderrLines.last
                    == "error: unknown recipe 'bananna' (did you mean 'banana'?); the menu's recipes: juice menu")
            // The pointer to the menu names the menu as the command did,
            // without an inventory, which `juice menu` does not take.
            try sandbox.write("state/shop.yaml", "strawberry: 1\n")
            try sandbox.write(
                "hongdae.yaml", "fruits: { strawberry: 10 }\nrecipes: { strawberry: { strawberry: 16 } }\n")
            try sandbox.write(
                "stores.yaml", "stores:\n  hongdae: { menu: hongdae.yaml, inventory: hongdae-stock.yaml }\n")
            let named = try await sandbox.juice("make", "strawbery", "--inventory", "state/shop.yaml")
            #expect(named.exitCode == 64)
            #expect(
                named.stderrLines.last
                    == "error: unknown recipe 'strawbery' (did you mean 'strawberry'?); the menu's recipes: juice menu")
            let stored = try await sandbox.juice("make", "strawbery", "--store", "hongdae", "--stores", "stores.yaml")
            #expect(stored.exitCode == 64)
            #expect(
                stored.stderrLines.last
                    == "error: unknown recipe 'strawbery' (did you mean 'strawberry'?); the menu's recipes: "
                    + "juice menu --store hongdae --stores stores.yaml")

            let result = try await sandbox.juice("make", "strawberyBanana", "--format", "json")
            #expect(result.exitCode == 64)
            #expect(try result.json()["message"]?.string?.contains("did you mean 'strawberryBanana'?") == true)
        }
    }

    // MARK: - Files (exit 65, 66, 73)

    @Test func anInvalidMenuNamedByMenuExits65WithItsDiagnostics() async throws {
        try await CommandChecks.invalidMenuExits65(["make", "banana"])
    }

    @Test func anInvalidInventoryExits65AndIsLeftAsItWas() async throws {
        try await Sandbox.with { sandbox in
            let inventory = "banana: -1\nkiwi: 2.5\n"
            try sandbox.write("inventory.yaml", inventory)
            let make = try await sandbox.juice("make", "banana", "--format", "json")
            #expect(make.exitCode == 65)
            let output = try make.json()
            #expect(output["error"] == "invalid-data")
            #expect(
                output["diagnostics"]?.items.compactMap { $0["code"]?.string } == [
                    "invalid-quantity", "invalid-quantity",
                ])
            #expect(sandbox.read("inventory.yaml") == Data(inventory.utf8))
        }
    }

    @Test func aMissingMenuNamedOnTheCommandLineExits66() async throws {
        try await CommandChecks.missingMenuExits66(["make", "banana"])
    }

    @Test func anInventoryInAMissingFolderExits73() async throws {
        try await CommandChecks.inventoryInAMissingFolderExits73(["make", "banana"])
    }

    // MARK: - Every failure in JSON

    @Test(
        arguments: [
            (["make", "strawberry"], Int32(1), "insufficient-stock"),
            (["make", "bananna"], 64, "usage"),
            (["make", "--nope", "banana"], 64, "usage"),
            (["make", "banana", "--menu", "bad.yaml"], 65, "invalid-data"),
            (["make", "banana", "--inventory", "nofolder/x.yaml"], 73, "cannot-write"),
        ] as [([String], Int32, String)])
    func everyFailureInJSONIsOneObjectOnStdout(arguments: [String], code: Int32, error: String) async throws {
        try await CommandChecks.failureInJSON(arguments, code: code, error: error)
    }
}
