import JuiceMaker

/// Renders `juice usage` as tables: servings per recipe, and per fruit what
/// was used, delivered, wasted and counted, in the menu's order; for a
/// chain, a row per store and the chain's total, by id.
package struct UsageRenderer {
    /// Each store's usage (one, unnamed, for a single store).
    package let stores: [(name: String?, usage: Usage)]
    /// The menu whose names the rows show (a single store's), if any.
    package let menu: Menu?
    package let language: String?

    /// A renderer of these values.
    package init(stores: [(name: String?, usage: Usage)], menu: Menu?, language: String?) {
        self.stores = stores
        self.menu = menu
        self.language = language
    }

    private var isChain: Bool { stores.first?.name != nil }

    /// The recipe ids in the menu's order (none for a chain, whose rows
    /// are then by id).
    private var recipeOrder: [String] { menu?.recipes.ids ?? [] }
    /// The fruit ids in the menu's order.
    private var fruitOrder: [String] { menu?.fruits.map(\.id) ?? [] }

    /// The rows, with the chain's total last.
    private var rows: [(store: String, usage: Usage)] {
        let named = stores.map { ($0.name ?? "", $0.usage) }
        guard isChain else { return named }
        return named + [(Catalogue(language)(.totalRow), stores.reduce(Usage()) { $0.adding($1.usage) })]
    }

    package func text() -> [String] {
        let text = Catalogue(language)
        let storeColumn: [TextTable.Column] = isChain ? [.init(title: text(.storeHeader), alignment: .left)] : []
        var recipes = TextTable(
            storeColumn + [
                .init(title: text(.recipeHeader), alignment: .left),
                .init(title: text(.madeHeader), alignment: .right),
            ])
        var fruits = TextTable(
            storeColumn + [
                .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.usedHeader), alignment: .right),
                .init(title: text(.deliveredHeader), alignment: .right),
                .init(title: text(.wastedHeader), alignment: .right),
                .init(title: text(.countedHeader), alignment: .right),
            ])
        for (store, usage) in rows {
            let prefix = isChain ? [store] : []
            for (recipe, servings) in usage.recipes.ordered(by: recipeOrder) {
                let name = menu?.recipe(id: recipe)?.displayName(for: language) ?? recipe
                recipes.append(prefix + [name, String(servings)])
            }
            for (fruit, moved) in usage.fruits.ordered(by: fruitOrder) {
                let name = menu?.fruitName(fruit, for: language) ?? fruit
                fruits.append(
                    prefix + [
                        name, String(moved.used), String(moved.delivered), String(moved.wasted), String(moved.counted),
                    ])
            }
        }
        guard !recipes.rows.isEmpty || !fruits.rows.isEmpty else { return [text(.nothingInPeriod)] }
        return recipes.lines + [""] + fruits.lines
    }

    /// One table: `[store,]kind,id,servings,used,delivered,wasted,counted`,
    /// a row per recipe (kind `recipe`) and per fruit (kind `fruit`), in
    /// the menu's order (for a chain, by id); the chain's total has an
    /// empty store.
    package func csv() -> [String] {
        var lines = [(isChain ? "store," : "") + "kind,id,servings,used,delivered,wasted,counted"]
        for (index, row) in rows.enumerated() {
            let store = isChain ? [index < stores.count ? row.store : ""] : []
            for (recipe, servings) in row.usage.recipes.ordered(by: recipeOrder) {
                lines.append(
                    (store + ["recipe", recipe, String(servings), "", "", "", ""]).map(CSV.field).joined(separator: ",")
                )
            }
            for (fruit, moved) in row.usage.fruits.ordered(by: fruitOrder) {
                let counts = [moved.used, moved.delivered, moved.wasted, moved.counted].map(String.init)
                lines.append((store + ["fruit", fruit, ""] + counts).map(CSV.field).joined(separator: ","))
            }
        }
        return lines
    }
}
