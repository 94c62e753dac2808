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
    /// The fruit used from lots that are expiring (best before the
    /// request's ``MixRequest/today`` or the day after), then, among the
    /// mixes that use the most of it, the number of servings: a mix that
    /// sells first what spoils first.
    case fresh

    /// Whether the objective needs every recipe's price.
    public var needsPrices: Bool { self == .revenue || self == .margin }

    /// What one serving of `recipe` adds to the objective, in the smallest
    /// unit of the currency (or 1 for ``servings``, and for ``fresh``, whose
    /// servings come second; its first aim is no sum over recipes: a
    /// fruit's expiring lots are used once); `nil` when it needs a
    /// price the recipe lacks.
    ///
    /// - Throws: ``MixError/beyondCounting`` when the fruit of one serving
    ///   costs more than an `Int` counts.
    public func value(of recipe: Recipe, in menu: Menu) throws(MixError) -> Int? {
        switch self {
        case .servings, .fresh: return 1
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
