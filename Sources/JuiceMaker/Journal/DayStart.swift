/// When a business day starts, in local time (`dayStarts: "05:00"` in a
/// menu or a stores manifest): a bar open past midnight counts its sales
/// after midnight in the day before. A business day is labelled by the
/// date it starts on.
public struct DayStart: Sendable, Hashable, CustomStringConvertible {
    /// Minutes after local midnight, 0 to 1439.
    public let minutes: Int

    /// Local midnight: the calendar day (the default).
    public static let midnight = DayStart(minutes: 0)

    private init(minutes: Int) {
        self.minutes = minutes
    }

    /// Reads `HH:MM`: two-digit hours 00 to 23, two-digit minutes 00 to
    /// 59; `nil` for anything else.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            [0, 1, 3, 4].allSatisfy({ digits.contains(bytes[$0]) })
        else { return nil }
        let value = { (index: Int) in
            Int(bytes[index] - UInt8(ascii: "0")) * 10 + Int(bytes[index + 1] - UInt8(ascii: "0"))
        }
        let (hours, minutes) = (value(0), value(3))
        guard hours < 24, minutes < 60 else { return nil }
        self.init(minutes: hours * 60 + minutes)
    }

    /// `HH:MM`, as written.
    public var description: String {
        JournalTime.padded(Int32(minutes / 60), 2) + ":" + JournalTime.padded(Int32(minutes % 60), 2)
    }
}
