import Foundation

/// The times tills write, read as seconds since 1970 (UTC): a local date
/// and time in a zone, or RFC 3339 with its offset.
package enum TillTime {
    /// `date` (`2026-11-28`, `11/28/2026` or `11/28/26`) and `time`
    /// (`13:45`, `13:45:07`, `1:45 PM`, fractions of a second ignored) in
    /// `zone`; `nil` when either is none.
    package static func seconds(date: String, time: String, in zone: TimeZone) -> Int? {
        guard let (year, month, day) = self.date(date), let (hour, minute, second) = self.time(time) else {
            return nil
        }
        return local(year, month, day, hour, minute, second, in: zone)
    }

    /// A date and a time in one field, a space or a `T` between them (as
    /// Toast's `Order Date`), in `zone`.
    package static func seconds(dateTime text: String, in zone: TimeZone) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let cut = trimmed.firstIndex(where: { $0 == " " || $0 == "T" }) else { return nil }
        return seconds(date: String(trimmed[..<cut]), time: String(trimmed[trimmed.index(after: cut)...]), in: zone)
    }

    /// RFC 3339 (`2026-11-28T13:45:00+09:00`, `...Z`), or, without an
    /// offset, a local date and time in `zone`.
    package static func seconds(rfc3339OrLocal text: String, in zone: TimeZone) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
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
        var rest = text.trimmingCharacters(in: .whitespaces).uppercased()
        var half: Int?
        for (suffix, add) in [("AM", 0), ("PM", 12)] where rest.hasSuffix(suffix) {
            half = add
            rest = String(rest.dropLast(2)).trimmingCharacters(in: .whitespaces)
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

    private static func number(_ text: Substring) -> Int? {
        guard (1...4).contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
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
}
