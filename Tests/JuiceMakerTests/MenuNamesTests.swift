import Testing

@testable import JuiceMaker

/// `Menu.recipe(named:)` and `Menu.fruit(named:)`: ids first, then display
/// names exactly, then ids and names ignoring ASCII case.
@Suite struct MenuNamesTests {
    let menu = Menu.builtin

    @Test func anIDOrANameInAnyLanguageNamesTheRecipe() throws {
        #expect(try menu.recipe(named: "strawberryBanana").id == "strawberryBanana")
        #expect(try menu.recipe(named: "딸바쥬스").id == "strawberryBanana")
        #expect(try menu.recipe(named: "Strawberry Banana Juice").id == "strawberryBanana")
        #expect(try menu.recipe(named: "strawberry banana juice").id == "strawberryBanana")
        #expect(try menu.recipe(named: "STRAWBERRYBANANA").id == "strawberryBanana")
        #expect(try menu.fruit(named: "망고").id == "mango")
        #expect(try menu.fruit(named: "MANGO").id == "mango")
    }

    @Test func anIDWinsOverANameAndAnExactNameOverACaseFoldedOne() throws {
        let menu = try Menu(
            fruits: [Fruit(id: "kiwi"), Fruit(id: "lime")],
            recipes: [
                Recipe(id: "Lime", name: DisplayName("kiwi"), ingredients: [.init(fruit: "kiwi", quantity: 1)]),
                Recipe(id: "kiwi", name: DisplayName("KIWI"), ingredients: [.init(fruit: "lime", quantity: 1)]),
            ])
        // The id "kiwi" wins over the name "kiwi" of the recipe "Lime".
        #expect(try menu.recipe(named: "kiwi").id == "kiwi")
        // The exact name "KIWI" wins over the id "kiwi" folded.
        #expect(try menu.recipe(named: "KIWI").id == "kiwi")
        // Folded, "Kiwi" fits the name of "Lime" and the id of "kiwi".
        #expect(throws: OrderError.ambiguous("Kiwi", candidates: ["Lime", "kiwi"])) {
            try menu.recipe(named: "Kiwi")
        }
    }

    @Test func aNameOfSeveralIsAmbiguousAndAnotherKindsNameIsSaid() {
        #expect(throws: OrderError.fruitNamedAsRecipe("딸기")) { try menu.recipe(named: "딸기") }
        #expect(throws: OrderError.recipeNamedAsFruit("Kiwi Juice")) { try menu.fruit(named: "Kiwi Juice") }
        #expect(throws: OrderError.unknownRecipe("Kiwi Jucie", suggestion: "Kiwi Juice")) {
            try menu.recipe(named: "Kiwi Jucie")
        }
    }
}
