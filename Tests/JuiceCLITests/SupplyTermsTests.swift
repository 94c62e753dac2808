import Foundation
import TestSupport
import Testing

/// The supply terms outside `order`: `juice plan`'s `buyPacks` and chain
/// total, and `juice menu`'s listing of the terms and suppliers.
@Suite struct SupplyTermsTests {
    /// What the orders `strawberryBanana=3 kiwi=2` need of each fruit.
    static let needed = ["strawberry": 30, "banana": 3, "kiwi": 6]
    /// The packs of each fruit the menu gives one.
    static let packs = ["strawberry": 12, "banana": 6, "kiwi": 10]

    static func numbers(_ values: [String: Int]) -> JSON {
        .object(values.mapValues { .number(Double($0)) })
    }

    @Test func aPlanGivesBuyPacksBesideBuyForFruitsWithAPack() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let result = try await sandbox.juice("plan", "strawberryBanana=3", "kiwi=2", "--format", "json")
            #expect(result.exitCode == 0)
            let have = Dictionary(uniqueKeysWithValues: Self.needed.keys.map { ($0, SupplyExample.stock[$0] ?? 0) })
            let buy = Dictionary(
                uniqueKeysWithValues: Self.needed.map { ($0.key, max(0, $0.value - (have[$0.key] ?? 0))) })
            let buyPacks = Dictionary(
                uniqueKeysWithValues: buy.map { fruit, count in
                    (fruit, SupplyExample.packsByCounting(have: 0, par: count, pack: Self.packs[fruit] ?? 1))
                })
            #expect(
                try result.json() == [
                    "needed": Self.numbers(Self.needed), "have": Self.numbers(have), "buy": Self.numbers(buy),
                    "buyPacks": Self.numbers(buyPacks), "diagnostics": [],
                ])

            let csv = try await sandbox.juice("plan", "strawberryBanana=3", "kiwi=2", "--format", "csv")
            #expect(
                csv.stdoutLines == [
                    "fruit,needed,have,buy,buyPacks", "strawberry,30,4,26,3", "banana,3,9,0,0", "kiwi,6,2,4,1",
                ])
            let text = try await sandbox.juice("plan", "strawberryBanana=3", "kiwi=2")
            #expect(
                text.stdoutLines == [
                    "FRUIT       NEEDED  HAVE  BUY  PACKS", "Strawberry      30     4   26      3",
                    "Banana           3     9    0      0", "Kiwi             6     2    4      1",
                    "To buy: Strawberry 26, Kiwi 4",
                ])
        }
    }

    @Test func aMenuWithoutPacksKeepsThePlansFormsAsTheyWere() async throws {
        try await Sandbox.with { sandbox in
            let json = try await sandbox.juice("plan", "strawberryBanana=3", "--format", "json")
            #expect(try json.json().keys == ["buy", "diagnostics", "have", "needed"])
            let csv = try await sandbox.juice("plan", "strawberryBanana=3", "--format", "csv")
            #expect(csv.stdoutLines.first == "fruit,needed,have,buy")
        }
    }

    @Test func aChainPlanEndsWithTheChainsTotalToBuy() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.Stores.chain(sandbox)
            let arguments = ["plan", "strawberryBanana=3", "kiwi=2", "--stores", "recipes/stores.yaml"]
            var buy: [String: Int] = [:]
            var buyPacks: [String: Int] = [:]
            var have: [String: Int] = [:]
            for stock in OrderTests.Stores.stocks.values {
                for (fruit, count) in Self.needed {
                    let short = max(0, count - (stock[fruit] ?? 0))
                    buy[fruit, default: 0] += short
                    have[fruit, default: 0] += stock[fruit] ?? 0
                    buyPacks[fruit, default: 0] += SupplyExample.packsByCounting(
                        have: 0, par: short, pack: Self.packs[fruit] ?? 1)
                }
            }
            let json = try await sandbox.juice(arguments: arguments + ["--format", "json"])
            #expect(json.exitCode == 0)
            #expect(
                try json.json()["total"] == [
                    "needed": Self.numbers(Self.needed.mapValues { $0 * 2 }), "have": Self.numbers(have),
                    "buy": Self.numbers(buy), "buyPacks": Self.numbers(buyPacks),
                ])
            #expect(try json.json().keys == ["diagnostics", "stores", "total"])

            let csv = try await sandbox.juice(arguments: arguments + ["--format", "csv"])
            #expect(csv.stdoutLines.first == "store,fruit,needed,have,buy,buyPacks")
            let rows = csvRows(csv)
            #expect(
                rows.filter { $0.first == "*" }.map { $0[1] + " " + $0[4] + " " + $0[5] } == [
                    "strawberry \(buy["strawberry"] ?? 0) \(buyPacks["strawberry"] ?? 0)",
                    "banana \(buy["banana"] ?? 0) \(buyPacks["banana"] ?? 0)",
                    "kiwi \(buy["kiwi"] ?? 0) \(buyPacks["kiwi"] ?? 0)",
                ])

            let text = try await sandbox.juice(arguments: arguments)
            let total = try #require(text.stdoutLines.firstIndex(of: "Chain total:"))
            #expect(
                Array(text.stdoutLines[(total + 1)...]) == [
                    "  FRUIT       NEEDED  HAVE  BUY  PACKS",
                    "  Strawberry      60    24   36      4",
                    "  Banana           6    10    2      1",
                    "  Kiwi            12    17    4      1",
                    "  To buy: Strawberry 36, Banana 2, Kiwi 4",
                ])
        }
    }

    @Test func theMenuListsTheTermsAndTheSuppliersInEveryFormat() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let json = try await sandbox.juice("menu", "--format", "json")
            #expect(json.exitCode == 0)
            let menu = try json.json()
            #expect(
                menu["fruits"]?[0] == [
                    "id": "strawberry", "name": "Strawberry", "stock": 10, "cost": 300, "par": 30, "reorder": 29,
                    "pack": 12, "supplier": "farm",
                ])
            #expect(
                menu["fruits"]?[3] == [
                    "id": "mango", "name": "Mango", "stock": 10, "cost": 700, "par": 12, "reorder": 11,
                ])
            #expect(menu["fruits"]?[4] == ["id": "lime", "name": "lime", "stock": 5, "cost": 50])
            #expect(
                menu["suppliers"] == [
                    ["id": "farm", "name": "Fresh Farm", "minimum": 4],
                    ["id": "market", "name": "Garak Market", "minimum": 1],
                ])

            let text = try await sandbox.juice("menu", "--locale", "ko")
            #expect(
                Array(text.stdoutLines.prefix(6)) == [
                    "과일        이름    재고  원가  적정 재고  주문 시점  한 상자  공급처",
                    "strawberry  딸기      10   300         30         29       12  farm",
                    "banana      바나나    10   200         20          8        6  farm",
                    "kiwi        키위      10     -         15         14       10  market",
                    "mango       망고      10   700         12         11        -  -",
                    "lime        lime       5    50          -          -        -  -",
                ])
            #expect(
                Array(text.stdoutLines.suffix(3)) == [
                    "공급처  이름          최소 주문", "farm    신선농장              4", "market  Garak Market          1",
                ])

            let csv = try await sandbox.juice("menu", "--format", "csv")
            #expect(
                Array(csv.stdoutLines.prefix(2)) == [
                    "kind,id,name,stock,uses,price,cost,par,reorder,pack,supplier,minimum",
                    "fruit,strawberry,Strawberry,10,,,300,30,29,12,farm,",
                ])
            #expect(csv.stdoutLines.last == "supplier,market,Garak Market,,,,,,,,,1")

            let markdown = try await sandbox.juice("menu", "--format", "markdown")
            #expect(markdown.stdoutLines.first == "| Fruit | Name | Stock | Cost | Par | Reorder | Pack | Supplier |")
            #expect(
                markdown.stdoutLines.suffix(3)
                    == [
                        "| Supplier | Name | Minimum |", "| --- | --- | ---: |", "| farm | Fresh Farm | 4 |",
                        "| market | Garak Market | 1 |",
                    ].suffix(3))
        }
    }
}
