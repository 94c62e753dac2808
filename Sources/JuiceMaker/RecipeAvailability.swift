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
        // Each fruit's count is looked up once, not once per recipe using it.
        let counts = menu.fruits.map { self[$0.id] }
        return menu.recipes.enumerated().map { position, recipe in
            let start = menu.ingredientStarts[position]
            return Self.availability(of: recipe) { ingredient in
                let fruit = menu.ingredientFruits[start + ingredient]
                return fruit >= 0 ? counts[fruit] : 0
            }
        }
    }

    /// The availability of `recipe`, given the stock of its `i`th ingredient
    /// as `stock(i)`. One pass over the ingredients.
    private static func availability(of recipe: Recipe, stock: (Int) -> Int) -> RecipeAvailability {
        var servings = Int.max
        var limitedBy: [String] = []
        var missing: [(fruit: String, count: Int)] = []
        for (position, ingredient) in recipe.ingredients.enumerated() {
            let count = stock(position)
            let allowed = count / ingredient.quantity
            if allowed < servings {
                servings = allowed
                limitedBy = [ingredient.fruit]
            } else if allowed == servings {
                limitedBy.append(ingredient.fruit)
            }
            if count < ingredient.quantity {
                missing.append((ingredient.fruit, ingredient.quantity - count))
            }
        }
        if servings == .max { servings = 0 }
        // With no serving, the short fruits are exactly those at the minimum.
        return RecipeAvailability(recipe: recipe, servings: servings, limitedBy: limitedBy, missing: servings > 0 ? [] : missing)
    }
}
