import JuiceMaker

/// The JSON of `juice menu`: `{"fruits": [{"id", "name", "stock", "cost"?,
/// "par"?, "reorder"?, "pack"?, "supplier"?}], "recipes": [{"id", "name",
/// "uses", "price"?}], "suppliers"?: [{"id", "name", "minimum"}],
/// "diagnostics"}`; each optional key only where the menu gives it
/// (`reorder` wherever `par` is: par - 1 unless given), `suppliers` only
/// when the menu names some.
package struct MenuJSON: Encodable, Sendable {
    /// One fruit.
    package struct Fruit: Encodable, Sendable {
        var id: String
        var name: String
        var stock: Int
        var cost: Int?
        var par: Int?
        var reorder: Int?
        var pack: Int?
        var supplier: String?
    }

    /// One supplier.
    package struct Supplier: Encodable, Sendable {
        var id: String
        var name: String
        var minimum: Int
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
    package var suppliers: [Supplier]?
    package var diagnostics: [Diagnostic]

    /// The listing of `menu`, names in `language`.
    package init(menu: Menu, language: String?, diagnostics: [Diagnostic]) {
        fruits = menu.fruits.map {
            Fruit(
                id: $0.id, name: $0.displayName(for: language), stock: $0.initialStock, cost: $0.cost,
                par: $0.supply?.par, reorder: $0.supply?.reorderLevel, pack: $0.supply?.pack,
                supplier: $0.supply?.supplier)
        }
        suppliers =
            menu.suppliers.isEmpty
            ? nil
            : menu.suppliers.map { Supplier(id: $0.id, name: $0.displayName(for: language), minimum: $0.minimum) }
        recipes = menu.recipes.map { recipe in
            Recipe(
                id: recipe.id, name: recipe.displayName(for: language),
                uses: Dictionary(uniqueKeysWithValues: recipe.ingredients.map { ($0.fruit, $0.quantity) }),
                price: recipe.price)
        }
        self.diagnostics = diagnostics
    }
}
