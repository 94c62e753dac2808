#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A moment of the journal: whole seconds since 1970-01-01T00:00:00Z,
/// written as RFC 3339 in UTC (`2026-11-22T09:30:00Z`).
public struct JournalTime: Sendable, Hashable, Comparable {
    /// Seconds since the Unix epoch.
    public var seconds: Int

    /// The moment `seconds` after the Unix epoch.
    public init(seconds: Int) {
        self.seconds = seconds
    }

    /// Now, to the second.
    public static var now: JournalTime {
        JournalTime(seconds: Int(time(nil)))
    }

    /// Whether `lhs` is earlier.
    public static func < (lhs: JournalTime, rhs: JournalTime) -> Bool {
        lhs.seconds < rhs.seconds
    }

    /// Reads a time as the command line takes it: an RFC 3339 time
    /// (`2026-11-22T09:30:00Z`, `2026-11-22T18:30:00+09:00`, fractions of a
    /// second dropped), or a date (`2026-11-22`), meaning its midnight in
    /// the local time zone; `nil` for anything else.
    public init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10, let year = Self.number(bytes, 0, 4), bytes[4] == UInt8(ascii: "-"),
            let month = Self.number(bytes, 5, 2), bytes[7] == UInt8(ascii: "-"), let day = Self.number(bytes, 8, 2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day)
        if bytes.count == 10 {
            // A day the month does not have (2026-02-31) is no date.
            guard let midnight = Self.startOfDay(&fields), fields.tm_mday == Int32(day) else { return nil }
            self = midnight
            return
        }
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            let hour = Self.number(bytes, 11, 2), bytes[13] == UInt8(ascii: ":"),
            let minute = Self.number(bytes, 14, 2), bytes[16] == UInt8(ascii: ":"),
            let second = Self.number(bytes, 17, 2), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else { return nil }
        }
        var offset = 0
        switch bytes[index...].first {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, let hours = Self.number(bytes, index + 1, 2),
                bytes[index + 3] == UInt8(ascii: ":"), let minutes = Self.number(bytes, index + 4, 2),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        let utc = timegm(&fields)
        guard fields.tm_mday == Int32(day) else { return nil }
        self.init(seconds: Int(utc) - offset)
    }

    /// The digits of `bytes` from `start`, `count` of them, as a number.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension JournalTime: CustomStringConvertible {
    /// RFC 3339 in UTC, to the second: `2026-11-22T09:30:00Z`.
    public var description: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``description``'s bytes to `bytes` (a journal's entries are
    /// written as bytes).
    func write(to bytes: inout [UInt8]) {
        var moment = time_t(seconds)
        var fields = tm()
        guard gmtime_r(&moment, &fields) != nil else {
            JournalEntry.write(seconds, to: &bytes)
            return
        }
        func padded(_ value: Int32, _ width: Int) { Self.writePadded(value, width, to: &bytes) }
        padded(fields.tm_year + 1900, 4)
        bytes.append(UInt8(ascii: "-"))
        padded(fields.tm_mon + 1, 2)
        bytes.append(UInt8(ascii: "-"))
        padded(fields.tm_mday, 2)
        bytes.append(UInt8(ascii: "T"))
        padded(fields.tm_hour, 2)
        bytes.append(UInt8(ascii: ":"))
        padded(fields.tm_min, 2)
        bytes.append(UInt8(ascii: ":"))
        padded(fields.tm_sec, 2)
        bytes.append(UInt8(ascii: "Z"))
    }
}
