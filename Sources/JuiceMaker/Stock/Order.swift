/// A number of servings of one recipe.
public struct Order: Sendable, Hashable {
    /// The recipe to make.
    public var recipe: Recipe
    /// How many servings, from 1 to ``Schema/maximumCount``:
    /// ``Inventory/making(_:today:)`` refuses any other number.
    public var servings: Int

    /// `servings` servings of `recipe`; ``Menu/order(_:servings:)`` checks
    /// both against a menu, and ``Inventory/making(_:today:)`` against the stock.
    public init(_ recipe: Recipe, servings: Int = 1) {
        self.recipe = recipe
        self.servings = servings
    }
}

extension Order {
    /// How many of each fruit the orders use together, fruits in the order
    /// they first appear, exactly.
    ///
    /// - Throws: ``OrderError/beyondCounting(fruit:)`` when a fruit's total
    ///   passes `Int.max`, so that no saturated number is ever shown.
    public static func totals(of orders: [Order]) throws(OrderError) -> [Recipe.Ingredient] {
        let (totals, overflowed) = accumulate(orders)
        if let overflowed { throw .beyondCounting(fruit: overflowed) }
        return totals
    }

    /// The totals of `orders`, saturating at `Int.max`, and the first fruit
    /// whose total did.
    static func accumulate(_ orders: [Order]) -> (totals: [Recipe.Ingredient], overflowed: String?) {
        var totals: [Recipe.Ingredient] = []
        var positions: [String: Int] = [:]
        var overflowed: String?
        for order in orders {
            for ingredient in order.recipe.ingredients {
                let product = ingredient.quantity.multipliedReportingOverflow(by: order.servings)
                var amount = product.overflow ? Int.max : product.partialValue
                if let position = positions[ingredient.fruit] {
                    let sum = totals[position].quantity.addingReportingOverflow(amount)
                    amount = sum.overflow ? Int.max : sum.partialValue
                    totals[position].quantity = amount
                } else {
                    positions[ingredient.fruit] = totals.count
                    totals.append(Recipe.Ingredient(fruit: ingredient.fruit, quantity: amount))
                }
                // Quantities and servings are positive in every order a menu
                // gives (and `making` refuses others): only "too many" overflows.
                if amount == Int.max, overflowed == nil { overflowed = ingredient.fruit }
            }
        }
        return (totals, overflowed)
    }
}
