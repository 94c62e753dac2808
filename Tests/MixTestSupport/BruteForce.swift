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
        bestWithServings()?.value
    }

    /// The largest value any mix has, and the most servings of a mix of
    /// that value (what ``MixObjective/fresh`` puts second); `nil` when no
    /// mix meets the minimums.
    package func bestWithServings() -> (value: Int, servings: Int)? {
        var left = stock
        var best: (value: Int, servings: Int)?
        search(0, &left, value: 0, total: 0, best: &best)
        return best
    }

    /// The stock the mix may use: the lots not expired on the request's day.
    private var stock: [String: Int] {
        (request.today.map { inventory.usable(on: $0) } ?? inventory).counts
    }

    /// For ``MixObjective/fresh``, the expiring fruit a mix that leaves
    /// `left` uses: per fruit, what it uses, at most its expiring lots.
    private func expiringUsed(leaving left: [String: Int]) -> Int {
        guard let today = request.today else { return 0 }
        let expiring = inventory.usable(on: today).expiring(on: today)
        return stock.reduce(0) { $0 + min($1.value - (left[$1.key] ?? 0), expiring[$1.key] ?? 0) }
    }

    private func search(
        _ index: Int, _ left: inout [String: Int], value: Int, total: Int, best: inout (value: Int, servings: Int)?
    ) {
        guard index < menu.recipes.count else {
            let found = (value: request.objective == .fresh ? expiringUsed(leaving: left) : value, servings: total)
            if let current = best, (current.value, current.servings) >= (found.value, found.servings) { return }
            best = found
            return
        }
        let recipe = menu.recipes[index]
        let worth = worth(recipe)
        var servings = request.minimum[recipe.id] ?? 0
        let most = request.maximum[recipe.id] ?? Int.max
        guard take(recipe, servings, from: &left) else { return }
        while true {
            search(index + 1, &left, value: value + worth * servings, total: total + servings, best: &best)
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
        // Fresh's first aim is no sum over recipes (see `expiringUsed`).
        case .servings, .fresh: return 1
        case .revenue: return recipe.price ?? 0
        case .margin:
            return (recipe.price ?? 0)
                - recipe.ingredients.reduce(0) { $0 + (menu.fruit(id: $1.fruit)?.cost ?? 0) * $1.quantity }
        }
    }

    /// The value of a mix.
    package func value(of servings: [String: Int]) -> Int {
        guard request.objective == .fresh else {
            return menu.recipes.reduce(0) { $0 + worth($1) * (servings[$1.id] ?? 0) }
        }
        var left = stock
        for recipe in menu.recipes {
            for ingredient in recipe.ingredients {
                left[ingredient.fruit, default: 0] -= ingredient.quantity * (servings[recipe.id] ?? 0)
            }
        }
        return expiringUsed(leaving: left)
    }

    /// Whether a mix is within the bounds and the stock.
    package func fits(_ servings: [String: Int]) -> Bool {
        var left = stock
        for recipe in menu.recipes {
            let count = servings[recipe.id] ?? 0
            guard count >= (request.minimum[recipe.id] ?? 0), count <= (request.maximum[recipe.id] ?? Int.max),
                take(recipe, count, from: &left)
            else { return false }
        }
        return true
    }
}
