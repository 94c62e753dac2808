/// The entries of a journal by business day (`juice log --by day`): how
/// many each day has, and the net change of each fruit that day, exact.
package struct JournalDays: Sendable {
    /// One business day.
    package struct Day: Sendable, Hashable {
        /// The day, `2026-11-26`: the date it starts on, in the time zone
        /// of `TZ`.
        package var day: String
        /// How many entries it has.
        package var entries = 0
        /// Each fruit's net change that day; fruits whose changes cancel
        /// out are left out.
        package var changes: [String: Int128] = [:]
    }

    private var byDay: [String: Day] = [:]
    /// When each day starts.
    private let dayStart: DayStart

    /// No day yet; days starting at `dayStart`.
    package init(dayStart: DayStart = .midnight) {
        self.dayStart = dayStart
    }

    /// Counts `entry` in its day.
    package mutating func add(_ entry: JournalEntry) {
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
    package var days: [Day] { byDay.values.sorted { $0.day < $1.day } }
}
