import Foundation

/// Dates as `juice` writes a best-before, for tests of lots, and tests
/// whose answer depends on today's date.
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

    /// Runs `body` with the time it starts at, and again when the day in
    /// `timeZone` changed while it ran: files written for one day and read
    /// by `juice` on the next would be checked against the wrong day (a
    /// run at 05:00 UTC straddles New York's midnight). `body` returns what
    /// it read and checks nothing; the caller checks what is returned.
    package static func onOneDay<Result>(
        in timeZone: TimeZone = .current, _ body: (Date) async throws -> Result
    ) async throws -> Result {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        for _ in 0..<2 {
            let start = Date()
            let result = try await body(start)
            if calendar.isDate(start, inSameDayAs: Date()) { return result }
        }
        throw DayChanged()
    }

    /// The day changed twice while a test's body ran.
    package struct DayChanged: Error, CustomStringConvertible {
        package var description: String { "the day changed twice while the test ran" }
    }
}
