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
