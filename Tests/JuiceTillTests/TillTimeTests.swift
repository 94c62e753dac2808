import Foundation
import Testing

@testable import JuiceTill

/// What an import keeps from one row to the next so as not to ask
/// Foundation again gives Foundation's answers: a day's start kept for the
/// times of that day, across changes of summer time; a field's spaces
/// trimmed.
@Suite struct TillTimeTests {
    /// The moment as the calendar gives it, asked afresh each time.
    static func calendars(_ date: String, _ time: String, in zone: TimeZone) -> Int? {
        let day = date.split(separator: "-").compactMap { Int($0) }
        let clock = time.split(separator: ":").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let wanted = DateComponents(
            year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1], second: clock[2])
        guard let moment = calendar.date(from: wanted) else { return nil }
        let found = calendar.dateComponents([.year, .month, .day], from: moment)
        guard found.year == day[0], found.month == day[1], found.day == day[2] else { return nil }
        return Int(moment.timeIntervalSince1970.rounded(.down))
    }

    @Test func aKeptDayGivesTheCalendarsMomentsAcrossChangesOfSummerTime() {
        // New York's and Santiago's changes of 2026, Lord Howe's half hour,
        // Seoul's none; a day that is none.
        let days = [
            "2026-03-07", "2026-03-08", "2026-03-09", "2026-04-04", "2026-04-05", "2026-09-05", "2026-09-06",
            "2026-10-03", "2026-10-04", "2026-10-31", "2026-11-01", "2026-11-02", "2026-02-30",
        ]
        for name in ["America/New_York", "America/Santiago", "Australia/Lord_Howe", "Asia/Seoul"] {
            let zone = TimeZone(identifier: name)!
            var kept = TillTime()
            for day in days {
                for minutes in stride(from: 0, to: 24 * 60, by: 10) {
                    let time = String(format: "%02d:%02d:07", minutes / 60, minutes % 60)
                    let read = kept.seconds(date: day, time: time, in: zone)
                    #expect(read == Self.calendars(day, time, in: zone), "\(name) \(day) \(time)")
                }
            }
        }
    }

    @Test func fieldsAreTrimmedAsFoundationTrimsThem() {
        let texts = [
            "", " ", "\t \t", "a", " a ", "\ta\t", "바나나 주스", " 바나나 ", "\u{3000}딸기\u{3000}", "x\u{A0}",
            "\u{200B}y", "\u{FEFF}z", "\u{2003} Mango, Kiwi \u{2003}", "a\n", "\na", "é ", " \u{301}e", "e \u{301}",
        ]
        for text in texts {
            #expect(
                Array(text.trimmingWhitespace.utf8) == Array(text.trimmingCharacters(in: .whitespaces).utf8),
                "\(text.unicodeScalars.map(\.value))")
        }
    }
}
