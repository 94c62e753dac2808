import JuiceMaker

/// The integer program of a mix: a whole-number variable per recipe (its
/// servings, within its bounds), a row per fruit (what the servings use is
/// at most the stock), and the objective's value per serving.
struct MixProblem: Sendable {
    let menu: Menu
    let objective: MixObjective
    /// What one serving of each recipe adds to the objective, in menu order.
    let values: [Int]
    /// Each recipe's fewest servings: its `--min`, else 0.
    let lower: [Int]
    /// Each recipe's most servings: what the stock allows of it alone, or
    /// its `--max` if smaller.
    let upper: [Int]
    /// Each fruit's stock that has not expired on the request's day, in
    /// menu order.
    let stock: [Int]
    /// Each fruit's stock in lots expiring on the request's day (best
    /// before it or the day after), in menu order: all 0 but for
    /// ``MixObjective/fresh``. Those lots are the unexpired ones used
    /// first, so a mix that uses `u` of a fruit uses `min(u, expiring)` of
    /// them.
    let expiring: [Int]
    /// Per fruit, the recipes that use it: (recipe position, quantity).
    let rows: [[(recipe: Int, quantity: Int)]]

    /// The program's stock rows, as CBC takes them: per fruit, what the
    /// servings use of it is at most its ``stock``.
    var stockRows: [(entries: [(column: Int, coefficient: Double)], limit: Double)] {
        rows.enumerated().map { fruit, row in
            (row.map { (column: $0.recipe, coefficient: Double($0.quantity)) }, Double(stock[fruit]))
        }
    }

    /// The program of `request` on `menu` and `inventory`, once the request
    /// is checked against them.
    ///
    /// - Throws: ``MixError``: a bound naming no recipe of the menu, out of
    ///   range or a maximum below a minimum; recipes without a price under
    ///   an objective that needs one; minimums the stock cannot make.
    init(menu: Menu, inventory: Inventory, request: MixRequest) throws(MixError) {
        self.menu = menu
        objective = request.objective
        for id in Set(request.minimum.keys).union(request.maximum.keys).sorted() where menu.recipe(id: id) == nil {
            throw .unknownRecipe(id)
        }
        for (id, minimum) in request.minimum.sorted(by: { $0.key < $1.key })
        where !Schema.servingsRange.contains(minimum) {
            throw .boundOutOfRange(recipe: id, servings: minimum)
        }
        for (id, maximum) in request.maximum.sorted(by: { $0.key < $1.key })
        where !Schema.stockRange.contains(maximum) {
            throw .boundOutOfRange(recipe: id, servings: maximum)
        }
        for recipe in menu.recipes {
            if let minimum = request.minimum[recipe.id], let maximum = request.maximum[recipe.id], maximum < minimum {
                throw .maximumBelowMinimum(recipe: recipe.id, maximum: maximum, minimum: minimum)
            }
        }
        var values: [Int] = []
        var unpriced: [String] = []
        for recipe in menu.recipes {
            if let value = try request.objective.value(of: recipe, in: menu) {
                values.append(value)
            } else {
                unpriced.append(recipe.id)
            }
        }
        guard unpriced.isEmpty else { throw .missingPrice(unpriced, objective: request.objective) }
        self.values = values
        // The minimums are orders: the stock makes them, or says what is short.
        let promised = menu.recipes.compactMap { recipe in
            request.minimum[recipe.id].map { Order(recipe, servings: $0) }
        }
        do {
            _ = try Order.totals(of: promised)
        } catch {
            throw .beyondCounting
        }
        // Expired lots make nothing, and a shortage is said as `making` says it.
        let usable = inventory.usable(on: request.today)
        let shortages = inventory.shortages(in: usable.shoppingList(for: promised))
        guard shortages.isEmpty else { throw .insufficient(shortages) }
        stock = menu.fruits.map { usable[$0.id] }
        let expiringCounts =
            request.objective == .fresh ? request.today.map { usable.expiring(on: $0) } ?? [:] : [:]
        expiring = menu.fruits.map { expiringCounts[$0.id] ?? 0 }
        var position: [String: Int] = [:]
        for (index, fruit) in menu.fruits.enumerated() { position[fruit.id] = index }
        var rows = [[(recipe: Int, quantity: Int)]](repeating: [], count: menu.fruits.count)
        var upper: [Int] = []
        for (index, recipe) in menu.recipes.enumerated() {
            var most = request.maximum[recipe.id] ?? Schema.maximumCount
            for ingredient in recipe.ingredients {
                // A resolved menu declares every fruit its recipes use.
                guard let fruit = position[ingredient.fruit] else { continue }
                rows[fruit].append((index, ingredient.quantity))
                most = min(most, stock[fruit] / ingredient.quantity)
            }
            upper.append(most)
        }
        self.rows = rows
        self.upper = upper
        lower = menu.recipes.map { request.minimum[$0.id] ?? 0 }
    }

    /// The greedy mix: the minimums first, then the most valuable recipe
    /// per serving first (of equal value, the one using the fewest fruits
    /// per serving, then menu order), each as many servings as the fruit
    /// left allows. Recipes worth nothing or less are left at their minimum.
    func greedy() -> [Int] {
        var servings = lower
        var left = stock
        for (fruit, row) in rows.enumerated() {
            for entry in row { left[fruit] -= entry.quantity * lower[entry.recipe] }
        }
        let uses = usesByRecipe
        let fruitCount = uses.map { $0.reduce(0) { $0 + $1.quantity } }
        let order = values.indices.filter { values[$0] > 0 }.sorted {
            (-values[$0], fruitCount[$0], $0) < (-values[$1], fruitCount[$1], $1)
        }

        for recipe in order {
            var more = upper[recipe] - servings[recipe]
            for (fruit, quantity) in uses[recipe] { more = min(more, left[fruit] / quantity) }
            guard more > 0 else { continue }
            servings[recipe] += more
            for (fruit, quantity) in uses[recipe] { left[fruit] -= quantity * more }
        }
        return servings
    }

    /// Per recipe, the fruits it uses: (fruit position, quantity).
    var usesByRecipe: [[(fruit: Int, quantity: Int)]] {
        var uses = [[(fruit: Int, quantity: Int)]](repeating: [], count: values.count)
        for (fruit, row) in rows.enumerated() {
            for entry in row { uses[entry.recipe].append((fruit, entry.quantity)) }
        }
        return uses
    }

    /// How much more than `value` the best mix may be worth, from the
    /// solver's bound: the objective is a whole number, so the best possible
    /// is the bound's floor (less a rounding error of the solver's floating
    /// point), and never more than ``ceiling``. A bound below `value` from
    /// a search that did not finish is none (CBC has none to give before
    /// it solves the first relaxation); from one that finished, it proves
    /// `value` best.
    func gap(of value: Int, bound: Double, finished: Bool) -> Int {
        let floor = (bound + max(1e-6, bound.magnitude * 1e-9)).rounded(.down)
        var best = Int.max
        if floor.magnitude < 9e18, Int(floor) >= value || finished {
            best = max(Int(floor), value)
        }
        return min(best, ceiling) - value
    }

    /// A bound no mix passes: every recipe worth more than nothing at its
    /// most servings (`Int.max` past what an `Int` counts); for
    /// ``MixObjective/fresh``, every expiring fruit used.
    var ceiling: Int {
        if objective == .fresh { return expiring.reduce(0, +) }
        var total = 0
        for (recipe, value) in values.enumerated() where value > 0 {
            let product = value.multipliedReportingOverflow(by: upper[recipe])
            let sum = total.addingReportingOverflow(product.partialValue)
            guard !product.overflow, !sum.overflow else { return Int.max }
            total = sum.partialValue
        }
        return total
    }

    /// The servings a solver's answer stands for: each value rounded and
    /// kept within its bounds (one that is no whole number an `Int` holds,
    /// a NaN say, at its lower bound), then, should rounding have passed a fruit's
    /// stock, servings taken back (above their minimums, least valuable
    /// first) until every fruit fits.
    func servings(from solution: [Double]) -> [Int] {
        var servings = solution.indices.map {
            min(max(Int(exactly: solution[$0].rounded()) ?? lower[$0], lower[$0]), upper[$0])
        }
        for (fruit, row) in rows.enumerated() {
            var over = row.reduce(0) { $0 + $1.quantity * servings[$1.recipe] } - stock[fruit]
            for entry in row.sorted(by: { values[$0.recipe] < values[$1.recipe] }) where over > 0 {
                let fewer = min(
                    servings[entry.recipe] - lower[entry.recipe], (over + entry.quantity - 1) / entry.quantity)
                servings[entry.recipe] -= fewer
                over -= fewer * entry.quantity
            }
        }
        return servings
    }

    /// How many of each fruit `servings` use, in menu order (within the
    /// stock: servings are within their bounds).
    func used(by servings: [Int]) -> [Int] {
        rows.map { row in row.reduce(0) { $0 + $1.quantity * servings[$1.recipe] } }
    }

    /// The objective's value of `servings`, exactly: for
    /// ``MixObjective/fresh``, the expiring fruit it uses.
    ///
    /// - Throws: ``MixError/beyondCounting`` past `Int.max`.
    func value(of servings: [Int]) throws(MixError) -> Int {
        if objective == .fresh {
            return zip(used(by: servings), expiring).reduce(0) { $0 + min($1.0, $1.1) }
        }
        var total = 0
        for (recipe, count) in servings.enumerated() {
            let product = values[recipe].multipliedReportingOverflow(by: count)
            let sum = total.addingReportingOverflow(product.partialValue)
            guard !product.overflow, !sum.overflow else { throw .beyondCounting }
            total = sum.partialValue
        }
        return total
    }

    /// The mix of `servings`, with how the search ended.
    func mix(_ servings: [Int], status: MixStatus, gap: Int) throws(MixError) -> Mix {
        let used = used(by: servings)
        let fruits = menu.fruits.map(\.id)
        return Mix(
            objective: objective, status: status,
            servings: Dictionary(uniqueKeysWithValues: zip(menu.recipes.ids, servings)),
            value: try value(of: servings), gap: gap, uses: Dictionary(uniqueKeysWithValues: zip(fruits, used)),
            left: Dictionary(uniqueKeysWithValues: fruits.indices.map { (fruits[$0], stock[$0] - used[$0]) }),
            limitedBy: fruits.indices.filter { used[$0] > 0 && used[$0] == stock[$0] }.map { fruits[$0] })
    }
}
