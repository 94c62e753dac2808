import JuiceMaker

/// The JSON of `juice report`: `{"inventory", "recipes", "diagnostics"}`.
///
/// `package`, with the other results, so that a second front end of this
/// package (an HTTP server) answers with the same JSON as the command line.
package struct ReportJSON: Encodable, Sendable {
    /// One recipe: what a serving uses and what the stock allows.
    package struct Recipe: Encodable, Sendable {
        var id: String
        var name: String
        var uses: [String: Int]
        var servings: Int
        var limitedBy: [String]
        var missing: [String: Int]
    }

    var inventory: StockJSON
    var recipes: [Recipe]
    var diagnostics: [Diagnostic]

    /// The report of `inventory` against `menu`, names in `language`.
    package init(
        menu: Menu, inventory: Inventory, availability: [RecipeAvailability]? = nil, language: String?,
        diagnostics: [Diagnostic]
    ) {
        self.inventory = inventory.json(for: menu)
        recipes = (availability ?? inventory.availability(in: menu)).map { item in
            Recipe(
                id: item.recipe.id, name: item.recipe.displayName(for: language),
                uses: Dictionary(uniqueKeysWithValues: item.recipe.ingredients.map { ($0.fruit, $0.quantity) }),
                servings: item.servings, limitedBy: item.limitedBy,
                missing: Dictionary(uniqueKeysWithValues: item.missing.map { ($0.fruit, $0.missing) }))
        }
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice report --stores`: a report per store, an invalid
/// store's empty, and the manifest's own diagnostics.
package struct BatchReportJSON: Encodable, Sendable {
    /// One store's report.
    package struct Store: Encodable, Sendable {
        var store: String
        var inventory: StockJSON
        var recipes: [ReportJSON.Recipe]
        var diagnostics: [Diagnostic]
    }

    var stores: [Store]
    /// The manifest's own problems.
    var diagnostics: [Diagnostic]

    /// The report of every store of a chain, in the manifest's order.
    package init(manifest: StoresManifest, snapshots: [StoreSnapshot], language: String?) {
        stores = snapshots.map { snapshot in
            var report: ReportJSON?
            if let menu = snapshot.menu, let inventory = snapshot.inventory {
                report = ReportJSON(menu: menu, inventory: inventory, language: language, diagnostics: [])
            }
            return Store(
                store: snapshot.store.name, inventory: report?.inventory ?? [:], recipes: report?.recipes ?? [],
                diagnostics: snapshot.diagnostics)
        }
        diagnostics = manifest.diagnostics
    }
}
