import JuiceMaker

/// Renders `juice usage` as tables: servings and revenue per recipe, and
/// per fruit what was used, delivered, wasted and counted and what the
/// used and the wasted cost, in the menu's order, each table with its
/// total in money; for a chain, a row per store and the chain's total, by
/// id.
package struct UsageRenderer {
    /// Each store's usage and its money (one, unnamed, for a single
    /// store).
    package let stores: [(name: String?, usage: Usage, money: UsageMoney)]
    /// The chain's total (the one store's for a single store).
    package let total: (usage: Usage, money: UsageMoney)
    /// The menu whose names the rows show (a single store's), if any.
    package let menu: Menu?
    package let language: String?

    /// A renderer of each store's usage, its money by the store's menu.
    ///
    /// - Throws: ``UsageMoney/Overflow`` when a figure in money passes
    ///   what 128 bits hold.
    package init(stores: [(name: String?, menu: Menu?, usage: Usage)], menu: Menu?, language: String?)
        throws(UsageMoney.Overflow)
    {
        var priced: [(name: String?, usage: Usage, money: UsageMoney)] = []
        var total = (usage: Usage(), money: UsageMoney())
        for store in stores {
            let money = try UsageMoney(store.usage, menu: store.menu)
            priced.append((store.name, store.usage, money))
            total = (total.usage.adding(store.usage), try total.money.adding(money))
        }
        self.stores = priced
        self.total = total
        self.menu = menu
        self.language = language
    }

    /// The warnings that say why a total is null: for each store, the
    /// recipes without a price and the fruits without a cost, at its
    /// menu's place (`menuPaths`, in the stores' order; `nil` for the
    /// built-in menu).
    package func missingPricesAndCosts(menuPaths: [String?]) -> [Diagnostic] {
        zip(stores, menuPaths).flatMap { store, path in
            store.money.missingPricesAndCosts(at: .start(of: path ?? Menu.builtinPath))
        }
    }

    private var isChain: Bool { stores.first?.name != nil }

    /// The recipe ids in the menu's order (none for a chain, whose rows
    /// are then by id).
    private var recipeOrder: [String] { menu?.recipes.ids ?? [] }
    /// The fruit ids in the menu's order.
    private var fruitOrder: [String] { menu?.fruits.map(\.id) ?? [] }

    /// The rows, with the chain's total last.
    private var rows: [(store: String, usage: Usage, money: UsageMoney)] {
        let named = stores.map { ($0.name ?? "", $0.usage, $0.money) }
        guard isChain else { return named }
        return named + [(Catalogue(language)(.totalRow), total.usage, total.money)]
    }

    /// A sum in money as a cell: `missing` for a null.
    private static func cell(_ value: Int128??, missing: String) -> String {
        (value ?? nil).map(String.init) ?? missing
    }

    private var recipeHeaders: [Catalogue.Text] { [.recipeHeader, .madeHeader, .revenueHeader] }
    private var fruitHeaders: [Catalogue.Text] {
        [
            .fruitHeader, .usedHeader, .deliveredHeader, .wastedHeader, .countedHeader, .usedCostHeader,
            .wastedCostHeader,
        ]
    }

    /// The rows of the recipes' and the fruits' tables, names shown and
    /// `missing` for a null, each store's (with a store cell for a chain)
    /// followed by its totals; a store with nothing in the period has no
    /// rows, not even a total.
    private func tables(missing: String) -> (recipes: [[String]], fruits: [[String]]) {
        let text = Catalogue(language)
        var recipes: [[String]] = []
        var fruits: [[String]] = []
        for (store, usage, money) in rows where !usage.isEmpty {
            let prefix = isChain ? [store] : []
            for (recipe, servings) in usage.recipes.ordered(by: recipeOrder) {
                let name = menu?.recipe(id: recipe)?.displayName(for: language) ?? recipe
                recipes.append(prefix + [name, String(servings), Self.cell(money.revenue[recipe], missing: missing)])
            }
            for (fruit, moved) in usage.fruits.ordered(by: fruitOrder) {
                let name = menu?.fruitName(fruit, for: language) ?? fruit
                let costs = money.fruits[fruit]
                fruits.append(
                    prefix + [
                        name, String(moved.used), String(moved.delivered), String(moved.wasted), String(moved.counted),
                        Self.cell(costs?.used, missing: missing), Self.cell(costs?.wasted, missing: missing),
                    ])
            }
            recipes.append(prefix + [text(.totalRow), "", Self.cell(money.totalRevenue, missing: missing)])
            fruits.append(
                prefix + [text(.totalRow), "", "", "", ""]
                    + [money.totalUsedCost, money.totalWastedCost].map { Self.cell($0, missing: missing) })
        }
        return (recipes, fruits)
    }

    package func text() -> [String] {
        let text = Catalogue(language)
        let (recipeRows, fruitRows) = tables(missing: "-")
        guard !recipeRows.isEmpty || !fruitRows.isEmpty else { return [text(.nothingInPeriod)] }
        let storeColumn: [TextTable.Column] = isChain ? [.init(title: text(.storeHeader), alignment: .left)] : []
        func table(_ headers: [Catalogue.Text], _ rows: [[String]]) -> [String] {
            var table = TextTable(
                storeColumn + headers.enumerated().map { .init(title: text($1), alignment: $0 == 0 ? .left : .right) })
            rows.forEach { table.append($0) }
            return table.lines
        }
        return table(recipeHeaders, recipeRows) + [""] + table(fruitHeaders, fruitRows)
    }

    /// The two tables in Markdown, `–` for a null.
    package func markdown() -> [String] {
        let text = Catalogue(language)
        let (recipeRows, fruitRows) = tables(missing: "–")
        guard !recipeRows.isEmpty || !fruitRows.isEmpty else { return [text(.nothingInPeriod)] }
        func table(_ headers: [Catalogue.Text], _ rows: [[String]]) -> [String] {
            let titles = (isChain ? [text.title(.storeHeader)] : []) + headers.map { text.title($0) }
            let alignments =
                (isChain ? ["---"] : []) + ["---"] + Array(repeating: "---:", count: headers.count - 1)
            return [Markdown.row(titles), "| " + alignments.joined(separator: " | ") + " |"] + rows.map(Markdown.row)
        }
        return table(recipeHeaders, recipeRows) + [""] + table(fruitHeaders, fruitRows)
    }

    /// One table: `[store,]kind,id,servings,used,delivered,wasted,counted,
    /// revenue,usedCost,wastedCost`, a row per recipe (kind `recipe`) and
    /// per fruit (kind `fruit`), in the menu's order (for a chain, by id),
    /// then the totals in money (kind `total`, no id); an empty cell for a
    /// null; the chain's total has an empty store.
    package func csv() -> [String] {
        var lines = [
            (isChain ? "store," : "") + "kind,id,servings,used,delivered,wasted,counted,revenue,usedCost,wastedCost"
        ]
        for (index, row) in rows.enumerated() where !row.usage.isEmpty {
            let store = isChain ? [index < stores.count ? row.store : ""] : []
            var cells: [[String]] = []
            for (recipe, servings) in row.usage.recipes.ordered(by: recipeOrder) {
                cells.append(
                    [
                        "recipe", recipe, String(servings), "", "", "", "",
                        Self.cell(row.money.revenue[recipe], missing: ""), "", "",
                    ])
            }
            for (fruit, moved) in row.usage.fruits.ordered(by: fruitOrder) {
                let counts = [moved.used, moved.delivered, moved.wasted, moved.counted].map(String.init)
                let costs = row.money.fruits[fruit]
                cells.append(
                    ["fruit", fruit, ""] + counts + [
                        "", Self.cell(costs?.used, missing: ""), Self.cell(costs?.wasted, missing: ""),
                    ])
            }
            cells.append(
                ["total", "", "", "", "", "", ""]
                    + [row.money.totalRevenue, row.money.totalUsedCost, row.money.totalWastedCost].map {
                        Self.cell($0, missing: "")
                    })
            lines += cells.map { (store + $0).map(CSV.field).joined(separator: ",") }
        }
        return lines
    }
}
