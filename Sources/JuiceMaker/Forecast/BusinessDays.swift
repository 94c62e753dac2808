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

    /// The weekday of a date `YYYY-MM-DD`, 0 (Sunday) to 6 (Saturday).
    static func weekday(of date: String) -> Int {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return 0 }
        // Days from 1970-01-01 (a Thursday), by the civil calendar.
        let (month, day) = (parts[1], parts[2])
        let year = month <= 2 ? parts[0] - 1 : parts[0]
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return ((days % 7) + 11) % 7
    }
}
