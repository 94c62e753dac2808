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
    /// `yesterday`, `Nd` (local midnight N − 1 days before today: `1d` is
    /// today, `7d` the last seven days), or what ``init(parsing:)`` reads.
    ///
    /// - Parameter now: the moment `today` is taken from.
    public init?(parsingBound text: String, now: JournalTime = .now) {
        let daysBack: Int
        switch text {
        case "today": daysBack = 0
        case "yesterday": daysBack = 1
        default:
            guard text.hasSuffix("d"), let days = Int(text.dropLast()), text.first != "+",
                (1...Self.maximumDaysBack).contains(days)
            else {
                self.init(parsing: text)
                return
            }
            daysBack = days - 1
        }
        guard let midnight = now.localMidnight(daysBack: daysBack) else { return nil }
        self = midnight
    }

    /// Local midnight `daysBack` days before this moment's day.
    func localMidnight(daysBack: Int) -> JournalTime? {
        guard var fields = localFields else { return nil }
        fields.tm_mday -= Int32(daysBack)
        return Self.localMidnight(of: &fields)
    }

    /// Local midnight of the day `fields` name by their year, month and
    /// day (one outside the month runs on into the next month or back into
    /// the last), summer time left to the zone; `nil` when the system
    /// cannot say. `fields` are left normalized: the day's date is in them.
    static func localMidnight(of fields: inout tm) -> JournalTime? {
        fields.tm_hour = 0
        fields.tm_min = 0
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
    public var localDay: String {
        guard let fields = localFields else { return String(description.prefix(10)) }
        return Self.date(fields)
    }

    private static func date(_ fields: tm) -> String {
        padded(fields.tm_year + 1900, 4) + "-" + padded(fields.tm_mon + 1, 2) + "-" + padded(fields.tm_mday, 2)
    }

    static func padded(_ value: Int32, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
