import Foundation

/// The times tills write, read as seconds since 1970 (UTC): a local date
/// and time in a zone, or RFC 3339 with its offset.
///
/// The start of the day last read is kept: the calendar is asked once for a
/// day in a zone whose offset does not change that day, and the times of
/// that day are counted from it (an export's tickets come day by day, and
/// the calendar takes microseconds a call: seconds over a million rows).
package struct TillTime {
    /// The date last read (as written) of a day whose offset holds all day
    /// in its zone, and the moment the day starts.
    private var day: (date: String, zone: TimeZone, start: Int)?

    /// A reader that has read no day yet.
    package init() {}

    /// `date` (`2026-11-28`, `11/28/2026` or `11/28/26`) and `time`
    /// (`13:45`, `13:45:07`, `1:45 PM`, fractions of a second ignored) in
    /// `zone`; `nil` when either is none.
    package mutating func seconds(date: String, time: String, in zone: TimeZone) -> Int? {
        guard let (hour, minute, second) = Self.time(time) else { return nil }
        let sinceMidnight = hour * 3600 + minute * 60 + second
        if let known = self.day, known.date.hasSameBytes(as: date), known.zone == zone {
            return known.start + sinceMidnight
        }
        guard let (year, month, day) = Self.date(date) else { return nil }
        guard let start = Self.local(year, month, day, 0, 0, 0, in: zone), Self.offsetHolds(from: start, in: zone)
        else {
            return Self.local(year, month, day, hour, minute, second, in: zone)
        }
        self.day = (date, zone, start)
        return start + sinceMidnight
    }

    /// A date and a time in one field, a space or a `T` between them (as
    /// Toast's `Order Date`), in `zone`.
    package mutating func seconds(dateTime text: String, in zone: TimeZone) -> Int? {
        let trimmed = text.trimmingWhitespace
        guard let cut = trimmed.firstIndex(where: { $0 == " " || $0 == "T" }) else { return nil }
        return seconds(date: String(trimmed[..<cut]), time: String(trimmed[trimmed.index(after: cut)...]), in: zone)
    }

    /// RFC 3339 (`2026-11-28T13:45:00+09:00`, `...Z`), or, without an
    /// offset, a local date and time in `zone`.
    package mutating func seconds(rfc3339OrLocal text: String, in zone: TimeZone) -> Int? {
        let trimmed = text.trimmingWhitespace
        if trimmed.hasSuffix("Z") || trimmed.hasSuffix("z") {
            return seconds(dateTime: String(trimmed.dropLast()), in: TimeZone(secondsFromGMT: 0)!)
        }
        // An offset after the time: its sign comes after the date's last `-`.
        if let tee = trimmed.firstIndex(where: { $0 == "T" || $0 == " " }),
            let sign = trimmed[tee...].lastIndex(where: { $0 == "+" || $0 == "-" })
        {
            guard let offset = TillZone.offset(String(trimmed[sign...])),
                let zone = TimeZone(secondsFromGMT: offset)
            else { return nil }
            return seconds(dateTime: String(trimmed[..<sign]), in: zone)
        }
        return seconds(dateTime: trimmed, in: zone)
    }

    private static func date(_ text: String) -> (Int, Int, Int)? {
        let trimmed = text.trimmingWhitespace
        if trimmed.contains("-") {
            let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, let year = number(parts[0]), let month = number(parts[1]),
                let day = number(parts[2])
            else { return nil }
            return (year, month, day)
        }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let month = number(parts[0]), let day = number(parts[1]),
            let year = number(parts[2]), parts[2].count == 2 || parts[2].count == 4
        else { return nil }
        return (parts[2].count == 2 ? 2000 + year : year, month, day)
    }

    private static func time(_ text: String) -> (Int, Int, Int)? {
        if let plain = text.utf8.withContiguousStorageIfAvailable(plainTime), let (hour, minute, second) = plain {
            return hour < 24 && minute < 60 && second < 60 ? (hour, minute, second) : nil
        }
        var rest = text.trimmingWhitespace.uppercased()
        var half: Int?
        for (suffix, add) in [("AM", 0), ("PM", 12)] where rest.hasSuffix(suffix) {
            half = add
            rest = String(rest.dropLast(2)).trimmingWhitespace
        }
        if let dot = rest.firstIndex(of: ".") {
            guard rest[rest.index(after: dot)...].allSatisfy(\.isASCIIDigit) else { return nil }
            rest = String(rest[..<dot])
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hour = number(parts[0]), let minute = number(parts[1]),
            parts[1].count == 2, minute < 60
        else { return nil }
        let second = parts.count == 3 ? number(parts[2]) : 0
        guard let second, second < 60 else { return nil }
        guard let half else { return hour < 24 ? (hour, minute, second) : nil }
        guard (1...12).contains(hour) else { return nil }
        return (hour % 12 + half, minute, second)
    }

    /// `HH:MM:SS` in ASCII digits, the form of most tills' times, read
    /// without the strings of ``time(_:)``'s other forms; `nil` for any other
    /// form.
    private static func plainTime(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard bytes.count == 8, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
            let hour = twoDigits(bytes, at: 0), let minute = twoDigits(bytes, at: 3),
            let second = twoDigits(bytes, at: 6)
        else { return nil }
        return (hour, minute, second)
    }

    private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard let tens = digit(bytes[start]), let ones = digit(bytes[start + 1]) else { return nil }
        return tens * 10 + ones
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ text: Substring) -> Int? {
        guard (1...4).contains(text.utf8.count), text.utf8.allSatisfy({ digit($0) != nil }) else { return nil }
        return Int(text)
    }

    /// The moment of a wall-clock time in `zone`; `nil` for a date that is
    /// none (February 30th).
    private static func local(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, in zone: TimeZone
    ) -> Int? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let wanted = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: wanted) else { return nil }
        let found = calendar.dateComponents([.year, .month, .day], from: date)
        guard found.year == year, found.month == month, found.day == day else { return nil }
        return Int(date.timeIntervalSince1970.rounded(.down))
    }

    /// Whether `zone`'s offset from UTC is the same for the 24 hours from
    /// `start` (no change of summer time, nor of its standard offset): then
    /// a time of that day is `start` and the seconds since midnight.
    private static func offsetHolds(from start: Int, in zone: TimeZone) -> Bool {
        let first = Date(timeIntervalSince1970: Double(start))
        let last = Date(timeIntervalSince1970: Double(start + 86_399))
        if let change = zone.nextDaylightSavingTimeTransition(after: first.addingTimeInterval(-1)), change <= last {
            return false
        }
        return zone.secondsFromGMT(for: first) == zone.secondsFromGMT(for: last)
    }
}
