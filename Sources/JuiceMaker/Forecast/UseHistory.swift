/// What each fruit of a menu was used by makes (sales included; not waste
/// or corrections) on each business day of a history, and the days it ran
/// out: the ground a ``Forecast`` stands on.
///
/// Read in one walk of the journal: each entry that counts (neither undone
/// nor an undo) adds to its business day (by its `time`) what ``Usage``
/// adds; every entry moves the stock (from the menu's initial stock, in
/// the order of their `time`), and a fruit whose stock is at 0 or below after
/// any entry of a day, or all day on a day without entries, ran out that
/// day.
public struct UseHistory: Sendable, Hashable {
    /// One business day of the history.
    public struct Day: Sendable, Hashable {
        /// The day, `2026-11-26`: the date it starts on.
        public var date: String
        /// Its weekday, 0 (Sunday) to 6 (Saturday).
        public var weekday: Int
        /// Each fruit's use by makes, by id: only fruits used.
        public var used: [String: Int128] = [:]
        /// The fruits that ran out that day.
        public var ranOut: Set<String> = []
    }

    /// The days, oldest first, each of them: days without entries too.
    public var days: [Day]

    /// A history of these days.
    public init(days: [Day]) {
        self.days = days
    }

    /// The history of the `count` whole business days before the one
    /// `now` is in, days starting at `dayStart`, from `menu`'s initial
    /// stock and the entries `journal` hands on with whether each counts
    /// (see ``InventoryFile/readJournalKnowingUndos(_:)``).
    ///
    /// - Returns: the history, and what `journal` returns (its problems).
    static func read(
        menu: Menu, count: Int, now: JournalTime, dayStart: DayStart,
        journal: ((JournalEntry, Bool) -> Void) throws(FileError) -> [Diagnostic]
    ) throws(FileError) -> (history: UseHistory, diagnostics: [Diagnostic]) {
        let dates = BusinessDays.dates(now: now, dayStart: dayStart, from: -count, through: -1)
        guard let since = now.businessDayStart(daysBack: count, dayStart: dayStart),
            let until = now.businessDayStart(daysBack: 0, dayStart: dayStart)
        else { return (UseHistory(days: []), []) }
        // The stock when the history starts: every entry before it, in
        // any order, from the menu's initial stock.
        var stock = menu.initialCounts
        var entries: [(entry: JournalEntry, counts: Bool)] = []
        let diagnostics = try journal { entry, counts in
            guard entry.time < until else { return }
            guard entry.time >= since else {
                for (fruit, change) in entry.changes where stock[fruit] != nil {
                    stock[fruit] = stock[fruit, default: 0].addingSaturating(change)
                }
                return
            }
            entries.append((entry, counts))
        }
        // The history's entries by their time (a sale imported late was
        // sold at its time), the journal's order among equal times.
        let ordered = entries.indices.sorted { (entries[$0].entry.time, $0) < (entries[$1].entry.time, $1) }
        var empty = Set(stock.filter { $0.value <= 0 }.keys)
        // The fruits out when the history starts, and after each day's
        // last entry: a day without entries keeps the day before's.
        let emptyBefore = empty
        var emptyAtEnd: [String: Set<String>] = [:]
        var ranOut: [String: Set<String>] = [:]
        var usage: [String: Usage] = [:]
        for (entry, counts) in ordered.map({ entries[$0] }) {
            for (fruit, change) in entry.changes where stock[fruit] != nil {
                let left = stock[fruit, default: 0].addingSaturating(change)
                stock[fruit] = left
                if left <= 0 { empty.insert(fruit) } else { empty.remove(fruit) }
            }
            let day = entry.time.businessDay(dayStart: dayStart)
            ranOut[day, default: []].formUnion(empty)
            emptyAtEnd[day] = empty
            if counts { usage[day, default: Usage()].add(entry) }
        }
        var carried = emptyBefore
        let days = dates.map { date in
            var day = Day(date: date, weekday: BusinessDays.weekday(of: date))
            if let out = ranOut[date] {
                day.ranOut = out
                carried = emptyAtEnd[date] ?? carried
            } else {
                day.ranOut = carried
            }
            day.used = (usage[date]?.fruits ?? [:]).compactMapValues { $0.used == 0 ? nil : $0.used }
            return day
        }
        return (UseHistory(days: days), diagnostics)
    }
}
