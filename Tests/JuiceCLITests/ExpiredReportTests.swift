import Foundation
import TestSupport
import Testing

/// SPEC 18: expired fruit makes nothing in every report `juice` writes, not
/// only the one store's text and JSON: its CSV, and a chain's matrix, CSV
/// and JSON, each store on its own business day.
@Suite struct ExpiredReportTests {
    /// Kiwi juice takes 3 kiwis. `north` holds 6 kiwis of which 4 expired
    /// in 2020 (no serving, 1 kiwi missing); `south` holds 6 fresh ones (2
    /// servings). Counting the expired fruit, `north` would make 2 too.
    private func writeChain(in sandbox: Sandbox) throws {
        try sandbox.write(
            "menu.yaml", "fruits:\n  kiwi: { stock: 6, shelfLife: 5 }\nrecipes:\n  kiwi: { uses: { kiwi: 3 } }\n")
        try sandbox.write("north.yaml", "kiwi: [{count: 4, bestBefore: 2020-01-01}, {count: 2}]\n")
        try sandbox.write("south.yaml", "kiwi: 6\n")
        try sandbox.write(
            "stores.yaml",
            "stores:\n  north: { menu: menu.yaml, inventory: north.yaml }\n"
                + "  south: { menu: menu.yaml, inventory: south.yaml }\n")
    }

    @Test func aStoresCSVReportMakesNothingOfExpiredFruit() async throws {
        try await Sandbox.with { sandbox in
            try writeChain(in: sandbox)
            let csv = try await sandbox.juice(
                "report", "--menu", "menu.yaml", "--inventory", "north.yaml", "--format", "csv")
            #expect(csv.exitCode == 0, "\(csv.stderr)")
            #expect(csv.stdoutLines == ["recipe,servings,limitedBy,missing", "kiwi,0,kiwi,kiwi:1"])
        }
    }

    @Test func aChainsReportsMakeNothingOfEachStoresExpiredFruit() async throws {
        try await Sandbox.with { sandbox in
            try writeChain(in: sandbox)
            let csv = try await sandbox.juice("report", "--stores", "stores.yaml", "--format", "csv")
            #expect(csv.exitCode == 0, "\(csv.stderr)")
            #expect(
                csv.stdoutLines == [
                    "store,recipe,servings,limitedBy,missing", "north,kiwi,0,kiwi,kiwi:1", "south,kiwi,2,kiwi,",
                ])

            let text = try await sandbox.juice("report", "--stores", "stores.yaml")
            #expect(text.exitCode == 0, "\(text.stderr)")
            #expect(text.stdoutLines == ["STORE  kiwi", "north     0", "south     2"])

            let json = try await sandbox.juice("report", "--stores", "stores.yaml", "--format", "json").json()
            let stores = json["stores"]?.items ?? []
            #expect(stores.map { $0["store"] } == [.string("north"), .string("south")])
            let north = try #require(stores.first)
            #expect(north["recipes"]?.items.first?["servings"] == .number(0))
            #expect(north["recipes"]?.items.first?["missing"] == .object(["kiwi": .number(1)]))
            #expect(north["inventory"] == .object(["kiwi": .number(6)]))
            #expect(north["expired"] == .object(["kiwi": .number(4)]))
            #expect(
                north["lots"]
                    == .object([
                        "kiwi": .array([
                            .object(["bestBefore": .string("2020-01-01"), "count": .number(4)]),
                            .object(["bestBefore": .null, "count": .number(2)]),
                        ])
                    ]))
            // A stock of plain numbers says nothing of lots, as before.
            let south = try #require(stores.last)
            #expect(south["recipes"]?.items.first?["servings"] == .number(2))
            #expect(south["expired"] == nil && south["lots"] == nil)
        }
    }

    /// The trial's finding: `plan` said "Nothing to buy" and `order` to par
    /// ordered 1 where the expired fruit made nothing, then `make` refused.
    @Test func aPlanAndAnOrderToParCountOnlyTheFruitThatHasNotExpired() async throws {
        try await Sandbox.with { sandbox in
            try writeChain(in: sandbox)
            let north = ["--menu", "menu.yaml", "--inventory", "north.yaml"]
            let plan = try await sandbox.juice(arguments: ["plan", "kiwi=2", "--format", "json"] + north)
            #expect(plan.exitCode == 0, "\(plan.stderr)")
            #expect(try plan.json()["have"] == .object(["kiwi": .number(2)]))
            #expect(try plan.json()["buy"] == .object(["kiwi": .number(4)]))
            let chainPlan = try await sandbox.juice("plan", "kiwi=2", "--stores", "stores.yaml", "--format", "csv")
            #expect(chainPlan.stdoutLines.dropFirst().first == "north,kiwi,6,2,4", "\(chainPlan.stdout)")

            try sandbox.write(
                "menu.yaml",
                "fruits:\n  kiwi: { stock: 6, shelfLife: 5, par: 10, pack: 1, supplier: farm }\n"
                    + "suppliers:\n  farm: {}\nrecipes:\n  kiwi: { uses: { kiwi: 3 } }\n")
            let order = try await sandbox.juice(arguments: ["order", "--format", "json"] + north)
            #expect(order.exitCode == 0, "\(order.stderr)")
            let ordered = try order.json()["suppliers"]?.items.first?["lines"]?.items.first
            #expect(ordered?["have"] == .number(2))
            #expect(ordered?["units"] == .number(8))
            let chainOrder = try await sandbox.juice("order", "--stores", "stores.yaml", "--format", "json")
            let stores = try chainOrder.json()["stores"]?.items ?? []
            #expect(stores.first?["suppliers"]?.items.first?["lines"]?.items.first?["units"] == .number(8))
            #expect(stores.last?["suppliers"]?.items.first?["lines"]?.items.first?["units"] == .number(4))
        }
    }
}
