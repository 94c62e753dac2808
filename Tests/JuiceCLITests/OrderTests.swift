import Foundation
import TestSupport
import Testing

/// `juice order`: what to order from each supplier, for one store and
/// (``Stores``) for a chain, in every format; its figures are worked out
/// in the test from the menu's terms (``SupplyExample``).
@Suite struct OrderTests {
    /// A shop of ``SupplyExample``: its menu as the default menu, its stock
    /// as the default inventory.
    static func shop(_ sandbox: Sandbox, stock: [String: Int] = SupplyExample.stock) throws {
        try sandbox.write("recipes/menu.yaml", SupplyExample.menu)
        try sandbox.write("inventory.yaml", SupplyExample.inventory(stock))
    }

    /// The JSON of the order of `stock`, from ``SupplyExample/expectedLines(_:)``:
    /// suppliers in the menu's order, no supplier last.
    static func expectedSuppliers(_ stock: [String: Int], names: [String: String]) -> JSON {
        let lines = SupplyExample.expectedLines(stock)
        let minimums = ["farm": 4, "market": 1]
        let groups: [JSON] = ["farm", "market", nil].compactMap { (supplier: String?) -> JSON? in
            let mine = lines.filter { $0.supplier == supplier }
            guard !mine.isEmpty else { return nil }
            let packs = mine.reduce(0) { $0 + $1.packs }
            let costs = mine.map(\.cost)
            let cost: JSON = costs.contains { $0 == nil } ? .null : .number(Double(costs.reduce(0) { $0 + ($1 ?? 0) }))
            return [
                "supplier": supplier.map { .string($0) } ?? .null,
                "name": supplier.map { .string(names[$0] ?? $0) } ?? .null,
                "lines": .array(
                    mine.map { line in
                        [
                            "fruit": .string(line.fruit), "have": .number(Double(line.have)), "onOrder": 0,
                            "par": .number(Double(line.par)), "units": .number(Double(line.units)),
                            "packs": .number(Double(line.packs)),
                            "cost": line.cost.map { .number(Double($0)) } ?? .null,
                        ]
                    }),
                "packs": .number(Double(packs)), "cost": cost,
                "belowMinimum": .bool(packs < (supplier.flatMap { minimums[$0] } ?? 0)),
            ]
        }
        return .array(groups)
    }

    static let englishNames = ["farm": "Fresh Farm", "market": "Garak Market"]

    @Test func theJSONOrdersEachFruitAtOrBelowItsReorderLevelUpToParInWholePacks() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            let result = try await sandbox.juice("order", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            #expect(
                try result.json() == [
                    "suppliers": Self.expectedSuppliers(SupplyExample.stock, names: Self.englishNames),
                    // 3 + 2 + 1 packs; the kiwi's cost unknown, so the whole order's.
                    "total": ["packs": 6, "cost": nil],
                    "diagnostics": [],
                ])
            // strawberry 4 of 30 in packs of 12: 3 packs, under farm's minimum of 4.
            #expect(try result.json()["suppliers"]?[0]?["belowMinimum"] == true)
            #expect(sandbox.read("inventory.yaml") == Data(SupplyExample.inventory().utf8))
        }
    }

    @Test func aStockAtParOrdersNothingAndAFruitWithoutParIsNeverOrdered() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox, stock: ["strawberry": 30, "banana": 9, "kiwi": 15, "mango": 12, "lime": 0])
            let json = try await sandbox.juice("order", "--format", "json")
            #expect(try json.json() == ["suppliers": [], "total": ["packs": 0, "cost": 0], "diagnostics": []])
            let text = try await sandbox.juice("order")
            #expect(text.exitCode == 0)
            #expect(text.stdoutLines == ["Nothing to order: every fruit with a par is above its reorder level."])
        }
    }

    @Test func aMenuWithoutParsOrdersNothingAndSaysWhy() async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice("order")
            #expect(text.exitCode == 0)
            #expect(text.stdoutLines == ["Nothing to order: the menu gives no fruit a par (the stock to order up to)."])
            let json = try await sandbox.juice("order", "--format", "json")
            #expect(try json.json() == ["suppliers": [], "total": ["packs": 0, "cost": 0], "diagnostics": []])
        }
    }

    @Test func theTextHasABlockPerSupplierAndWarnsOfAMinimumOnStderr() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            let result = try await sandbox.juice("order")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "Fresh Farm (farm): 3 packs, below the minimum of 4",
                    "  FRUIT       HAVE  PAR  UNITS  PACKS   COST",
                    "  Strawberry     4   30     36      3  10800",
                    "  TOTAL                             3  10800",
                    "",
                    "Garak Market (market)",
                    "  FRUIT  HAVE  PAR  UNITS  PACKS  COST",
                    "  Kiwi      2   15     20      2     -",
                    "  TOTAL                        2     -",
                    "  Cost unknown: the menu gives no cost for Kiwi",
                    "",
                    "No supplier",
                    "  FRUIT  HAVE  PAR  UNITS  PACKS  COST",
                    "  Mango    11   12      1      1   700",
                    "  TOTAL                        1   700",
                    "",
                    "All suppliers: 6 packs, cost unknown (a fruit has no cost)",
                ])
            #expect(result.stderrLines == ["warning: Fresh Farm (farm): 3 packs, under the minimum order of 4 packs"])
            let quiet = try await sandbox.juice("order", "--quiet")
            #expect(quiet.stderr == "")
        }
    }

    @Test func theCSVIsARowPerLineWithNothingElse() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            let result = try await sandbox.juice("order", "--format", "csv")
            #expect(result.exitCode == 0)
            let expected = SupplyExample.expectedLines(SupplyExample.stock).map { line in
                [
                    line.supplier ?? "", line.fruit, line.fruit.prefix(1).uppercased() + line.fruit.dropFirst(),
                    String(line.have), String(line.par), String(line.units), String(line.packs),
                    line.cost.map(String.init) ?? "",
                ].joined(separator: ",")
            }
            #expect(result.stdoutLines == ["supplier,fruit,name,have,par,units,packs,cost"] + expected)
        }
    }

    @Test func theMarkdownHasASectionPerSupplier() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            let result = try await sandbox.juice("order", "--format", "markdown")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "## Fresh Farm (farm)", "",
                    "| Fruit | Name | Have | Par | Units | Packs | Cost |",
                    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
                    "| strawberry | Strawberry | 4 | 30 | 36 | 3 | 10800 |",
                    "| **Total** |  |  |  |  | **3** | **10800** |",
                    "", "> Fresh Farm (farm): 3 packs, under the minimum order of 4 packs",
                    "", "## Garak Market (market)", "",
                    "| Fruit | Name | Have | Par | Units | Packs | Cost |",
                    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
                    "| kiwi | Kiwi | 2 | 15 | 20 | 2 | - |",
                    "| **Total** |  |  |  |  | **2** | - |",
                    "", "> Cost unknown: the menu gives no cost for Kiwi",
                    "", "## No supplier", "",
                    "| Fruit | Name | Have | Par | Units | Packs | Cost |",
                    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
                    "| mango | Mango | 11 | 12 | 1 | 1 | 700 |",
                    "| **Total** |  |  |  |  | **1** | **700** |",
                    "", "**All suppliers: 6 packs, cost unknown (a fruit has no cost)**",
                ])
        }
    }

    @Test func inKoreanTheWordsAndNamesAreKorean() async throws {
        try await Sandbox.with { sandbox in
            try Self.shop(sandbox)
            let result = try await sandbox.juice("order", "--locale", "ko")
            #expect(result.exitCode == 0)
            #expect(
                result.stdoutLines == [
                    "신선농장 (farm): 3상자, 최소 주문 4상자 미만",
                    "  과일  보유  적정 재고  개수  상자   원가",
                    "  딸기     4         30    36     3  10800",
                    "  합계                            3  10800",
                    "",
                    "Garak Market (market)",
                    "  과일  보유  적정 재고  개수  상자  원가",
                    "  키위     2         15    20     2     -",
                    "  합계                            2     -",
                    "  원가를 모릅니다: 메뉴에 키위의 원가가 없습니다",
                    "",
                    "공급처 없음",
                    "  과일  보유  적정 재고  개수  상자  원가",
                    "  망고    11         12     1     1   700",
                    "  합계                            1   700",
                    "",
                    "모든 공급처: 6상자, 원가 모름 (원가가 없는 과일이 있습니다)",
                ])
            #expect(result.stderrLines == ["경고: 신선농장 (farm): 3상자로 최소 주문 4상자에 못 미칩니다"])
            let json = try await sandbox.juice("order", "--locale", "ko", "--format", "json")
            #expect(
                try json.json()["suppliers"]
                    == Self.expectedSuppliers(SupplyExample.stock, names: ["farm": "신선농장", "market": "Garak Market"]))
        }
    }

    /// A menu of `count` fruits, each with a par and a cost of
    /// 1,000,000,000 from supplier `s`, and each of `inventories` with
    /// none of them: each line costs 10^18.
    static func costlyShop(_ sandbox: Sandbox, count: Int, inventories: [String] = ["inventory.yaml"]) throws {
        let ids = (0..<count).map { "f\($0)" }
        try sandbox.write(
            "recipes/menu.yaml",
            "fruits:\n" + ids.map { "  \($0): { stock: 0, cost: 1000000000, par: 1000000000, supplier: s }\n" }.joined()
                + "suppliers:\n  s: { minimum: 0 }\n"
                + "recipes:\n  all: { \(ids.map { "\($0): 1" }.joined(separator: ", ")) }\n")
        for inventory in inventories { try sandbox.write(inventory, ids.map { "\($0): 0\n" }.joined()) }
    }

    @Test func aTotalPastWhatACountHoldsIsRefusedNeverSaturated() async throws {
        try await Sandbox.with { sandbox in
            // 9 lines of 10^18 fit in an Int (at most 9223372036854775807)...
            try Self.costlyShop(sandbox, count: 9)
            let fits = try await sandbox.juice("order", "--format", "json")
            #expect(fits.exitCode == 0)
            #expect(try fits.json()["suppliers"]?[0]?["cost"] == .number(9e18))
            // ...11 do not: no total is shown, in any format.
            try Self.costlyShop(sandbox, count: 11)
            let message =
                "the order from s comes to more than 9223372036854775807, the most a total can hold;"
                + " lower its pars or costs"
            for format in ["text", "markdown", "csv"] {
                let result = try await sandbox.juice("order", "--format", format)
                #expect(result.exitCode == 1)
                #expect(result.stdout == "")
                #expect(result.stderrLines == ["error: " + message])
            }
            let json = try await sandbox.juice("order", "--format", "json")
            #expect(json.exitCode == 1)
            #expect(try json.json()["error"] == "above-maximum")
            #expect(try json.json()["message"] == .string(message))
        }
    }

    /// Every supplier's total fits, their sum does not: refused, as one
    /// supplier's is (SPEC 16: a total is exact or refused).
    @Test func aTotalOfEverySupplierPastWhatACountHoldsIsRefused() async throws {
        try await Sandbox.with { sandbox in
            let ids = (0..<11).map { "f\($0)" }
            try sandbox.write(
                "recipes/menu.yaml",
                "fruits:\n"
                    + ids.map { "  \($0): { stock: 0, cost: 1000000000, par: 1000000000, supplier: s\($0) }\n" }
                    .joined()
                    + "suppliers:\n" + ids.map { "  s\($0): { minimum: 0 }\n" }.joined()
                    + "recipes:\n  all: { \(ids.map { "\($0): 1" }.joined(separator: ", ")) }\n")
            let result = try await sandbox.juice("order")
            #expect(result.exitCode == 1)
            #expect(result.stdout == "")
            #expect(
                result.stderrLines.last
                    == "error: the order from every supplier together comes to more than 9223372036854775807,"
                    + " the most a total can hold; lower the pars or costs")
            // Nine suppliers of 10^18 fit, and the total says so.
            try sandbox.write(
                "recipes/menu.yaml",
                "fruits:\n"
                    + ids.prefix(9).map {
                        "  \($0): { stock: 0, cost: 1000000000, par: 1000000000, supplier: s\($0) }\n"
                    }
                    .joined()
                    + "suppliers:\n" + ids.prefix(9).map { "  s\($0): { minimum: 0 }\n" }.joined()
                    + "recipes:\n  all: { \(ids.prefix(9).map { "\($0): 1" }.joined(separator: ", ")) }\n")
            let fits = try await sandbox.juice("order", "--format", "json")
            #expect(fits.exitCode == 0)
            #expect(try fits.json()["total"] == ["packs": 9_000_000_000, "cost": .number(9e18)])
        }
    }

    /// `juice order --stores`: each store's order and the chain's total.
    @Suite struct Stores {
        static let stocks = [
            "gangnam": SupplyExample.stock,
            "hongdae": ["strawberry": 20, "banana": 1, "kiwi": 15, "mango": 12, "lime": 3],
        ]

        static func chain(_ sandbox: Sandbox) throws {
            try sandbox.write("recipes/menu.yaml", SupplyExample.menu)
            try sandbox.write(
                "recipes/stores.yaml",
                """
                stores:
                  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }
                  hongdae: { menu: menu.yaml, inventory: ../state/hongdae.yaml }

                """)
            for (store, stock) in stocks { try sandbox.write("state/\(store).yaml", SupplyExample.inventory(stock)) }
        }

        @Test func eachStoreHasItsOrderAndTheTotalAddsThemUpPerSupplierAndFruit() async throws {
            try await Sandbox.with { sandbox in
                try Self.chain(sandbox)
                let result = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "json")
                #expect(result.exitCode == 0)
                let json = try result.json()
                #expect(json["diagnostics"] == [])
                #expect(json["stores"]?.items.map { $0["store"] } == ["gangnam", "hongdae"])
                for (index, store) in ["gangnam", "hongdae"].enumerated() {
                    #expect(
                        json["stores"]?[index]?["suppliers"]
                            == OrderTests.expectedSuppliers(Self.stocks[store] ?? [:], names: OrderTests.englishNames))
                }
                // The total: each store's lines added up by supplier and fruit.
                var expected: [String: [String: Int]] = [:]
                for stock in Self.stocks.values {
                    for line in SupplyExample.expectedLines(stock) {
                        let key = "\(line.supplier ?? "-")/\(line.fruit)"
                        expected[key, default: [:]]["units", default: 0] += line.units
                        expected[key, default: [:]]["packs", default: 0] += line.packs
                        expected[key, default: [:]]["have", default: 0] += line.have
                    }
                }
                var found: [String: [String: Int]] = [:]
                for group in json["total"]?["suppliers"]?.items ?? [] {
                    for line in group["lines"]?.items ?? [] {
                        let key = "\(group["supplier"]?.string ?? "-")/\(line["fruit"]?.string ?? "")"
                        for field in ["units", "packs", "have"] {
                            if case .number(let value)? = line[field] { found[key, default: [:]][field] = Int(value) }
                        }
                    }
                }
                #expect(found == expected)
                #expect(json["total"]?["suppliers"]?.items.map { $0["supplier"] } == ["farm", "market", .null])
            }
        }

        @Test func theCSVEndsWithTheTotalUnderTheStoreStar() async throws {
            try await Sandbox.with { sandbox in
                try Self.chain(sandbox)
                let result = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "csv")
                #expect(result.exitCode == 0)
                #expect(result.stdoutLines.first == "store,supplier,fruit,name,have,par,units,packs,cost")
                let rows = csvRows(result)
                let stores = rows.map { $0[0] }
                let storeRows =
                    SupplyExample.expectedLines(Self.stocks["gangnam"] ?? [:]).count
                    + SupplyExample.expectedLines(Self.stocks["hongdae"] ?? [:]).count
                #expect(stores.filter { $0 != "*" }.count == storeRows)
                #expect(stores.last == "*")
                let total = rows.filter { $0.first == "*" }
                // strawberry: 3 packs in gangnam, 1 in hongdae.
                #expect(total.first == ["*", "farm", "strawberry", "Strawberry", "24", "60", "48", "4", "14400"])
            }
        }

        @Test func textAndMarkdownShowEachStoreThenTheTotal() async throws {
            try await Sandbox.with { sandbox in
                try Self.chain(sandbox)
                let text = try await sandbox.juice("order", "--stores", "recipes/stores.yaml")
                #expect(text.exitCode == 0)
                #expect(
                    text.stdoutLines.filter { !$0.hasPrefix(" ") && !$0.isEmpty } == [
                        "gangnam:", "hongdae:", "Chain total:",
                    ])
                #expect(
                    text.stderrLines == [
                        "warning: gangnam: Fresh Farm (farm): 3 packs, under the minimum order of 4 packs"
                    ])
                let markdown = try await sandbox.juice(
                    "order", "--stores", "recipes/stores.yaml", "--format", "markdown")
                #expect(
                    markdown.stdoutLines.filter { $0.hasPrefix("## ") } == [
                        "## gangnam", "## hongdae", "## Chain total",
                    ])
                // gangnam orders from farm, market and no supplier; hongdae from farm only.
                #expect(markdown.stdoutLines.filter { $0.hasPrefix("### ") }.count == 3 + 1 + 3)
            }
        }

        @Test func anInvalidStoreHasNoOrderAndTheRunExits65() async throws {
            try await Sandbox.with { sandbox in
                try Self.chain(sandbox)
                try sandbox.write("state/hongdae.yaml", "kiwi: -1\n")
                let result = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "json")
                #expect(result.exitCode == 65)
                let json = try result.json()
                #expect(json["stores"]?[1]?["suppliers"] == [])
                #expect(json["diagnostics"]?.items.map { $0["code"] } == ["invalid-quantity"])
                #expect(
                    json["total"]?["suppliers"]
                        == OrderTests.expectedSuppliers(SupplyExample.stock, names: OrderTests.englishNames))
            }
        }

        /// A store whose menu does not exist is said once: the reading of
        /// the journals for what is on order said it again, in its own words.
        @Test func aStoreWhoseMenuIsMissingIsSaidOnce() async throws {
            try await Sandbox.with { sandbox in
                try Self.chain(sandbox)
                try sandbox.write(
                    "recipes/stores.yaml",
                    """
                    stores:
                      gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }
                      hongdae: { menu: gone.yaml, inventory: ../state/hongdae.yaml }

                    """)
                let result = try await sandbox.juice("order", "--stores", "recipes/stores.yaml")
                #expect(result.exitCode == 65)
                #expect(
                    result.stderrLines.filter { $0.contains("error") } == [
                        "recipes/stores.yaml:3:20: error: the menu of store 'hongdae' does not exist "
                            + "(recipes/gone.yaml) [missing-file]"
                    ])
                let json = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "json")
                #expect(json.exitCode == 65)
                #expect(try json.json()["diagnostics"]?.items.map { $0["code"] } == ["missing-file"])
            }
        }

        @Test func aChainTotalPastWhatACountHoldsIsRefused() async throws {
            try await Sandbox.with { sandbox in
                // Each store's 5 lines of 10^18 fit; the total's 10 do not.
                try OrderTests.costlyShop(
                    sandbox, count: 5, inventories: ["state/gangnam.yaml", "state/hongdae.yaml"])
                try sandbox.write(
                    "recipes/stores.yaml",
                    "stores:\n  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }\n"
                        + "  hongdae: { menu: menu.yaml, inventory: ../state/hongdae.yaml }\n")
                let result = try await sandbox.juice("order", "--stores", "recipes/stores.yaml")
                #expect(result.exitCode == 1)
                #expect(result.stdout == "")
                #expect(
                    result.stderrLines == [
                        "error: Chain total: the order from s comes to more than 9223372036854775807,"
                            + " the most a total can hold; lower its pars or costs"
                    ])
                let json = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "json")
                #expect(json.exitCode == 1)
                #expect(try json.json()["error"] == "above-maximum")
            }
        }

        /// gangnam's menu gives `market` a minimum of 1, hongdae's 9; only
        /// hongdae orders from it; each store orders one pack from `farm`.
        static func chainWithOwnTerms(_ sandbox: Sandbox, order: [String]) throws {
            try sandbox.write("recipes/menu.yaml", SupplyExample.menu)
            try sandbox.write(
                "recipes/hongdae.yaml",
                SupplyExample.menu.replacing(
                    "market: { name: Garak Market, minimum: 1 }", with: "market: { name: Garak Market, minimum: 9 }"))
            let menus = ["gangnam": "menu.yaml", "hongdae": "hongdae.yaml"]
            try sandbox.write(
                "recipes/stores.yaml",
                "stores:\n"
                    + order.map { "  \($0): { menu: \(menus[$0] ?? ""), inventory: ../state/\($0).yaml }\n" }.joined())
            let stock = ["strawberry": 25, "banana": 9, "kiwi": 15, "mango": 12, "lime": 0]
            try sandbox.write("state/gangnam.yaml", SupplyExample.inventory(stock))
            try sandbox.write("state/hongdae.yaml", SupplyExample.inventory(stock.merging(["kiwi": 2]) { $1 }))
        }

        @Test func theTotalTakesASuppliersTermsFromTheFirstStoreWhoseMenuNamesIt() async throws {
            try await Sandbox.with { sandbox in
                try Self.chainWithOwnTerms(sandbox, order: ["gangnam", "hongdae"])
                let result = try await sandbox.juice("order", "--stores", "recipes/stores.yaml")
                #expect(result.exitCode == 0)
                // 25 strawberries of 30 in packs of 12: one pack each; kiwi 2 of 15 in packs of 10: two.
                #expect(
                    result.stderrLines == [
                        "warning: gangnam: Fresh Farm (farm): 1 pack, under the minimum order of 4 packs",
                        "warning: hongdae: Fresh Farm (farm): 1 pack, under the minimum order of 4 packs",
                        "warning: hongdae: Garak Market (market): 2 packs, under the minimum order of 9 packs",
                        "warning: Chain total: Fresh Farm (farm): 2 packs, under the minimum order of 4 packs",
                    ])
                #expect(result.stdoutLines.contains("  Fresh Farm (farm): 1 pack, below the minimum of 4"))
                let json = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "json")
                let total = try json.json()["total"]?["suppliers"]
                #expect(total?.items.map { $0["supplier"] } == ["farm", "market"])
                #expect(total?.items.map { $0["belowMinimum"] } == [true, false])

                // hongdae first: its minimum of 9 is the chain's.
                try Self.chainWithOwnTerms(sandbox, order: ["hongdae", "gangnam"])
                let reversed = try await sandbox.juice("order", "--stores", "recipes/stores.yaml")
                #expect(
                    reversed.stderrLines.suffix(2) == [
                        "warning: Chain total: Fresh Farm (farm): 2 packs, under the minimum order of 4 packs",
                        "warning: Chain total: Garak Market (market): 2 packs, under the minimum order of 9 packs",
                    ])
            }
        }
    }
}
