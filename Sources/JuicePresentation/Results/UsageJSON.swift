import JuiceMaker

/// The JSON of `juice usage`: `{"recipes": {id: servings}, "fruits": {id:
/// {"used", "delivered", "wasted", "counted"}}}`.
package struct UsageJSON: Encodable, Sendable {
    package var recipes: [String: Int]
    package var fruits: [String: Usage.FruitUsage]
    package var diagnostics: [Diagnostic]?

    package init(_ usage: Usage, diagnostics: [Diagnostic]? = nil) {
        recipes = usage.recipes
        fruits = usage.fruits
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice usage --stores`: each store's usage, and the chain's
/// total.
package struct ChainUsageJSON: Encodable, Sendable {
    package struct StoreJSON: Encodable, Sendable {
        var store: String
        var recipes: [String: Int]
        var fruits: [String: Usage.FruitUsage]
    }

    package var stores: [StoreJSON]
    package var total: UsageJSON
    package var diagnostics: [Diagnostic]

    package init(stores: [(name: String, usage: Usage)], diagnostics: [Diagnostic]) {
        self.stores = stores.map { StoreJSON(store: $0.name, recipes: $0.usage.recipes, fruits: $0.usage.fruits) }
        total = UsageJSON(stores.reduce(Usage()) { $0.adding($1.usage) })
        self.diagnostics = diagnostics
    }
}
