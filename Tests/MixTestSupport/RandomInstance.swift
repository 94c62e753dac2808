import JuiceMaker
import JuiceMix
import SeededRandom

/// A random small mix problem: 1 to 5 fruits with 0 to 12 in stock and a
/// cost of 0 to 30, 1 to 6 recipes of 1 to 3 fruits (1 to 4 of each) at a
/// price of 0 to 100, and half the time a minimum or maximum on some.
package struct RandomInstance: CustomStringConvertible {
    package var menu: Menu
    package var inventory: Inventory
    package var request: MixRequest

    package init(objective: MixObjective, using random: inout SplitMix64) {
        let fruitIDs = (0..<Int.random(in: 1...5, using: &random)).map { "f\($0)" }
        let fruits = fruitIDs.map {
            Fruit(
                id: $0, initialStock: Int.random(in: 0...12, using: &random),
                cost: Int.random(in: 0...30, using: &random))
        }
        let recipes = (0..<Int.random(in: 1...6, using: &random)).map { index in
            let used = fruitIDs.shuffled(using: &random).prefix(
                Int.random(in: 1...min(3, fruitIDs.count), using: &random))
            return Recipe(
                id: "r\(index)",
                ingredients: used.map { .init(fruit: $0, quantity: Int.random(in: 1...4, using: &random)) },
                price: Int.random(in: 0...100, using: &random))
        }
        // Built from valid parts: it cannot fail.
        menu = try! Menu(fruits: fruits, recipes: recipes)
        inventory = Inventory(initialStockOf: menu)
        request = MixRequest(objective: objective)
        if objective == .fresh { addLots(using: &random) }
        guard Bool.random(using: &random) else { return }
        for recipe in recipes where Int.random(in: 0..<3, using: &random) == 0 {
            request.minimum[recipe.id] = Int.random(in: 1...2, using: &random)
        }
        for recipe in recipes where Int.random(in: 0..<3, using: &random) == 0 {
            request.maximum[recipe.id] = max(request.minimum[recipe.id] ?? 0, Int.random(in: 0...3, using: &random))
        }
    }

    package var description: String {
        let recipes = menu.recipes.map { recipe in
            "\(recipe.id) \(recipe.price ?? 0): "
                + recipe.ingredients.map { "\($0.fruit)×\($0.quantity)" }.joined(separator: " ")
        }
        let stock = menu.fruits.map { "\($0.id)=\(inventory[$0.id]) (cost \($0.cost ?? 0))" }
        return "stock \(stock), recipes \(recipes), min \(request.minimum), max \(request.maximum)"
    }

    /// The day of a fresh instance's lots.
    package static let today = CalendarDate(parsing: "2026-11-29")!

    /// For ``MixObjective/fresh``: each fruit's stock in up to 3 lots,
    /// best before yesterday (expired), today, tomorrow (expiring), the
    /// day after, or undated, and the request's day set.
    private mutating func addLots(using random: inout SplitMix64) {
        var lots: [String: [Lot]] = [:]
        for fruit in menu.fruits {
            var left = inventory[fruit.id]
            while left > 0 {
                let count = lots[fruit.id, default: []].count == 2 ? left : Int.random(in: 1...left, using: &random)
                let days = [-1, 0, 1, 2, nil].randomElement(using: &random)!
                lots[fruit.id, default: []].append(
                    Lot(count: count, bestBefore: days.map { Self.today.adding(days: $0) }))
                left -= count
            }
        }
        inventory = Inventory(counts: inventory.counts, lots: lots)
        request.today = Self.today
    }
}
