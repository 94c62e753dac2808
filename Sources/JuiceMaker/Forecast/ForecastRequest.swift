/// What `juice forecast` is asked: how many days ahead, from how many
/// days of history, by which method, and when today is.
public struct ForecastRequest: Sendable, Hashable {
    /// The default days ahead.
    public static let defaultDays = 7
    /// The default days of history.
    public static let defaultHistoryDays = 28
    /// The most days ahead, or of history, a request may ask.
    public static let maximumDays = 3650

    /// The business days ahead, today first: 1 to ``maximumDays``.
    public var days: Int
    /// The whole business days before today the history holds: 1 to
    /// ``maximumDays``.
    public var historyDays: Int
    /// The method.
    public var method: ForecastMethod
    /// The moment today is taken from.
    public var now: JournalTime

    /// A request; each count held to 1 ... ``maximumDays``.
    public init(
        days: Int = defaultDays, historyDays: Int = defaultHistoryDays, method: ForecastMethod = .auto,
        now: JournalTime = .now
    ) {
        self.days = min(max(days, 1), Self.maximumDays)
        self.historyDays = min(max(historyDays, 1), Self.maximumDays)
        self.method = method
        self.now = now
    }

    /// The forecast of `menu`'s fruits for a store whose days start at
    /// `dayStart`, from the entries `journal` hands on.
    func forecast(
        menu: Menu, dayStart: DayStart, journal: ((JournalEntry, Bool) -> Void) throws(FileError) -> [Diagnostic]
    ) throws(FileError) -> (forecast: Forecast, diagnostics: [Diagnostic]) {
        let (history, diagnostics) = try UseHistory.read(
            menu: menu, count: historyDays, now: now, dayStart: dayStart, journal: journal)
        let dates = BusinessDays.dates(now: now, dayStart: dayStart, from: 0, through: days - 1)
        return (Forecast(fruits: menu.fruits.map(\.id), history: history, dates: dates, method: method), diagnostics)
    }
}
