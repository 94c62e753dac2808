import JuiceMaker

/// What the best mix makes as large as it can.
public enum MixObjective: String, CaseIterable, Sendable, Hashable {
    /// The number of servings.
    case servings
    /// The sum of each recipe's price times its servings.
    case revenue
    /// The sum of each recipe's price, less the cost of the fruit one
    /// serving uses, times its servings. A fruit without a cost costs 0.
    case margin

    /// Whether the objective needs every recipe's price.
    public var needsPrices: Bool { self != .servings }

    /// What one serving of `recipe` adds to the objective, in the smallest
    /// unit of the currency (or 1 for ``servings``); `nil` when it needs a
    /// price the recipe lacks.
    ///
    /// - Throws: ``MixError/beyondCounting`` when the fruit of one serving
    ///   costs more than an `Int` counts.
    public func value(of recipe: Recipe, in menu: Menu) throws(MixError) -> Int? {
        switch self {
        case .servings: return 1
        case .revenue: return recipe.price
        case .margin:
            guard let price = recipe.price else { return nil }
            var total = price
            for ingredient in recipe.ingredients {
                let cost = (menu.fruit(id: ingredient.fruit)?.cost ?? 0).multipliedReportingOverflow(
                    by: ingredient.quantity)
                let sum = total.subtractingReportingOverflow(cost.partialValue)
                guard !cost.overflow, !sum.overflow else { throw .beyondCounting }
                total = sum.partialValue
            }
            return total
        }
    }
}
