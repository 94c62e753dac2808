/// What a period's ``Usage`` is worth by a menu's prices and costs (`juice
/// usage`): per recipe the revenue (servings × `price`), per fruit the
/// cost of what was used and of what was wasted (× `cost`), and their
/// totals.
///
/// A figure whose price or cost the menu does not give is `nil`, and so is
/// any total over it (never the sum of the rest); what was not used or
/// wasted in the period costs nothing and is not missing. Every figure is
/// exact in 128 bits, or the whole is refused (``Overflow``): nothing is
/// ever held at an edge or wrapped.
public struct UsageMoney: Sendable, Hashable {
    /// A fruit's costs: of what was used, of what was wasted.
    public struct FruitCosts: Sendable, Hashable {
        /// What was used, × the fruit's cost; `nil` when some was used and
        /// the menu gives no cost.
        public var used: Int128?
        /// What was wasted, × the fruit's cost; likewise.
        public var wasted: Int128?
    }

    /// A figure past what 128 bits hold: the usage is refused, naming it.
    public struct Overflow: Error, Sendable, Hashable {
        /// What passed the limit: a recipe's revenue, a fruit's cost, or a
        /// total (`revenue`, `usedCost`, `wastedCost`).
        public var figure: String
    }

    /// Each recipe's revenue, by recipe id: the recipes of the usage.
    public var revenue: [String: Int128?] = [:]
    /// Each fruit's costs, by fruit id: the fruits of the usage.
    public var fruits: [String: FruitCosts] = [:]
    /// The sum of the revenue; `nil` when a recipe made has no price.
    public var totalRevenue: Int128? = 0
    /// The sum of the used fruits' costs; `nil` when a fruit used has no
    /// cost.
    public var totalUsedCost: Int128? = 0
    /// The sum of the wasted fruits' costs; `nil` when a fruit wasted has
    /// no cost.
    public var totalWastedCost: Int128? = 0
    /// The recipes made in the period whose price is missing, sorted.
    public var unpriced: [String] = []
    /// The fruits used or wasted in the period whose cost is missing,
    /// sorted.
    public var uncosted: [String] = []

    /// Nothing, worth nothing.
    public init() {}

    /// What `usage` is worth by `menu`'s prices and costs (none without a
    /// menu: a recipe or fruit the menu lacks has neither).
    ///
    /// - Throws: ``Overflow`` when a figure passes what 128 bits hold.
    public init(_ usage: Usage, menu: Menu?) throws(Overflow) {
        for (recipe, servings) in usage.recipes {
            let value = try Self.value(servings, at: menu?.recipe(id: recipe)?.price, figure: recipe)
            revenue[recipe] = value
            if value == nil { unpriced.append(recipe) }
            totalRevenue = try Self.sum(totalRevenue, value, figure: "revenue")
        }
        for (fruit, moved) in usage.fruits {
            let cost = menu?.fruit(id: fruit)?.cost
            let costs = FruitCosts(
                used: try Self.value(moved.used, at: cost, figure: fruit),
                wasted: try Self.value(moved.wasted, at: cost, figure: fruit))
            fruits[fruit] = costs
            if costs.used == nil || costs.wasted == nil { uncosted.append(fruit) }
            totalUsedCost = try Self.sum(totalUsedCost, costs.used, figure: "usedCost")
            totalWastedCost = try Self.sum(totalWastedCost, costs.wasted, figure: "wastedCost")
        }
        unpriced.sort()
        uncosted.sort()
    }

    /// This and `other` together: a chain's total, each figure `nil` when
    /// either's is.
    ///
    /// - Throws: ``Overflow`` when a sum passes what 128 bits hold.
    public func adding(_ other: UsageMoney) throws(Overflow) -> UsageMoney {
        var total = self
        for (recipe, value) in other.revenue {
            total.revenue[recipe] = try Self.sum(revenue[recipe] ?? 0, value, figure: recipe)
        }
        for (fruit, costs) in other.fruits {
            let mine = fruits[fruit] ?? FruitCosts(used: 0, wasted: 0)
            total.fruits[fruit] = FruitCosts(
                used: try Self.sum(mine.used, costs.used, figure: fruit),
                wasted: try Self.sum(mine.wasted, costs.wasted, figure: fruit))
        }
        total.totalRevenue = try Self.sum(totalRevenue, other.totalRevenue, figure: "revenue")
        total.totalUsedCost = try Self.sum(totalUsedCost, other.totalUsedCost, figure: "usedCost")
        total.totalWastedCost = try Self.sum(totalWastedCost, other.totalWastedCost, figure: "wastedCost")
        total.unpriced = Array(Set(unpriced + other.unpriced)).sorted()
        total.uncosted = Array(Set(uncosted + other.uncosted)).sorted()
        return total
    }

    /// `amount` × `price`: 0 for no amount, whatever the price; `nil` for
    /// an amount without a price.
    private static func value(_ amount: Int128, at price: Int?, figure: String) throws(Overflow) -> Int128? {
        guard amount != 0 else { return 0 }
        guard let price else { return nil }
        let (product, overflow) = amount.multipliedReportingOverflow(by: Int128(price))
        if overflow { throw Overflow(figure: figure) }
        return product
    }

    /// `total` + `value`, `nil` when either is.
    private static func sum(_ total: Int128?, _ value: Int128?, figure: String) throws(Overflow) -> Int128? {
        guard let total, let value else { return nil }
        let (sum, overflow) = total.addingReportingOverflow(value)
        if overflow { throw Overflow(figure: figure) }
        return sum
    }
}

extension UsageMoney {
    /// A warning naming the recipes made without a price, and one naming
    /// the fruits used or wasted without a cost, at `location` (the
    /// store's menu): why a total is null.
    package func missingPricesAndCosts(at location: SourceLocation) -> [Diagnostic] {
        let named = { (ids: [String]) in Message.Argument.text(ids.map { "'\($0)'" }.joined(separator: ", ")) }
        var diagnostics: [Diagnostic] = []
        if !unpriced.isEmpty {
            diagnostics.append(.warning(.missingKey, Message(.usageWithoutPrice, named(unpriced)), at: location))
        }
        if !uncosted.isEmpty {
            diagnostics.append(.warning(.missingKey, Message(.usageWithoutCost, named(uncosted)), at: location))
        }
        return diagnostics
    }
}
