import Foundation

/// Dates as `juice` writes a best-before, for tests of lots.
package enum LocalDate {
    /// The date `days` after today in `timeZone` (the local one unless
    /// said), `YYYY-MM-DD`: today's business day there with `dayStarts`
    /// at midnight.
    package static func string(daysFromToday days: Int, in timeZone: TimeZone = .current) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        guard let day = calendar.date(byAdding: .day, value: days, to: Date()) else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        guard let year = parts.year, let month = parts.month, let date = parts.day else { return nil }
        return String(format: "%04d-%02d-%02d", year, month, date)
    }
}
