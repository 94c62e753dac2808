import JuiceMaker
import Testing

/// A recipe's `price` and a fruit's `cost`: read from the long forms,
/// checked like every number (whole, 0 to 1,000,000,000, plain digits).
@Suite struct PriceAndCostTests {
    @Test func priceAndCostAreReadFromTheLongForms() throws {
        let menu = try #require(
            loadMenu(
                """
                fruits:
                  kiwi: { stock: 9, cost: 0 }
                  mango: { stock: 4, cost: 1000000000 }
                  lime: 3
                recipes:
                  kiwi: { uses: { kiwi: 3 }, price: 4000 }
                  mangoKiwi: { name: Mango Kiwi, uses: { mango: 2, kiwi: 1 }, price: 0 }
                  lime: { lime: 1 }
                """
            ).value)
        #expect(menu.fruits.map(\.cost) == [0, 1_000_000_000, nil])
        #expect(menu.recipes.map(\.price) == [4000, 0, nil])
    }

    @Test func aPriceOrCostPastTheMaximumIsAnInvalidQuantityAtTheValue() {
        let loaded = loadMenu(
            """
            fruits:
              kiwi: { stock: 9, cost: 1000000001 }
            recipes:
              kiwi: { uses: { kiwi: 3 }, price: 1000000001 }
              kiwi2: { uses: { kiwi: 3 }, price: -1 }
              kiwi3: { uses: { kiwi: 3 }, price: 2.5 }
            """)
        #expect(loaded.value == nil)
        #expect(
            loaded.diagnostics.map(\.description) == [
                "menu.yaml:2:27: error: the cost of fruit 'kiwi' is '1000000001'; it must be a whole number from 0 to 1000000000, written in plain digits [invalid-quantity]",
                "menu.yaml:4:37: error: the price of recipe 'kiwi' is '1000000001'; it must be a whole number from 0 to 1000000000, written in plain digits [invalid-quantity]",
                "menu.yaml:5:38: error: the price of recipe 'kiwi2' is '-1'; it must be a whole number from 0 to 1000000000, written in plain digits [invalid-quantity]",
                "menu.yaml:6:38: error: the price of recipe 'kiwi3' is '2.5'; it must be a whole number from 0 to 1000000000, written in plain digits [invalid-quantity]",
            ])
    }

    @Test func aPriceWithoutUsesIsALongFormThatLacksUses() {
        let loaded = loadMenu(
            """
            fruits:
              kiwi: 9
            recipes:
              kiwi: { price: 4000, kiwi: 3 }
            """)
        #expect(places(loaded.diagnostics).contains("4:11 missing-key"))
        #expect(loaded.diagnostics.contains { $0.message == "recipe 'kiwi' has a 'price' but no 'uses'" })
    }

    @Test func aMenuBuiltInCodeIsCheckedForPriceAndCostToo() {
        let error = #expect(throws: MenuError.self) {
            try Menu(
                fruits: [Fruit(id: "kiwi", initialStock: 9, cost: -1)],
                recipes: [Recipe(id: "kiwi", ingredients: [.init(fruit: "kiwi", quantity: 3)], price: 1_000_000_001)])
        }
        #expect(
            error?.diagnostics.map(\.message) == [
                "the cost of fruit 'kiwi' is -1; it must be a whole number from 0 to 1000000000, written in plain digits",
                "the price of recipe 'kiwi' is 1000000001; it must be a whole number from 0 to 1000000000, written in plain digits",
            ])
    }
}
