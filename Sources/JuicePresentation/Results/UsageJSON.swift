import JuiceMaker

/// The JSON of `juice usage`: `{"recipes": {id: servings}, "revenue": {id:
/// money}, "fruits": {id: {"used", "delivered", "wasted", "counted",
/// "usedCost", "wastedCost"}}, "total": {"revenue", "usedCost",
/// "wastedCost"}, "diagnostics"}`, every figure exact, nulls written out.
package struct UsageJSON: Encodable, Sendable {
    /// A fruit's movements and their costs.
    struct FruitJSON: Encodable, Sendable {
        var used: Int128
        var delivered: Int128
        var wasted: Int128
        var counted: Int128
        @NullWhenAbsent var usedCost: Int128?
        @NullWhenAbsent var wastedCost: Int128?
    }

    /// The totals in money: `{"revenue", "usedCost", "wastedCost"}`.
    struct TotalJSON: Encodable, Sendable {
        @NullWhenAbsent var revenue: Int128?
        @NullWhenAbsent var usedCost: Int128?
        @NullWhenAbsent var wastedCost: Int128?
    }

    var recipes: [String: Int128]
    var revenue: [String: Int128?]
    var fruits: [String: FruitJSON]
    var total: TotalJSON
    var diagnostics: [Diagnostic]?

    package init(_ usage: Usage, money: UsageMoney, diagnostics: [Diagnostic]? = nil) {
        recipes = usage.recipes
        revenue = money.revenue
        fruits = [:]
        for (fruit, moved) in usage.fruits {
            let costs = money.fruits[fruit]
            fruits[fruit] = FruitJSON(
                used: moved.used, delivered: moved.delivered, wasted: moved.wasted, counted: moved.counted,
                usedCost: costs?.used ?? nil, wastedCost: costs?.wasted ?? nil)
        }
        total = TotalJSON(
            revenue: money.totalRevenue, usedCost: money.totalUsedCost, wastedCost: money.totalWastedCost)
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice usage --stores`: `{"stores": [{"store", "recipes",
/// "revenue", "fruits", "total"}], "total": {the chain's usage as one
/// store's, its own "total" among it}, "diagnostics"}`. Every store of the
/// manifest is there, in its order: one whose journal could not be read
/// with empty maps and a `null` total (see ``ChainStores``).
package struct ChainUsageJSON: Encodable, Sendable {
    package struct StoreJSON: Encodable, Sendable {
        var store: String
        var recipes: [String: Int128] = [:]
        var revenue: [String: Int128?] = [:]
        var fruits: [String: UsageJSON.FruitJSON] = [:]
        var total = UsageJSON.TotalJSON(revenue: nil, usedCost: nil, wastedCost: nil)
    }

    package var stores: [StoreJSON]
    package var total: UsageJSON
    package var diagnostics: [Diagnostic]

    /// Every store of the chain: those read as `renderer` priced them (its
    /// stores are those of `stores` read, in their order).
    package init(_ renderer: UsageRenderer, stores: ChainStores<Usage>, diagnostics: [Diagnostic]) {
        var priced = renderer.stores.makeIterator()
        self.stores = stores.map { name, usage in
            guard usage != nil, let store = priced.next() else { return StoreJSON(store: name) }
            let json = UsageJSON(store.usage, money: store.money)
            return StoreJSON(
                store: name, recipes: json.recipes, revenue: json.revenue, fruits: json.fruits, total: json.total)
        }
        total = UsageJSON(renderer.total.usage, money: renderer.total.money)
        self.diagnostics = diagnostics
    }
}
