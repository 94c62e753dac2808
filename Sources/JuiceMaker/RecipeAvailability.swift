/// What a store can make of one recipe with the stock it has.
public struct RecipeAvailability: Sendable, Hashable {
    public var recipe: Recipe
    /// How many servings can be made now.
    public var servings: Int
    /// The fruits that bind `servings`: every fruit at the minimum, or, when
    /// `servings` is 0, the fruits that are short. In the recipe's order.
    public var limitedBy: [String]
    /// When `servings` is 0, how many of each short fruit one serving lacks;
    /// empty otherwise. In the recipe's order.
    public var missing: [(fruit: String, count: Int)]

    public init(recipe: Recipe, servings: Int, limitedBy: [String], missing: [(fruit: String, count: Int)]) {
        self.recipe = recipe
        self.servings = servings
        self.limitedBy = limitedBy
        self.missing = missing
    }

    public static func == (lhs: RecipeAvailability, rhs: RecipeAvailability) -> Bool {
        lhs.recipe == rhs.recipe && lhs.servings == rhs.servings && lhs.limitedBy == rhs.limitedBy
            && lhs.missing.elementsEqual(rhs.missing) { $0.fruit == $1.fruit && $0.count == $1.count }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(recipe)
        hasher.combine(servings)
    }
}

extension Inventory {
    /// How many servings of `recipe` this stock allows, and what limits it.
    public func availability(of recipe: Recipe) -> RecipeAvailability {
        Self.availability(of: recipe) { self[recipe.ingredients[$0].fruit] }
    }

    /// The availability of every recipe of `menu`, in the menu's order.
    public func availability(in menu: Menu) -> [RecipeAvailability] {
        let stock = stockByPosition(in: menu)
        return menu.recipes.enumerated().map { position, recipe in
            Self.availability(of: recipe) { stock(position, $0) }
        }
    }

    /// How many servings of each recipe of `menu` this stock allows, in the
    /// menu's order: what a report across many stores shows, without the
    /// cost of saying what limits each.
    public func servings(in menu: Menu) -> [Int] {
        let counts = counts(byPositionIn: menu)
        var servings: [Int] = []
        servings.reserveCapacity(menu.recipes.count)
        for recipe in menu.recipes.indices {
            var least = Int.max
            for ingredient in menu.ingredientStarts[recipe]..<menu.ingredientStarts[recipe + 1] {
                let fruit = menu.ingredientFruits[ingredient]
                least = min(least, (fruit >= 0 ? counts[fruit] : 0) / menu.ingredientQuantities[ingredient])
            }
            servings.append(least == .max ? 0 : least)
        }
        return servings
    }

    /// The count of each fruit of `menu`, by its position: each fruit is
    /// looked up once, not once per recipe using it.
    private func counts(byPositionIn menu: Menu) -> [Int] {
        menu.fruits.map { self[$0.id] }
    }

    /// The stock of a recipe's ingredient, given the recipe's and the
    /// ingredient's positions in `menu`.
    private func stockByPosition(in menu: Menu) -> (_ recipe: Int, _ ingredient: Int) -> Int {
        let counts = counts(byPositionIn: menu)
        return { recipe, ingredient in
            let fruit = menu.ingredientFruits[menu.ingredientStarts[recipe] + ingredient]
            return fruit >= 0 ? counts[fruit] : 0
        }
    }

    /// The servings of `recipe`, given the stock of its `i`th ingredient as
    /// `stock(i)`.
    private static func servings(of recipe: Recipe, stock: (Int) -> Int) -> Int {
        var servings = Int.max
        for (position, ingredient) in recipe.ingredients.enumerated() {
            servings = min(servings, stock(position) / ingredient.quantity)
        }
        return servings == .max ? 0 : servings
    }

    /// The availability of `recipe`, given the stock of its `i`th ingredient
    /// as `stock(i)`.
    private static func availability(of recipe: Recipe, stock: (Int) -> Int) -> RecipeAvailability {
        let servings = servings(of: recipe, stock: stock)
        var limitedBy: [String] = []
        var missing: [(fruit: String, count: Int)] = []
        for (position, ingredient) in recipe.ingredients.enumerated() {
            let count = stock(position)
            guard count / ingredient.quantity == servings else { continue }
            limitedBy.append(ingredient.fruit)
            // With no serving, the short fruits are exactly those at the minimum.
            if servings == 0 {
                missing.append((ingredient.fruit, ingredient.quantity - count))
            }
        }
        return RecipeAvailability(recipe: recipe, servings: servings, limitedBy: limitedBy, missing: missing)
    }
}
