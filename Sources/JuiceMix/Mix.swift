import JuiceMaker

/// The best mix of a menu from a stock: how many servings of each recipe to
/// make so that the objective is as large as possible.
public struct Mix: Sendable, Hashable {
    /// What was made as large as possible.
    public var objective: MixObjective
    /// How the search ended.
    public var status: MixStatus
    /// The servings of every recipe of the menu, by id (0 included).
    public var servings: [String: Int]
    /// The objective's value for this mix: servings, money in the
    /// smallest unit of the currency, or for ``MixObjective/fresh`` the
    /// fruit used from expiring lots.
    public var value: Int
    /// How much larger the best mix's value may be, at most: 0 when
    /// ``status`` is ``MixStatus/optimal``.
    public var gap: Int
    /// How many of every fruit of the menu the mix uses, by id (0 included).
    public var uses: [String: Int]
    /// How many of every fruit of the menu are left after it, by id.
    public var left: [String: Int]
    /// The fruits the mix uses up (used, and none left), in menu order.
    public var limitedBy: [String]

    /// The orders that make this mix, in menu order, recipes of 0 servings
    /// left out: what `juice make` is given to make it.
    public func orders(in menu: Menu) -> [Order] {
        menu.recipes.compactMap { recipe in
            let count = servings[recipe.id] ?? 0
            return count > 0 ? Order(recipe, servings: count) : nil
        }
    }

    /// The total number of servings.
    public var totalServings: Int {
        servings.values.reduce(0, +)
    }
}
