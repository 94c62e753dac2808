import Testing

@testable import JuiceMaker

@Suite struct AvailabilityTests {
    @Test func theOriginalMenuAtTenOfEachAllowsTheseServings() {
        let report = Inventory(initialStockOf: .builtin).availability(in: .builtin)
        #expect(
            report.map { "\($0.recipe.id) \($0.servings)" } == [
                "strawberry 0", "banana 5", "kiwi 3", "pineapple 5", "strawberryBanana 1", "mango 3", "mangoKiwi 5",
            ])
        #expect(report.last?.limitedBy == ["mango"])
        #expect(report.first?.missing.map { "\($0.fruit) \($0.missing)" } == ["strawberry 6"])
        #expect(report.dropFirst().allSatisfy { $0.missing.isEmpty })
    }

    @Test func aHandMadeRecipeWithAQuantityBelowOneAllowsNoServingAndDoesNotTrap() {
        let inventory = Inventory(initialStockOf: .builtin)
        let recipe = Recipe(
            id: "odd",
            ingredients: [
                .init(fruit: "kiwi", quantity: 1), .init(fruit: "mango", quantity: 0),
                .init(fruit: "banana", quantity: -1),
            ])
        let availability = inventory.availability(of: recipe)
        #expect(availability.servings == 0)
        #expect(availability.limitedBy == ["mango", "banana"])
        #expect(availability.missing == [])
    }

    @Test func aMenuBuiltInCodeRefusesAQuantityOfZeroAsAMenuFileDoes() throws {
        let recipe = Recipe(id: "odd", ingredients: [.init(fruit: "kiwi", quantity: 0)])
        #expect {
            try Menu(fruits: [Fruit(id: "kiwi", initialStock: 3)], recipes: [recipe])
        } throws: { error in
            "\(error)"
                == "the quantity of 'kiwi' in recipe 'odd' is 0; it must be a whole number from 1 to 1000000000, written in plain digits"
        }
        let loaded = loadMenu("fruits:\n  kiwi: 3\nrecipes:\n  odd: { kiwi: 0 }\n")
        #expect(loaded.value == nil)
        #expect(places(loaded.diagnostics) == ["4:16 invalid-quantity"])
    }

    @Test func everyFruitAtTheMinimumLimitsARecipe() throws {
        let inventory = Inventory(counts: ["mango": 4, "kiwi": 2])
        let recipe = try #require(Menu.builtin.recipe(id: "mangoKiwi"))
        let availability = inventory.availability(of: recipe)
        #expect(availability.servings == 2)
        #expect(availability.limitedBy == ["mango", "kiwi"])
    }

    @Test func withNoServingTheShortFruitsLimitAndWhatOneServingLacksIsMissing() throws {
        let inventory = Inventory(counts: ["strawberry": 4, "banana": 5])
        let recipe = try #require(Menu.builtin.recipe(id: "strawberryBanana"))
        let availability = inventory.availability(of: recipe)
        #expect(availability.servings == 0)
        #expect(availability.limitedBy == ["strawberry"])
        #expect(availability.missing.map { "\($0.fruit) \($0.missing)" } == ["strawberry 6"])
    }

    @Test func servingsAloneAreTheServingsOfTheFullAvailability() {
        let inventory = Inventory(counts: ["strawberry": 32, "banana": 3, "mango": 1, "kiwi": 7])
        let servings = inventory.servings(in: .builtin)
        #expect(servings == [2, 1, 2, 0, 3, 0, 0])
        let availability = inventory.availability(in: .builtin)
        #expect(availability.map(\.servings) == servings)
        #expect(availability[4].limitedBy == ["strawberry", "banana"])
        // Only the short fruit is missing; kiwi, enough for 7, is not.
        #expect(availability[6].limitedBy == ["mango"])
        #expect(availability[6].missing.map { "\($0.fruit) \($0.missing)" } == ["mango 1"])
    }
}
