import JuiceMaker

/// The JSON of `juice usage --by day`: `{"days": [{"day", "recipes",
/// "revenue", "fruits", "total"}], "diagnostics"}`, each day as `usage`
/// gives a period.
package struct DailyUsageJSON: Encodable, Sendable {
    /// One business day: `{"day": "2026-11-26", ...}`, labelled by the
    /// date it starts on.
    struct DayJSON: Encodable, Sendable {
        var day: String
        var recipes: [String: Int128]
        var revenue: [String: Int128?]
        var fruits: [String: UsageJSON.FruitJSON]
        var total: UsageJSON.TotalJSON

        init(_ day: String, _ usage: Usage, _ money: UsageMoney) {
            let json = UsageJSON(usage, money: money)
            self.day = day
            recipes = json.recipes
            revenue = json.revenue
            fruits = json.fruits
            total = json.total
        }
    }

    var days: [DayJSON]
    var diagnostics: [Diagnostic]?

    /// Each day of `renderer`: the one store's, or the chain's total.
    package init(_ renderer: DailyUsageRenderer, diagnostics: [Diagnostic]? = nil) {
        days = renderer.days.map { DayJSON($0.day, $0.renderer.total.usage, $0.renderer.total.money) }
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice usage --stores --by day`: `{"stores": [{"store",
/// "days"}], "total": {"days"}, "diagnostics"}`. Every store of the
/// manifest is there, in its order: one whose journal could not be read
/// with no days (see ``ChainStores``).
package struct ChainDailyUsageJSON: Encodable, Sendable {
    struct StoreJSON: Encodable, Sendable {
        var store: String
        var days: [DailyUsageJSON.DayJSON] = []
    }

    var stores: [StoreJSON]
    var total: DailyUsageJSON
    var diagnostics: [Diagnostic]

    /// Every store of the chain: those read as `renderer` priced them (its
    /// stores are those of `stores` read, in their order).
    package init(
        _ renderer: DailyUsageRenderer, stores: ChainStores<[(day: String, usage: Usage)]>, diagnostics: [Diagnostic]
    ) {
        var read = renderer.stores.indices.makeIterator()
        self.stores = stores.map { name, days in
            guard days != nil, let index = read.next() else { return StoreJSON(store: name) }
            return StoreJSON(
                store: name,
                days: renderer.days.compactMap { day in
                    let store = day.renderer.stores[index]
                    // A day of the chain's that this store has no entry on.
                    guard renderer.stores[index].days.contains(where: { $0.day == day.day }) else { return nil }
                    return DailyUsageJSON.DayJSON(day.day, store.usage, store.money)
                })
        }
        total = DailyUsageJSON(renderer)
        self.diagnostics = diagnostics
    }
}
