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
        // One pass: each fruit's count is looked up once.
        var servings = Int.max
        var limitedBy: [String] = []
        var missing: [(fruit: String, count: Int)] = []
        for ingredient in recipe.ingredients {
            let stock = self[ingredient.fruit]
            let allowed = stock / ingredient.quantity
            if allowed < servings {
                servings = allowed
                limitedBy = [ingredient.fruit]
            } else if allowed == servings {
                limitedBy.append(ingredient.fruit)
            }
            if stock < ingredient.quantity {
                missing.append((ingredient.fruit, ingredient.quantity - stock))
            }
        }
        if servings == .max { servings = 0 }
        // With no serving, the short fruits are exactly those at the minimum.
        return RecipeAvailability(recipe: recipe, servings: servings, limitedBy: limitedBy, missing: servings > 0 ? [] : missing)
    }

    /// The availability of every recipe of `menu`, in the menu's order.
    public func availability(in menu: Menu) -> [RecipeAvailability] {
        menu.recipes.map(availability(of:))
    }
}
