import JuiceMaker
import JuiceMix

/// The best value of a small mix problem, by trying every mix: each
/// recipe's servings from its minimum up to what the fruit left allows,
/// recipe after recipe.
package struct BruteForce {
    package let menu: Menu
    package let inventory: Inventory
    package let request: MixRequest

    /// A problem to enumerate.
    package init(menu: Menu, inventory: Inventory, request: MixRequest) {
        self.menu = menu
        self.inventory = inventory
        self.request = request
    }

    /// The largest value any mix within the bounds and the stock has;
    /// `nil` when no mix meets the minimums.
    package func best() -> Int? {
        var left = inventory.counts
        var best: Int?
        search(0, &left, value: 0, best: &best)
        return best
    }

    private func search(_ index: Int, _ left: inout [String: Int], value: Int, best: inout Int?) {
        guard index < menu.recipes.count else {
            best = max(best ?? value, value)
            return
        }
        let recipe = menu.recipes[index]
        let worth = worth(recipe)
        var servings = request.minimum[recipe.id] ?? 0
        let most = request.maximum[recipe.id] ?? Int.max
        guard take(recipe, servings, from: &left) else { return }
        while true {
            search(index + 1, &left, value: value + worth * servings, best: &best)
            guard servings < most, take(recipe, 1, from: &left) else { break }
            servings += 1
        }
        for ingredient in recipe.ingredients { left[ingredient.fruit, default: 0] += ingredient.quantity * servings }
    }

    /// Takes `servings` servings' fruit from `left`, or changes nothing and
    /// returns false when it is short.
    private func take(_ recipe: Recipe, _ servings: Int, from left: inout [String: Int]) -> Bool {
        guard recipe.ingredients.allSatisfy({ (left[$0.fruit] ?? 0) >= $0.quantity * servings }) else { return false }
        for ingredient in recipe.ingredients { left[ingredient.fruit, default: 0] -= ingredient.quantity * servings }
        return true
    }

    /// What one serving adds to the objective, worked out here from the
    /// menu's prices and costs.
    private func worth(_ recipe: Recipe) -> Int {
        switch request.objective {
        case .servings: return 1
        case .revenue: return recipe.price ?? 0
        case .margin:
            return (recipe.price ?? 0)
                - recipe.ingredients.reduce(0) { $0 + (menu.fruit(id: $1.fruit)?.cost ?? 0) * $1.quantity }
        }
    }

    /// The value of a mix.
    package func value(of servings: [String: Int]) -> Int {
        menu.recipes.reduce(0) { $0 + worth($1) * (servings[$1.id] ?? 0) }
    }

    /// Whether a mix is within the bounds and the stock.
    package func fits(_ servings: [String: Int]) -> Bool {
        var left = inventory.counts
        for recipe in menu.recipes {
            let count = servings[recipe.id] ?? 0
            guard count >= (request.minimum[recipe.id] ?? 0), count <= (request.maximum[recipe.id] ?? Int.max),
                take(recipe, count, from: &left)
            else { return false }
        }
        return true
    }
}
