import Foundation
import TestSupport
import Testing

/// The scenarios of the original Juice Maker app, run from an empty folder:
/// no recipes/ folder, so the built-in menu with ten of each fruit. What the
/// first report shows is a golden file (``GoldenTests``), and
/// ``BuiltinMenuTests`` shows that the built-in menu reports the same.
@Suite struct OriginalAppScenarioTests {
    @Test func makingStrawberryJuiceIsRefusedAndSaysToAddSixStrawberries() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "strawberry")
            #expect(result.exitCode == 1)
            #expect(result.stdout == "")
            #expect(result.stderr.contains("6 more"), "stderr: \(result.stderr)")
            #expect(
                result.stderrLines.contains { $0.hasSuffix("juice adjust strawberry=+6 --reason delivery") },
                "stderr: \(result.stderr)")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func makingTwoBananaJuicesAndAMangoKiwiJuiceUsesTheirFruit() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana=2", "mangoKiwi")
            #expect(result.exitCode == 0)
            #expect(result.stderr == Sandbox.builtinNote + Sandbox.absentNote())
            #expect(
                Array(result.stdoutLines.prefix(2)) == [
                    "2 × Banana Juice are ready. Enjoy!",
                    "Mango Kiwi Juice is ready. Enjoy!",
                ])
            #expect(try sandbox.stock() == originalStock(["banana": 6, "mango": 8, "kiwi": 9]))
        }
    }

    @Test func reportAfterMakingShowsTheNewStock() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("make", "banana=2", "mangoKiwi").exitCode == 0)
            let report = try await sandbox.juice("report", "--format", "json")
            #expect(report.exitCode == 0)
            let output = try report.json()
            #expect(output["inventory"] == json(originalStock(["banana": 6, "mango": 8, "kiwi": 9])))
            var servings: [String: JSON] = [:]
            for recipe in output["recipes"]?.items ?? [] {
                if let id = recipe["id"]?.string { servings[id] = recipe["servings"] }
            }
            #expect(
                servings == [
                    "strawberry": 0, "banana": 3, "kiwi": 3, "pineapple": 5, "strawberryBanana": 1, "mango": 2,
                    "mangoKiwi": 4,
                ])
        }
    }

    /// The bug of the original app: a two-fruit juice took the first fruit
    /// before finding the second one short.
    @Test func aTwoFruitJuiceWithNoBananaIsRefusedAndConsumesNoStrawberry() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "banana=0").exitCode == 0)
            let result = try await sandbox.juice("make", "strawberryBanana")
            #expect(result.exitCode == 1)
            #expect(result.stdout == "")
            #expect(
                result.stderrLines.contains { $0.hasSuffix("juice adjust banana=+1 --reason delivery") },
                "stderr: \(result.stderr)")
            #expect(try sandbox.stock() == originalStock(["banana": 0]))

            let inJSON = try await sandbox.juice("make", "strawberryBanana", "--format", "json")
            #expect(inJSON.exitCode == 1)
            #expect(try inJSON.json()["missing"] == ["banana": 1])
            #expect(try sandbox.stock() == originalStock(["banana": 0]))
        }
    }

    @Test func aTwoFruitJuiceWithEnoughOfBothUsesBoth() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "strawberryBanana")
            #expect(result.exitCode == 0)
            #expect(result.stdoutLines.first == "Strawberry Banana Juice is ready. Enjoy!")
            #expect(try sandbox.stock() == originalStock(["strawberry": 0, "banana": 9]))
        }
    }

    @Test func ordersOfOneMakeAreAllOrNothing() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana=2", "strawberry")
            #expect(result.exitCode == 1)
            #expect(!sandbox.exists("inventory.yaml"))
            #expect(
                try await sandbox.juice("make", "banana=2", "mango=4", "--format", "json").json()["missing"] == [
                    "mango": 2
                ])
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func ordersForTheSameFruitAreAddedUpBeforeTheCheck() async throws {
        try await Sandbox.with { sandbox in
            // mango=2 takes 6 mangoes and mangoKiwi=2 takes 4: exactly the ten there are.
            #expect(try await sandbox.juice("make", "mango=2", "mangoKiwi=2").exitCode == 0)
            #expect(try sandbox.stock() == originalStock(["mango": 0, "kiwi": 8]))
            let again = try await sandbox.juice("make", "mango", "mangoKiwi", "--format", "json")
            #expect(again.exitCode == 1)
            #expect(try again.json()["missing"] == ["mango": 5])
        }
    }
}
