import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// SPEC 13's supply terms: a fruit's `par`, `reorder`, `pack` and
/// `supplier`, the menu's `suppliers`, checked like every field, and the
/// order they make.
@Suite struct SupplyTests {
    @Test func theTermsAreReadWithTheirDefaults() throws {
        let menu = try #require(loadMenu(SupplyExample.menu).value)
        #expect(menu.fruits.map { $0.supply?.par } == [30, 20, 15, 12, nil])
        #expect(menu.fruits.map { $0.supply?.reorderLevel } == [29, 8, 14, 11, nil])
        #expect(menu.fruits.map { $0.supply?.packSize } == [12, 6, 10, 1, nil])
        #expect(menu.fruits.map { $0.supply?.supplier } == ["farm", "farm", "market", nil, nil])
        #expect(menu.fruits[4].supply == nil)
        #expect(
            menu.suppliers == [
                Supplier(
                    id: "farm",
                    name: DisplayName([.init(locale: "en", text: "Fresh Farm"), .init(locale: "ko", text: "신선농장")]),
                    minimum: 4),
                Supplier(id: "market", name: DisplayName("Garak Market"), minimum: 1),
            ])
        #expect(menu.supplier(id: "farm")?.displayName(for: "ko") == "신선농장")
    }

    @Test func eachBrokenTermIsReportedAtItsValue() {
        let loaded = loadMenu(
            """
            fruits:
              kiwi: { stock: 9, par: -1, pack: 0, supplier: [farm] }
              mango: { stock: 9, par: 10, reorder: 11, supplier: frm }
              lime: { stock: 9, reorder: 2, parr: 3 }
            suppliers:
              farm: { name: Farm, minimum: many, nmae: x }
              market: 3
            recipes:
              kiwi: { kiwi: 1 }
              mango: { mango: 1 }
              lime: { lime: 1 }
            """)
        #expect(loaded.value == nil)
        #expect(
            loaded.diagnostics.map(\.description) == [
                "menu.yaml:2:26: error: the par of fruit 'kiwi' is '-1'; it must be a whole number from 0 to 1000000000, written in plain digits [invalid-quantity]",
                "menu.yaml:2:36: error: the pack of fruit 'kiwi' is '0'; it must be a whole number from 1 to 1000000000, written in plain digits [invalid-quantity]",
                "menu.yaml:2:49: error: the supplier of fruit 'kiwi' must be a supplier's id, not a sequence [type-mismatch]",
                "menu.yaml:3:40: error: the reorder level of fruit 'mango' is 11, above its par of 10; it must be at most the par [invalid-quantity]",
                "menu.yaml:3:54: error: unknown supplier 'frm' of fruit 'mango' (did you mean 'farm'?) [unknown-supplier]",
                "menu.yaml:4:30: error: fruit 'lime' has a 'reorder' but no 'par' to order up to [missing-key]",
                "menu.yaml:4:33: error: unknown key 'parr' in fruit 'lime' (did you mean 'par'?) [unknown-key]",
                "menu.yaml:6:32: error: the minimum of supplier 'farm' is 'many'; it must be a whole number from 0 to 1000000000, written in plain digits [invalid-quantity]",
                "menu.yaml:6:38: error: unknown key 'nmae' in supplier 'farm' (did you mean 'name'?) [unknown-key]",
                "menu.yaml:7:11: error: supplier 'market' must be a mapping, not a scalar [type-mismatch]",
            ])
    }

    @Test func aChildOverridesTheTermsAndTheSuppliersLikeAnyKey() throws {
        try TemporaryFolder.withPath { folder in try Self.childOverrides(in: folder) }
    }

    private static func childOverrides(in folder: String) throws {
        let loader = MenuLoader()
        let files = [
            "base.yaml": """
            fruits:
              kiwi: { stock: 9, par: 15, supplier: farm }
              mango: { stock: 9, par: 10, supplier: market }
            suppliers:
              farm: { name: Farm, minimum: 2 }
              market: { name: Market }
            recipes:
              kiwi: { kiwi: 1 }
              mango: { mango: 1 }
            """,
            "child.yaml": """
            extends: base.yaml
            fruits:
              kiwi: { stock: 9, par: 30, pack: 6, supplier: market }
            suppliers:
              market: { name: New Market, minimum: 3 }
              orchard: { name: Orchard }
            """,
            "removes.yaml": """
            extends: base.yaml
            suppliers:
              market: ~
            """,
        ]
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let child = try #require(try loader.load(path: folder + "/child.yaml").value)
        #expect(
            child.fruits.map(\.supply) == [
                FruitSupply(par: 30, pack: 6, supplier: "market"), FruitSupply(par: 10, supplier: "market"),
            ])
        #expect(child.suppliers.map(\.id) == ["farm", "market", "orchard"])
        #expect(child.supplier(id: "market")?.minimum == 3)
        #expect(child.supplier(id: "farm")?.minimum == 2)

        // A removed supplier that a parent's fruit still names: the error is
        // at the parent's `supplier` value.
        let removes = try loader.load(path: folder + "/removes.yaml")
        #expect(removes.value == nil)
        #expect(
            removes.diagnostics.map(\.description) == [
                "\(folder)/base.yaml:3:41: error: unknown supplier 'market' of fruit 'mango' [unknown-supplier]"
            ])
    }

    @Test func aMenuBuiltInCodeIsCheckedForTheTermsToo() {
        let error = #expect(throws: MenuError.self) {
            try Menu(
                fruits: [
                    Fruit(id: "kiwi", initialStock: 9, supply: FruitSupply(par: 5, reorder: 6, pack: 0)),
                    Fruit(id: "mango", initialStock: 9, supply: FruitSupply(par: 5, supplier: "frm")),
                ],
                recipes: [
                    Recipe(id: "kiwi", ingredients: [.init(fruit: "kiwi", quantity: 3)]),
                    Recipe(id: "mango", ingredients: [.init(fruit: "mango", quantity: 3)]),
                ],
                suppliers: [Supplier(id: "farm", minimum: -1)])
        }
        #expect(
            error?.diagnostics.map(\.message) == [
                "the pack of fruit 'kiwi' is 0; it must be a whole number from 1 to 1000000000, written in plain digits",
                "the reorder level of fruit 'kiwi' is 6, above its par of 5; it must be at most the par",
                "the minimum of supplier 'farm' is -1; it must be a whole number from 0 to 1000000000, written in plain digits",
                "unknown supplier 'frm' of fruit 'mango' (did you mean 'farm'?)",
            ])
    }

    @Test func theOrderBringsEachFruitAtOrBelowItsReorderLevelToParInWholePacks() throws {
        let menu = try #require(loadMenu(SupplyExample.menu).value)
        let stock = ["strawberry": 4, "banana": 9, "kiwi": 2, "mango": 11, "lime": 0]
        let order = SupplyOrder(menu: menu, inventory: Inventory(counts: stock))
        // strawberry: 4 of par 30 in packs of 12; banana: 9 is above its
        // reorder level 8; kiwi: 2 of 15 in packs of 10, no cost; mango: 11
        // of 12, one at a time, no supplier; lime: no par.
        let strawberryPacks = SupplyExample.packsByCounting(have: 4, par: 30, pack: 12)
        let kiwiPacks = SupplyExample.packsByCounting(have: 2, par: 15, pack: 10)
        #expect((strawberryPacks, kiwiPacks) == (3, 2))
        #expect(order.groups.map(\.supplier) == ["farm", "market", nil])
        #expect(
            order.groups.map { $0.lines.map(\.fruit) } == [["strawberry"], ["kiwi"], ["mango"]])
        let lines = order.groups.flatMap(\.lines)
        #expect(lines.map(\.have) == [4, 2, 11])
        #expect(lines.map(\.par) == [30, 15, 12])
        #expect(lines.map(\.packs) == [strawberryPacks, kiwiPacks, 1])
        #expect(lines.map(\.units) == [strawberryPacks * 12, kiwiPacks * 10, 1])
        #expect(lines.map(\.cost) == [300 * strawberryPacks * 12, nil, 700])
        #expect(order.groups.map(\.packs) == [strawberryPacks, kiwiPacks, 1])
        #expect(order.groups.map(\.cost) == [300 * 36, nil, 700])
        #expect(order.groups.map(\.belowMinimum) == [true, false, false])
    }

    @Test func aFruitAtParOrAboveItsReorderLevelIsNotOrdered() throws {
        let menu = try #require(loadMenu(SupplyExample.menu).value)
        let full = SupplyOrder(
            menu: menu, inventory: Inventory(counts: ["strawberry": 30, "banana": 20, "kiwi": 15, "mango": 12]))
        #expect(full.isEmpty)
        // At the reorder level: ordered; one above: not.
        let atLevel = SupplyOrder(
            menu: menu, inventory: Inventory(counts: ["strawberry": 29, "banana": 8, "kiwi": 15, "mango": 12]))
        #expect(atLevel.groups.flatMap(\.lines).map(\.fruit) == ["strawberry", "banana"])
        #expect(
            atLevel.groups.flatMap(\.lines).map(\.packs) == [
                1, SupplyExample.packsByCounting(have: 8, par: 20, pack: 6),
            ])
    }

    @Test func aChainTotalAddsUpEachSupplierAndFruitAcrossStores() throws {
        let menu = try #require(loadMenu(SupplyExample.menu).value)
        let first = SupplyOrder(
            menu: menu, inventory: Inventory(counts: ["strawberry": 4, "banana": 9, "kiwi": 2, "mango": 11]))
        let second = SupplyOrder(
            menu: menu, inventory: Inventory(counts: ["strawberry": 20, "banana": 1, "kiwi": 15, "mango": 12]))
        let total = SupplyOrder.total(of: [first, second])
        #expect(total.groups.map(\.supplier) == ["farm", "market", nil])
        let farm = total.groups[0]
        // strawberry: 3 packs in the first store, 1 (20 of 30) in the second;
        // banana: only the second, 1 of 20 in packs of 6.
        let bananaPacks = SupplyExample.packsByCounting(have: 1, par: 20, pack: 6)
        #expect(farm.lines.map(\.fruit) == ["strawberry", "banana"])
        #expect(farm.lines.map(\.packs) == [3 + 1, bananaPacks])
        #expect(farm.lines.map(\.units) == [36 + 12, bananaPacks * 6])
        #expect(farm.lines.map(\.have) == [24, 1])
        #expect(farm.lines.map(\.par) == [60, 20])
        #expect(farm.cost == 300 * 48 + 200 * bananaPacks * 6)
        #expect(farm.belowMinimum == (4 + bananaPacks < 4))
        #expect(total.groups[1].lines.map(\.packs) == [2])
        #expect(total.groups[2].lines.map(\.units) == [1])
    }

    @Test func thePlansPacksRoundTheShortfallUpForFruitsWithAPack() throws {
        let menu = try #require(loadMenu(SupplyExample.menu).value)
        let list = [
            Shortage(fruit: "strawberry", needed: 30, available: 5), Shortage(fruit: "mango", needed: 3, available: 0),
            Shortage(fruit: "kiwi", needed: 3, available: 9),
        ]
        #expect(menu.packs(toBuy: list) == [SupplyExample.packsByCounting(have: 5, par: 30, pack: 12), nil, 0])
        var total = ChainShoppingList()
        total.add(list, packs: menu.packs(toBuy: list))
        total.add([Shortage(fruit: "strawberry", needed: 10, available: 20)], packs: [0])
        #expect(total.items.map(\.fruit) == ["strawberry", "mango", "kiwi"])
        #expect(total.items.map(\.needed) == [40, 3, 3])
        #expect(total.items.map(\.have) == [25, 0, 9])
        // A store's surplus does not cover another's shortfall.
        #expect(total.items.map(\.buy) == [25, 3, 0])
        #expect(total.items.map(\.buyPacks) == [3, nil, 0])
    }

    @Test func aReceivedOrderAddsEachLinesUnitsAndArrivalsReplaceThem() throws {
        let menu = try #require(loadMenu(SupplyExample.menu).value)
        let text = """
            {"suppliers": [
              {"supplier": "farm", "lines": [{"fruit": "strawberry", "units": 36}, {"fruit": "banana", "units": 6}]},
              {"supplier": null, "lines": [{"fruit": "mango", "units": 1}, {"fruit": "banana", "units": 6}]}
            ]}
            """
        let order = try #require(ReceivedOrder.parse(Array(text.utf8), path: "order.json", menu: menu).value)
        // banana twice (under two suppliers): once, added up.
        #expect(
            order.lines == [
                .init(fruit: "strawberry", units: 36), .init(fruit: "banana", units: 12),
                .init(fruit: "mango", units: 1),
            ])
        #expect(
            order.changes(arrived: [.init(fruit: "banana", units: 0), .init(fruit: "lime", units: 5)]) == [
                StockChange(fruit: "strawberry", .add(36)), StockChange(fruit: "mango", .add(1)),
                StockChange(fruit: "lime", .add(5)),
            ])
    }

    @Test func aChainsOrderIsReadForOneStoreAndOnlyWithIt() throws {
        let menu = try #require(loadMenu(SupplyExample.menu).value)
        let text = """
            {"stores": [
              {"store": "gangnam", "suppliers": [{"lines": [{"fruit": "kiwi", "units": 20}]}]},
              {"store": "hongdae", "suppliers": [{"lines": [{"fruit": "mango", "units": 1}]}]}
            ], "total": {"suppliers": []}}
            """
        let bytes = Array(text.utf8)
        let hongdae = ReceivedOrder.parse(bytes, path: "chain.json", menu: menu, store: "hongdae")
        #expect(hongdae.value?.lines == [.init(fruit: "mango", units: 1)])
        let none = ReceivedOrder.parse(bytes, path: "chain.json", menu: menu)
        #expect(none.value == nil)
        #expect(
            none.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue)" } == [
                "1:2 type-mismatch"
            ])
        let other = ReceivedOrder.parse(bytes, path: "chain.json", menu: menu, store: "hongdea")
        #expect(
            other.diagnostics.map(\.description) == [
                "chain.json:1:12: error: the order has no store 'hongdea' (did you mean 'hongdae'?); its stores: gangnam, hongdae [type-mismatch]"
            ])
    }
}
