/// The entries of a journal by local day (`juice log --by day`): how many
/// each day has, and the net change of each fruit that day.
public struct JournalDays: Sendable {
    /// One local day.
    public struct Day: Sendable, Hashable {
        /// The day, `2026-11-26`, in the time zone of `TZ`.
        public var day: String
        /// How many entries it has.
        public var entries = 0
        /// Each fruit's net change that day; fruits whose changes cancel
        /// out are left out.
        public var changes: [String: Int] = [:]
    }

    private var byDay: [String: Day] = [:]

    /// No day yet.
    public init() {}

    /// Counts `entry` in its day.
    public mutating func add(_ entry: JournalEntry) {
        let name = entry.time.localDay
        var day = byDay[name] ?? Day(day: name)
        day.entries += 1
        for (fruit, change) in entry.changes {
            let net = day.changes[fruit, default: 0].addingSaturating(change)
            day.changes[fruit] = net == 0 ? nil : net
        }
        byDay[name] = day
    }

    /// The days that have an entry, in order.
    public var days: [Day] { byDay.values.sorted { $0.day < $1.day } }
}
