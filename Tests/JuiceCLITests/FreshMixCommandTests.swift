import Foundation
import TestSupport
import Testing

/// `juice mix --objective fresh` end to end (SPEC 18): the real binary over
/// a stock with lots dated from today, one store and a chain.
@Suite struct FreshMixCommandTests {
    private static let utc: [String: String?] = ["TZ": "UTC"]

    static let menu = """
        fruits:
          berry: { stock: 0, shelfLife: 3 }
          banana: 6
          kiwi: { stock: 0, shelfLife: 5 }
        recipes:
          berryBanana: { berry: 2, banana: 3 }
          banana: { banana: 1 }
          kiwi: { kiwi: 1 }

        """

    /// 4 berries best before today and 1 in ten days, 6 bananas, 3 kiwis
    /// expired yesterday and 6 undated.
    static func inventory(_ now: Date) -> String {
        let date = { ForecastOrderCommandTests.date(now, plus: $0) }
        return """
            berry: [{count: 4, bestBefore: \(date(0))}, {count: 1, bestBefore: \(date(10))}]
            banana: 6
            kiwi: [{count: 3, bestBefore: \(date(-1))}, {count: 6}]

            """
    }

    /// Runs `juice` with `arguments` with the files written for today
    /// (again when the day changed while it ran).
    private func run(_ arguments: [String], in sandbox: Sandbox, files: [String]) async throws -> ProcessResult {
        try sandbox.write("recipes/menu.yaml", Self.menu)
        return try await LocalDate.onOneDay(in: ForecastOrderCommandTests.utcZone) { now in
            for file in files { try sandbox.write(file, Self.inventory(now)) }
            return try await sandbox.juice(arguments: arguments, environment: Self.utc)
        }
    }

    @Test func theJSONsValueIsTheExpiringFruitUsed() async throws {
        try await Sandbox.with { sandbox in
            let result = try await run(
                ["mix", "--objective", "fresh", "--format", "json"], in: sandbox, files: ["inventory.yaml"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(
                try result.json() == [
                    "status": "optimal", "objective": "fresh", "value": 4, "gap": 0,
                    "mix": ["berryBanana": 2, "banana": 0, "kiwi": 6], "uses": ["berry": 4, "banana": 6, "kiwi": 6],
                    "left": ["berry": 1, "banana": 0, "kiwi": 0], "limitedBy": ["banana", "kiwi"], "diagnostics": [],
                ])
            let text = try await run(["mix", "--objective", "fresh"], in: sandbox, files: ["inventory.yaml"])
            #expect(
                text.stdoutLines == [
                    "JUICE        SERVINGS", "berryBanana         2", "banana              0",
                    "kiwi                6", "TOTAL               8",
                    "Expiring fruit used (best before today or tomorrow): 4", "Left: berry 1, banana 0, kiwi 0",
                    "Used up: banana, kiwi", "No other mix does better: proven optimal.",
                    "To make it: juice make berryBanana=2 kiwi=6",
                ])
            let korean = try await run(
                ["mix", "--objective", "fresh", "--locale", "ko", "--quiet"], in: sandbox, files: ["inventory.yaml"])
            #expect(korean.stdoutLines.contains("쓰는 곧 상할 과일(유통 기한이 오늘이나 내일): 4"))
        }
    }

    /// The expired kiwis make nothing: 6 kiwis and 6 bananas, not 9 kiwis.
    @Test func theMixOfServingsLeavesTheExpiredLotsOut() async throws {
        try await Sandbox.with { sandbox in
            let result = try await run(["mix", "--format", "json"], in: sandbox, files: ["inventory.yaml"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(try result.json()["mix"] == ["berryBanana": 0, "banana": 6, "kiwi": 6])
            #expect(try result.json()["value"] == 12)
        }
    }

    @Test func aChainMixesEachStoreFreshFromItsOwnLots() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/stores.yaml",
                """
                stores:
                  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }
                  hongdae: { menu: menu.yaml, inventory: ../state/hongdae.yaml }

                """)
            let result = try await run(
                ["mix", "--objective", "fresh", "--stores", "recipes/stores.yaml", "--format", "json"], in: sandbox,
                files: ["state/gangnam.yaml", "state/hongdae.yaml"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let stores = try result.json()["stores"]
            for index in 0..<2 {
                #expect(stores?[index]?["value"] == 4)
                #expect(stores?[index]?["mix"] == ["berryBanana": 2, "banana": 0, "kiwi": 6])
            }
        }
    }
}
