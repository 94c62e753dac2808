import JuiceMaker

/// The JSON of `juice usage`: `{"recipes": {id: servings}, "fruits": {id:
/// {"used", "delivered", "wasted", "counted"}}}`.
package struct UsageJSON: Encodable, Sendable {
    struct FruitJSON: Encodable, Sendable {
        var used: Int
        var delivered: Int
        var wasted: Int
        var counted: Int
    }

    var recipes: [String: Int]
    var fruits: [String: FruitJSON]
    var diagnostics: [Diagnostic]?

    package init(_ usage: Usage, diagnostics: [Diagnostic]? = nil) {
        recipes = usage.recipes
        fruits = usage.fruits.mapValues {
            FruitJSON(used: $0.used, delivered: $0.delivered, wasted: $0.wasted, counted: $0.counted)
        }
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice usage --stores`: each store's usage, and the chain's
/// total.
package struct ChainUsageJSON: Encodable, Sendable {
    struct StoreJSON: Encodable, Sendable {
        var store: String
        var recipes: [String: Int]
        var fruits: [String: UsageJSON.FruitJSON]
    }

    var stores: [StoreJSON]
    var total: UsageJSON
    var diagnostics: [Diagnostic]

    package init(stores: [(name: String, usage: Usage)], diagnostics: [Diagnostic]) {
        self.stores = stores.map { store in
            let json = UsageJSON(store.usage)
            return StoreJSON(store: store.name, recipes: json.recipes, fruits: json.fruits)
        }
        total = UsageJSON(stores.reduce(Usage()) { $0.adding($1.usage) })
        self.diagnostics = diagnostics
    }
}
