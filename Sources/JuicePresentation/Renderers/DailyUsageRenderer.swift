import JuiceMaker

/// Renders `juice usage --by day`: the usage of each local day, a day after
/// another, each as ``UsageRenderer`` renders a period; for a chain, each
/// day's stores and their total.
package struct DailyUsageRenderer {
    /// Each store's days (one, unnamed, for a single store).
    package let stores: [(name: String?, days: [(day: String, usage: Usage)])]
    package let menu: Menu?
    package let language: String?

    /// A renderer of these values.
    package init(stores: [(name: String?, days: [(day: String, usage: Usage)])], menu: Menu?, language: String?) {
        self.stores = stores
        self.menu = menu
        self.language = language
    }

    /// Every day any store has, in order.
    package var days: [String] { Set(stores.flatMap { $0.days.map(\.day) }).sorted() }

    /// The usage of `day` as a period.
    private func renderer(for day: String) -> UsageRenderer {
        UsageRenderer(
            stores: stores.map { store in (store.name, store.days.first { $0.day == day }?.usage ?? Usage()) },
            menu: menu, language: language)
    }

    /// Each day: its date on a line, then its tables.
    package func text() -> [String] {
        let days = days
        guard !days.isEmpty else { return [Catalogue(language)(.nothingInPeriod)] }
        return days.enumerated().flatMap { index, day in (index > 0 ? [""] : []) + [day] + renderer(for: day).text() }
    }

    /// One table: `day,` then `usage`'s columns, a row per day and recipe
    /// or fruit.
    package func csv() -> [String] {
        let header = UsageRenderer(stores: stores.map { ($0.name, Usage()) }, menu: menu, language: language).csv()
        return ["day," + (header.first ?? "")]
            + days.flatMap { day in renderer(for: day).csv().dropFirst().map { CSV.field(day) + "," + $0 } }
    }
}
