/// What `juice expiring` is asked: how many days the window of best-before
/// dates spans, and when today is.
public struct ExpiringRequest: Sendable, Hashable {
    /// The default window: today and tomorrow.
    public static let defaultDays = 2

    /// The business days of the window, today first: 1 to
    /// ``ForecastRequest/maximumDays``.
    public var withinDays: Int
    /// The moment today is taken from.
    public var now: JournalTime

    /// A request; `withinDays` held to 1 ... ``ForecastRequest/maximumDays``.
    public init(withinDays: Int = defaultDays, now: JournalTime = .now) {
        self.withinDays = min(max(withinDays, 1), ForecastRequest.maximumDays)
        self.now = now
    }

    /// Today's business day for a store whose days start at `dayStart`
    /// (the UTC date of ``now`` if the local one cannot be had).
    func today(dayStart: DayStart) -> CalendarDate {
        now.businessDate(dayStart: dayStart)
            ?? CalendarDate(days: now.seconds >= 0 ? now.seconds / 86_400 : (now.seconds - 86_399) / 86_400)
    }

    /// What is expiring in `menu`'s `inventory` for a store whose days
    /// start at `dayStart`, the forecast read from the entries `journal`
    /// hands on: the default forecast (``ForecastRequest``'s history and
    /// method) over every day from today to the latest best-before. A
    /// stock without a dated lot has nothing to spoil: its journal is not
    /// read.
    func expiring(
        menu: Menu, inventory: Inventory, dayStart: DayStart,
        journal: ((JournalEntry, Bool) -> Void) throws(FileError) -> [Diagnostic]
    ) throws(FileError) -> (expiring: Expiring, diagnostics: [Diagnostic]) {
        let today = today(dayStart: dayStart)
        guard let latest = inventory.datedLots.values.flatMap({ $0.compactMap(\.bestBefore) }).max() else {
            let nothing = Forecast(fruits: [])
            return (
                Expiring(menu: menu, inventory: inventory, today: today, withinDays: withinDays, forecast: nothing), []
            )
        }
        let days = latest.days - today.days + 1
        let forecastRequest = ForecastRequest(days: days, now: now)
        let (forecast, diagnostics) = try forecastRequest.forecast(menu: menu, dayStart: dayStart, journal: journal)
        return (
            Expiring(menu: menu, inventory: inventory, today: today, withinDays: withinDays, forecast: forecast),
            diagnostics
        )
    }
}
