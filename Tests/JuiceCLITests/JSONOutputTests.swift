import Foundation
import Testing

/// The JSON shapes of section 5: one object on stdout, nothing on stderr.
@Suite struct JSONOutputTests {
    @Test func reportIsOneObjectWithInventoryRecipesAndDiagnostics() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("report", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output.keys == ["diagnostics", "inventory", "recipes"])
            #expect(output["diagnostics"] == [])
            #expect(output["recipes"]?.items.count == 7)
            for recipe in output["recipes"]?.items ?? [] {
                #expect(recipe.keys == ["id", "limitedBy", "missing", "name", "servings", "uses"])
            }
        }
    }

    @Test func makeAnswersOkAndTheStockOfEveryFruit() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana=2", "mangoKiwi", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == true)
            #expect(output["inventory"] == json(originalStock(["banana": 6, "mango": 8, "kiwi": 9])))
            #expect(output["dryRun"] == nil || output["dryRun"] == false)
            #expect(output["error"] == nil)
            #expect(try sandbox.stock() == originalStock(["banana": 6, "mango": 8, "kiwi": 9]))
        }
    }

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

    @Test func aDryRunMakeShowsBeforeAndAfterAndWritesNothing() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana=2", "mangoKiwi", "--dry-run", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == true)
            #expect(output["dryRun"] == true)
            #expect(output["before"] == json(originalStock()))
            #expect(output["inventory"] == json(originalStock(["banana": 6, "mango": 8, "kiwi": 9])))
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

    @Test func aDryRunInTextSaysNothingChanged() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("adjust", "banana=+5", "--dry-run")
            #expect(result.exitCode == 0)
            let rows = result.stdoutLines.map { $0.split(separator: " ").map(String.init) }
            #expect(rows.contains(["Banana", "10", "15"]), "stdout: \(result.stdout)")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

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
                result.stderrLines.contains { $0.hasSuffix("juice adjust strawberry=+22 banana=+2") },
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
            #expect(arguments == ["adjust", "strawberry=+9", "--inventory", "state/shop.yaml"])
            #expect(try await sandbox.juice(arguments: arguments).exitCode == 0)
            #expect(try await sandbox.juice("make", "strawberryBanana", "--inventory", "state/shop.yaml").exitCode == 0)
            #expect(try sandbox.stock("state/shop.yaml") == originalStock(["strawberry": 0, "banana": 9]))
        }
    }

    /// Every failure under `--format json`: one object on stdout with `ok`
    /// false and an `error`, and an empty stderr.
    @Test(
        arguments: [
            (["make", "strawberry"], Int32(1), "insufficient-stock"),
            (["adjust", "kiwi=-11"], 1, "negative-stock"),
            (["make", "bananna"], 64, "usage"),
            (["adjust", "banana=x"], 64, "usage"),
            (["make", "--nope", "banana"], 64, "usage"),
            (["make", "banana", "--menu", "bad.yaml"], 65, "invalid-data"),
            (["adjust", "kiwi=1000000000", "kiwi=+1"], 1, "above-maximum"),
            (["report", "--menu", "missing.yaml"], 66, "missing-file"),
            (["make", "banana", "--inventory", "nofolder/x.yaml"], 73, "cannot-write"),
            (["report", "--inventory", "folder"], 74, "io-error"),
        ] as [([String], Int32, String)])
    func everyFailureInJSONIsOneObjectOnStdout(arguments: [String], code: Int32, error: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("bad.yaml", "fruits: {}\n")
            try FileManager.default.createDirectory(at: sandbox.file("folder"), withIntermediateDirectories: false)
            let result = try await sandbox.juice(arguments: arguments + ["--format", "json"])
            #expect(result.exitCode == code)
            #expect(result.stderr == "")
            let output = try result.json()
            #expect(output["ok"] == false)
            #expect(output["error"] == .string(error))
        }
    }
}
