import JuiceMaker

/// One store's usage of a period, read by its business day and priced by
/// its menu, as `juice usage` and the counter's usage route answer it: the
/// period whole, or each business day (`--by day`), with the journal's
/// problems and the warnings that say why a total is null.
package struct StoreUsage {
    /// Why there is no usage: the store's files, or a figure in money past
    /// what 128 bits hold (refused as `above-maximum`).
    package enum Problem: Error {
        case store(StoreError)
        case overflow(UsageMoney.Overflow)

        /// The failure of a figure past 128 bits, in `catalogue`'s language.
        package static func aboveMaximum(_ overflow: UsageMoney.Overflow, catalogue: Catalogue) -> Failure {
            .totalAboveMaximum(catalogue(.usageBeyondCounting, overflow.figure, String(Int128.max)))
        }
    }

    /// The period's renderer, or each day's.
    package enum Renderer {
        case period(UsageRenderer)
        case days(DailyUsageRenderer)
    }

    package let renderer: Renderer
    /// The journal's problems and the prices and costs missing.
    package let diagnostics: [Diagnostic]

    /// Reads `store`'s usage of `period`, names in `language`.
    package init(_ store: Store, period: JournalPeriod, byDay: Bool, language: String?) throws(Problem) {
        let (start, end) = period.bounds(dayStart: store.dayStart)
        let menuPaths = [store.address.menuPath]
        if byDay {
            let (days, found) = try Self.reading { () throws(StoreError) in
                try store.usageByDay(since: start, until: end)
            }
            let renderer = try Self.pricing { () throws(UsageMoney.Overflow) in
                try DailyUsageRenderer(stores: [(nil, store.menu, days)], menu: store.menu, language: language)
            }
            self.renderer = .days(renderer)
            diagnostics = found + renderer.missingPricesAndCosts(menuPaths: menuPaths)
        } else {
            let (usage, found) = try Self.reading { () throws(StoreError) in
                try store.usage(since: start, until: end)
            }
            let renderer = try Self.pricing { () throws(UsageMoney.Overflow) in
                try UsageRenderer(stores: [(nil, store.menu, usage)], menu: store.menu, language: language)
            }
            self.renderer = .period(renderer)
            diagnostics = found + renderer.missingPricesAndCosts(menuPaths: menuPaths)
        }
    }

    /// The renderer `make` makes, its overflow a ``Problem``.
    private static func pricing<Value>(_ make: () throws(UsageMoney.Overflow) -> Value) throws(Problem) -> Value {
        do {
            return try make()
        } catch {
            throw .overflow(error)
        }
    }

    /// What `read` reads of the store's journal, its error a ``Problem``.
    private static func reading<Value>(_ read: () throws(StoreError) -> Value) throws(Problem) -> Value {
        do {
            return try read()
        } catch {
            throw .store(error)
        }
    }

    /// The JSON of `juice usage --format json`, `warnings` (the menu's)
    /// before the usage's own diagnostics.
    package func json(warnings: [Diagnostic]) -> any Encodable & Sendable {
        switch renderer {
        case .period(let renderer):
            UsageJSON(renderer.total.usage, money: renderer.total.money, diagnostics: warnings + diagnostics)
        case .days(let renderer):
            DailyUsageJSON(renderer, diagnostics: warnings + diagnostics)
        }
    }
}
