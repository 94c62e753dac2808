/// A date of the civil calendar, `YYYY-MM-DD` (years 0001 to 9999): a lot's
/// best-before, or a business day's label.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public let days: Int

    /// The date `days` days after 1970-01-01.
    public init(days: Int) {
        self.days = days
    }

    /// Reads `YYYY-MM-DD`: four-digit year from 0001, two-digit month and
    /// day of a date that exists (`2026-02-29` does not); `nil` for
    /// anything else.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy({ digits.contains(bytes[$0]) })
        else { return nil }
        let number = { (range: Range<Int>) in
            range.reduce(0) { $0 * 10 + Int(bytes[$1] - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard year >= 1, (1...12).contains(month), (1...Self.length(ofMonth: month, in: year)).contains(day)
        else { return nil }
        self.init(days: Self.days(year: year, month: month, day: day))
    }

    /// The date `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDate {
        CalendarDate(days: days + count)
    }

    /// The weekday, 0 (Sunday) to 6 (Saturday): 1970-01-01 was a Thursday.
    public var weekday: Int {
        ((days % 7) + 11) % 7
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Civil from days (H. Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return JournalTime.padded(Int32(year), 4) + "-" + JournalTime.padded(Int32(month), 2) + "-"
            + JournalTime.padded(Int32(day), 2)
    }

    /// Whether `lhs` is the earlier date.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        lhs.days < rhs.days
    }

    /// Days from 1970-01-01 to a civil date.
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
