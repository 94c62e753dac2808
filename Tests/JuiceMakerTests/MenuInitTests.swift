import Testing

@testable import JuiceMaker

/// `Menu.init(fruits:recipes:)` applies the rules a menu file obeys, and
/// throws each broken one as the diagnostic the loader gives for it.
@Suite struct MenuInitTests {
    private let kiwi = Fruit(id: "kiwi", initialStock: 10)

    private func recipe(_ id: String, _ ingredients: [(String, Int)]) -> Recipe {
        Recipe(id: id, ingredients: ingredients.map { Recipe.Ingredient(fruit: $0.0, quantity: $0.1) })
    }

    /// The codes and messages `Menu.init` throws, or `[]` when it builds a menu.
    private func problems(_ fruits: [Fruit], _ recipes: [Recipe]) -> [String] {
        do {
            _ = try Menu(fruits: fruits, recipes: recipes)
            return []
        } catch {
            #expect(error.diagnostics.allSatisfy { $0.location == SourceLocation(file: "<code>", line: 1, column: 1) })
            return error.diagnostics.map { "\($0.code.rawValue): \($0.message)" }
        }
    }

    @Test func aValidMenuIsBuiltWithItsFruitsAndRecipesInOrder() throws {
        let menu = try Menu(
            fruits: [kiwi, Fruit(id: "mango", initialStock: 4)],
            recipes: [recipe("mangoKiwi", [("mango", 2), ("kiwi", 1)]), recipe("kiwi", [("kiwi", 3)])])
        #expect(menu.fruits.map(\.id) == ["kiwi", "mango"])
        #expect(menu.recipes.map(\.id) == ["mangoKiwi", "kiwi"])
        #expect(Inventory(initialStockOf: menu).servings(in: menu) == [2, 3])
    }

    @Test func anInvalidFruitIDIsAnInvalidIDError() {
        #expect(
            problems([Fruit(id: "x-kiwi")], [recipe("juice", [("x-kiwi", 1)])]) == [
                "invalid-id: invalid fruit id 'x-kiwi': an id is an ASCII letter followed by ASCII letters, digits, '_' or '-', and does not start with 'x-'"
            ])
    }

    @Test func anInvalidRecipeIDIsAnInvalidIDError() {
        #expect(
            problems([kiwi], [recipe("2kiwi", [("kiwi", 1)])]) == [
                "invalid-id: invalid recipe id '2kiwi': an id is an ASCII letter followed by ASCII letters, digits, '_' or '-', and does not start with 'x-'"
            ])
    }

    @Test(arguments: [-1, 1_000_000_001])
    func aStockOutOfRangeIsAnInvalidQuantity(stock: Int) {
        #expect(
            problems([Fruit(id: "kiwi", initialStock: stock)], [recipe("kiwi", [("kiwi", 1)])]) == [
                "invalid-quantity: the stock of fruit 'kiwi' is \(stock); it must be a whole number from 0 to 1000000000, written in plain digits"
            ])
    }

    @Test(arguments: [0, 1_000_000_001])
    func aQuantityOutOfRangeIsAnInvalidQuantity(quantity: Int) {
        #expect(
            problems([kiwi], [recipe("kiwi", [("kiwi", quantity)])]) == [
                "invalid-quantity: the quantity of 'kiwi' in recipe 'kiwi' is \(quantity); it must be a whole number from 1 to 1000000000, written in plain digits"
            ])
    }

    @Test func aFruitGivenTwiceIsADuplicate() {
        #expect(
            problems([kiwi, Fruit(id: "kiwi")], [recipe("kiwi", [("kiwi", 1)])]) == [
                "duplicate-key: fruit 'kiwi' appears twice"
            ])
    }

    @Test func aRecipeGivenTwiceIsADuplicate() {
        #expect(
            problems([kiwi], [recipe("kiwi", [("kiwi", 1)]), recipe("kiwi", [("kiwi", 2)])]) == [
                "duplicate-key: recipe 'kiwi' appears twice"
            ])
    }

    @Test func aRecipeThatUsesNoFruitIsEmpty() {
        #expect(
            problems([kiwi], [recipe("kiwi", [("kiwi", 1)]), recipe("water", [])]) == [
                "empty-recipe: recipe 'water' uses no fruit"
            ])
    }

    @Test func aFruitTwiceInOneRecipeIsADuplicate() {
        #expect(
            problems([kiwi], [recipe("kiwi", [("kiwi", 1), ("kiwi", 2)])]) == [
                "duplicate-key: fruit 'kiwi' in recipe 'kiwi' appears twice"
            ])
    }

    @Test func aRecipeUsingAnUndeclaredFruitIsAnUnknownFruitWithDidYouMean() {
        #expect(
            problems([kiwi], [recipe("kiwi", [("kiwii", 1)])]) == [
                "unknown-fruit: unknown fruit 'kiwii' in recipe 'kiwi' (did you mean 'kiwi'?)"
            ])
    }

    @Test func everyBrokenRuleIsReportedNotJustTheFirst() {
        let found = problems(
            [Fruit(id: "1"), kiwi, kiwi], [recipe("kiwi", [("lime", 0)]), recipe("water", [])])
        #expect(
            found.map { String($0.prefix { $0 != ":" }) } == [
                "invalid-id", "duplicate-key", "invalid-quantity", "empty-recipe", "unknown-fruit",
            ])
    }

    @Test func anUnusedFruitIsOnlyAWarningAndTheMenuIsBuilt() throws {
        let menu = try Menu(fruits: [kiwi, Fruit(id: "lime")], recipes: [recipe("kiwi", [("kiwi", 3)])])
        #expect(menu.fruits.map(\.id) == ["kiwi", "lime"])
    }

    @Test func theSameRuleGivesTheSameMessageInAFile() {
        let file = loadMenu(
            """
            fruits:
              kiwi: 10
            recipes:
              kiwi: { kiwii: 1 }
            """)
        #expect(
            file.diagnostics.filter { $0.severity == .error }.map { "\($0.code.rawValue): \($0.message)" }
                == problems(
                    [kiwi], [recipe("kiwi", [("kiwii", 1)])]))
    }
}
