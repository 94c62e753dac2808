/// The entries of a journal by business day (`juice log --by day`): how
/// many each day has, and the net change of each fruit that day, exact.
public struct JournalDays: Sendable {
    /// One business day.
    public struct Day: Sendable, Hashable {
        /// The day, `2026-11-26`: the date it starts on, in the time zone
        /// of `TZ`.
        public var day: String
        /// How many entries it has.
        public var entries = 0
        /// Each fruit's net change that day; fruits whose changes cancel
        /// out are left out.
        public var changes: [String: Int128] = [:]
    }

    private var byDay: [String: Day] = [:]
    /// When each day starts.
    private let dayStart: DayStart

    /// No day yet; days starting at `dayStart`.
    public init(dayStart: DayStart = .midnight) {
        self.dayStart = dayStart
    }

    /// Counts `entry` in its day.
    public mutating func add(_ entry: JournalEntry) {
        let name = entry.time.businessDay(dayStart: dayStart)
        var day = byDay[name] ?? Day(day: name)
        day.entries += 1
        for (fruit, change) in entry.changes {
            let net = day.changes[fruit, default: 0] + Int128(change)
            day.changes[fruit] = net == 0 ? nil : net
        }
        byDay[name] = day
    }

    /// The days that have an entry, in order.
    public var days: [Day] { byDay.values.sorted { $0.day < $1.day } }
}
