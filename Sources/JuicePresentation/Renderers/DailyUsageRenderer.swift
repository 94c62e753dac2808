import JuiceMaker

/// Renders `juice usage --by day`: the usage of each business day, a day
/// after another, each as ``UsageRenderer`` renders a period, with its
/// money; for a chain, each day's stores and their total.
package struct DailyUsageRenderer {
    /// Each store's days (one, unnamed, for a single store).
    package let stores: [(name: String?, menu: Menu?, days: [(day: String, usage: Usage)])]
    /// Each day any store has, in order, rendered as a period.
    package let days: [(day: String, renderer: UsageRenderer)]
    package let menu: Menu?
    package let language: String?

    /// A renderer of these values, each store's money by its menu.
    ///
    /// - Throws: ``UsageMoney/Overflow`` when a figure in money passes
    ///   what 128 bits hold.
    package init(
        stores: [(name: String?, menu: Menu?, days: [(day: String, usage: Usage)])], menu: Menu?, language: String?
    ) throws(UsageMoney.Overflow) {
        self.stores = stores
        self.menu = menu
        self.language = language
        var days: [(day: String, renderer: UsageRenderer)] = []
        for day in Set(stores.flatMap { $0.days.map(\.day) }).sorted() {
            let renderer = try UsageRenderer(
                stores: stores.map { store in
                    (store.name, store.menu, store.days.first { $0.day == day }?.usage ?? Usage())
                }, menu: menu, language: language)
            days.append((day, renderer))
        }
        self.days = days
    }

    /// Each day: its date on a line, then its tables.
    package func text() -> [String] {
        guard !days.isEmpty else { return [Catalogue(language)(.nothingInPeriod)] }
        return days.enumerated().flatMap { index, day in (index > 0 ? [""] : []) + [day.day] + day.renderer.text() }
    }

    /// Each day: its date as a heading, then its tables in Markdown.
    package func markdown() -> [String] {
        guard !days.isEmpty else { return [Catalogue(language)(.nothingInPeriod)] }
        return days.enumerated().flatMap { index, day in
            (index > 0 ? [""] : []) + ["### " + day.day, ""] + day.renderer.markdown()
        }
    }

    /// One table: `day,` then `usage`'s columns, a row per day and recipe
    /// or fruit, and each day's totals.
    package func csv() -> [String] {
        let header =
            (try? UsageRenderer(stores: stores.map { ($0.name, nil, Usage()) }, menu: menu, language: language))?
            .csv().first ?? ""
        return ["day," + header]
            + days.flatMap { day in day.renderer.csv().dropFirst().map { CSV.field(day.day) + "," + $0 } }
    }

    /// The warnings that say why a total is null, once per store for the
    /// whole period (see ``UsageRenderer/missingPricesAndCosts(menuPaths:)``).
    package func missingPricesAndCosts(menuPaths: [String?]) -> [Diagnostic] {
        let whole = stores.map { store in
            (store.name, store.menu, store.days.reduce(Usage()) { $0.adding($1.usage) })
        }
        return (try? UsageRenderer(stores: whole, menu: menu, language: language))?
            .missingPricesAndCosts(menuPaths: menuPaths) ?? []
    }
}
