import JuiceMaker

/// The JSON of `juice usage --by day`: `{"days": [{"day", "recipes",
/// "fruits"}], "diagnostics"}`, each day as `usage` gives a period.
package struct DailyUsageJSON: Encodable, Sendable {
    /// One local day: `{"day": "2026-11-26", "recipes", "fruits"}`.
    struct DayJSON: Encodable, Sendable {
        var day: String
        var recipes: [String: Int]
        var fruits: [String: Usage.FruitUsage]

        init(_ day: String, _ usage: Usage) {
            self.day = day
            recipes = usage.recipes
            fruits = usage.fruits
        }
    }

    var days: [DayJSON]
    var diagnostics: [Diagnostic]?

    package init(_ days: [(day: String, usage: Usage)], diagnostics: [Diagnostic]? = nil) {
        self.days = days.map { DayJSON($0.day, $0.usage) }
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice usage --stores --by day`: `{"stores": [{"store",
/// "days"}], "total": {"days"}, "diagnostics"}`.
package struct ChainDailyUsageJSON: Encodable, Sendable {
    struct StoreJSON: Encodable, Sendable {
        var store: String
        var days: [DailyUsageJSON.DayJSON]
    }

    var stores: [StoreJSON]
    var total: DailyUsageJSON
    var diagnostics: [Diagnostic]

    package init(_ renderer: DailyUsageRenderer, diagnostics: [Diagnostic]) {
        stores = renderer.stores.map { store in
            StoreJSON(store: store.name ?? "", days: store.days.map { DailyUsageJSON.DayJSON($0.day, $0.usage) })
        }
        let days = renderer.days.map { day in
            (
                day,
                renderer.stores.reduce(Usage()) { total, store in
                    total.adding(store.days.first { $0.day == day }?.usage ?? Usage())
                }
            )
        }
        total = DailyUsageJSON(days)
        self.diagnostics = diagnostics
    }
}
