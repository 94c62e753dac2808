/// Business days by their labels (`2026-11-26`, the date each starts on)
/// and their weekdays, as the forecast counts them.
enum BusinessDays {
    /// The labels of the business days `from` to `through` (inclusive)
    /// days after the one `now` is in (negative: before; 0 is today's).
    static func dates(now: JournalTime, dayStart: DayStart, from: Int, through: Int) -> [String] {
        guard from <= through else { return [] }
        return (from...through).compactMap { offset in
            now.businessDayStart(daysBack: -offset, dayStart: dayStart)?.businessDay(dayStart: dayStart)
        }
    }

    /// The weekday of a date `YYYY-MM-DD`, 0 (Sunday) to 6 (Saturday); 0
    /// for a label that is no date (none is made so).
    static func weekday(of date: String) -> Int {
        CalendarDate(parsing: date)?.weekday ?? 0
    }
}
