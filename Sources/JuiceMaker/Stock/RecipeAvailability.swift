/// What a store can make of one recipe with the stock it has.
public struct RecipeAvailability: Sendable, Hashable {
    /// The recipe.
    public var recipe: Recipe
    /// How many servings can be made now.
    public var servings: Int
    /// The fruits that bind `servings`: every fruit at the minimum, or, when
    /// `servings` is 0, the fruits that are short. In the recipe's order.
    public var limitedBy: [String]
    /// When `servings` is 0, each short fruit against what one serving
    /// needs of it; empty otherwise. In the recipe's order.
    public var missing: [Shortage]

    /// The availability of `recipe`, as ``Inventory/availability(of:)`` computes it.
    public init(recipe: Recipe, servings: Int, limitedBy: [String], missing: [Shortage]) {
        self.recipe = recipe
        self.servings = servings
        self.limitedBy = limitedBy
        self.missing = missing
    }
}

extension Inventory {
    /// How many servings of `recipe` this stock allows, and what limits it.
    public func availability(of recipe: Recipe) -> RecipeAvailability {
        Self.availability(of: recipe) { self[recipe.ingredients[$0].fruit] }
    }

    /// The availability of every recipe of `menu`, in the menu's order.
    public func availability(in menu: Menu) -> [RecipeAvailability] {
        let counts = counts(byPositionIn: menu)
        return menu.recipes.enumerated().map { position, recipe in
            let start = menu.ingredients.range(ofRecipe: position).lowerBound
            return Self.availability(of: recipe) { counts[menu.ingredients.fruits[start + $0]] }
        }
    }

    /// How many servings of each recipe of `menu` this stock allows, in the
    /// menu's order: what a report across many stores shows, without the
    /// cost of saying what limits each.
    public func servings(in menu: Menu) -> [Int] {
        let counts = counts(byPositionIn: menu)
        let table = menu.ingredients
        return menu.recipes.indices.map { position in
            Self.servings(
                of: table.range(ofRecipe: position), stock: { counts[table.fruits[$0]] },
                quantity: { table.quantities[$0] })
        }
    }

    /// The count of each fruit of `menu`, by its position: each fruit is
    /// looked up once, not once per recipe using it.
    private func counts(byPositionIn menu: Menu) -> [Int] {
        menu.fruits.map { self[$0.id] }
    }

    /// The servings that the ingredients at `positions` allow, given each
    /// one's stock and quantity: 0 for none.
    private static func servings(of positions: Range<Int>, stock: (Int) -> Int, quantity: (Int) -> Int) -> Int {
        var servings = Int.max
        for position in positions {
            servings = min(servings, stock(position) / quantity(position))
        }
        return servings == .max ? 0 : servings
    }

    /// The availability of `recipe`, given the stock of its `i`th ingredient
    /// as `stock(i)`.
    private static func availability(of recipe: Recipe, stock: (Int) -> Int) -> RecipeAvailability {
        let ingredients = recipe.ingredients
        let servings = servings(of: ingredients.indices, stock: stock, quantity: { ingredients[$0].quantity })
        var limitedBy: [String] = []
        var missing: [Shortage] = []
        for (position, ingredient) in ingredients.enumerated() {
            let count = stock(position)
            if count / ingredient.quantity == servings {
                limitedBy.append(ingredient.fruit)
            }
            // With no serving, what one serving lacks of each short fruit.
            if servings <= 0, count < ingredient.quantity {
                missing.append(Shortage(fruit: ingredient.fruit, needed: ingredient.quantity, available: count))
            }
        }
        return RecipeAvailability(recipe: recipe, servings: servings, limitedBy: limitedBy, missing: missing)
    }
}
