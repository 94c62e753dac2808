import JuiceMaker

/// The JSON of `juice menu`: `{"fruits": [{"id", "name", "stock", "cost"?}],
/// "recipes": [{"id", "name", "uses", "price"?}], "diagnostics"}`; `cost`
/// and `price` only where the menu gives them.
package struct MenuJSON: Encodable, Sendable {
    /// One fruit.
    package struct Fruit: Encodable, Sendable {
        var id: String
        var name: String
        var stock: Int
        var cost: Int?
    }

    /// One recipe: what one serving uses, by fruit id.
    package struct Recipe: Encodable, Sendable {
        var id: String
        var name: String
        var uses: [String: Int]
        var price: Int?
    }

    package var fruits: [Fruit]
    package var recipes: [Recipe]
    package var diagnostics: [Diagnostic]

    /// The listing of `menu`, names in `language`.
    package init(menu: Menu, language: String?, diagnostics: [Diagnostic]) {
        fruits = menu.fruits.map {
            Fruit(id: $0.id, name: $0.displayName(for: language), stock: $0.initialStock, cost: $0.cost)
        }
        recipes = menu.recipes.map { recipe in
            Recipe(
                id: recipe.id, name: recipe.displayName(for: language),
                uses: Dictionary(uniqueKeysWithValues: recipe.ingredients.map { ($0.fruit, $0.quantity) }),
                price: recipe.price)
        }
        self.diagnostics = diagnostics
    }
}
