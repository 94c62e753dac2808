#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times as a person reads them: in the local time zone (`TZ`), and the
/// days a person names (`today`, `yesterday`, `7d`).
extension JournalTime {
    /// The most days `Nd` may go back.
    public static let maximumDaysBack = 100_000

    /// Reads a bound of a period as the command line takes it: `today`,
    /// `yesterday`, `Nd` (the start of the business day N − 1 days before
    /// today's: `1d` is today, `7d` the last seven days), a date (the start
    /// of the business day it labels), or an RFC 3339 time, as
    /// ``init(parsing:)`` reads it.
    ///
    /// - Parameters:
    ///   - text: the bound, as the user wrote it.
    /// - Parameters:
    ///   - now: the moment `today` is taken from.
    ///   - dayStart: when a business day starts (local midnight unless a
    ///     menu or manifest says `dayStarts`).
    public init?(parsingBound text: String, now: JournalTime = .now, dayStart: DayStart = .midnight) {
        let daysBack: Int
        switch text {
        case "today": daysBack = 0
        case "yesterday": daysBack = 1
        default:
            guard text.hasSuffix("d"), let days = Int(text.dropLast()), text.first != "+",
                (1...Self.maximumDaysBack).contains(days)
            else {
                guard let time = JournalTime(parsing: text) else { return nil }
                // A date is its local midnight: the start of its business day.
                guard text.utf8.count == 10 else {
                    self = time
                    return
                }
                guard var fields = time.localFields, let start = Self.startOfDay(&fields, at: dayStart)
                else { return nil }
                self = start
                return
            }
            daysBack = days - 1
        }
        guard let start = now.businessDayStart(daysBack: daysBack, dayStart: dayStart) else { return nil }
        self = start
    }

    /// The start of the business day `daysBack` days before this moment's
    /// (a moment before `dayStart` belongs to the day before its date).
    func businessDayStart(daysBack: Int, dayStart: DayStart) -> JournalTime? {
        guard var fields = businessDayFields(dayStart: dayStart) else { return nil }
        fields.tm_mday -= Int32(daysBack)
        return Self.startOfDay(&fields, at: dayStart)
    }

    /// This moment's local fields, a day back when it is before `dayStart`
    /// on its date: the fields of the business day's date.
    private func businessDayFields(dayStart: DayStart) -> tm? {
        guard var fields = localFields else { return nil }
        if Int(fields.tm_hour) * 60 + Int(fields.tm_min) < dayStart.minutes { fields.tm_mday -= 1 }
        return fields
    }

    /// Local `dayStart` (midnight unless given) of the day `fields` name by their
    /// year, month and day (one outside the month runs on into the next
    /// month or back into the last), summer time left to the zone; `nil`
    /// when the system cannot say. `fields` are left normalized: the day's
    /// date is in them.
    static func startOfDay(_ fields: inout tm, at dayStart: DayStart = .midnight) -> JournalTime? {
        fields.tm_hour = Int32(dayStart.minutes / 60)
        fields.tm_min = Int32(dayStart.minutes % 60)
        fields.tm_sec = 0
        fields.tm_isdst = -1
        let local = mktime(&fields)
        return local == -1 ? nil : JournalTime(seconds: Int(local))
    }

    /// The moment in the local time zone, broken down.
    private var localFields: tm? {
        tzset()
        var moment = time_t(seconds)
        var fields = tm()
        return localtime_r(&moment, &fields) == nil ? nil : fields
    }

    /// RFC 3339 in the local time zone, with its offset:
    /// `2026-11-26T01:15:45+09:00` (`Z` never: `+00:00` in UTC).
    public var localDescription: String {
        guard let fields = localFields else { return description }
        let offset = Int(fields.tm_gmtoff) / 60
        let sign = offset < 0 ? "-" : "+"
        return Self.date(fields) + "T" + Self.padded(fields.tm_hour, 2) + ":" + Self.padded(fields.tm_min, 2) + ":"
            + Self.padded(fields.tm_sec, 2) + sign + Self.padded(Int32(abs(offset) / 60), 2) + ":"
            + Self.padded(Int32(abs(offset) % 60), 2)
    }

    /// The local day of this moment: `2026-11-26`.
    public var localDay: String { businessDay(dayStart: .midnight) }

    /// The business day of this moment as a date: what a lot best before
    /// an earlier day has expired on (see ``businessDay(dayStart:)``).
    public func businessDate(dayStart: DayStart) -> CalendarDate? {
        CalendarDate(parsing: businessDay(dayStart: dayStart))
    }

    /// The business day of this moment, labelled by the date it starts on:
    /// with `dayStart` 05:00, 01:30 on the 27th is in `2026-11-26`.
    public func businessDay(dayStart: DayStart) -> String {
        guard var fields = businessDayFields(dayStart: dayStart) else { return String(description.prefix(10)) }
        // Normalize a day taken back past the first of a month, at noon,
        // clear of summer time's changes.
        fields.tm_hour = 12
        fields.tm_min = 0
        fields.tm_sec = 0
        _ = timegm(&fields)
        return Self.date(fields)
    }

    private static func date(_ fields: tm) -> String {
        padded(fields.tm_year + 1900, 4) + "-" + padded(fields.tm_mon + 1, 2) + "-" + padded(fields.tm_mday, 2)
    }

    static func padded(_ value: Int32, _ width: Int) -> String {
        var bytes: [UInt8] = []
        writePadded(value, width, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` in decimal, zeros before it up to `width` digits, appended
    /// to `bytes` (a journal's times are written as bytes).
    static func writePadded(_ value: Int32, _ width: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            let digits = String(value).utf8
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.count)))
            bytes.append(contentsOf: digits)
            return
        }
        var count = 1
        var power: Int32 = 1
        while value / power >= 10 {
            power *= 10
            count += 1
        }
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - count)))
        while power > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / power % 10))
            power /= 10
        }
    }
}
