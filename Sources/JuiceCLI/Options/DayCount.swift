import JuiceMaker

/// A count of days as the options of `forecast` and `expiring` take it:
/// `N` (`--days`) or `Nd` (`--history`, `--within`), N from 1 to
/// ``ForecastRequest/maximumDays`` in plain digits.
enum DayCount {
    /// `N` as written; `nil` for anything else.
    static func parse(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCII), text.first != "+", let value = Int(text),
            (1...ForecastRequest.maximumDays).contains(value)
        else { return nil }
        return value
    }

    /// `Nd` as written; `nil` for anything else.
    static func parse(days text: String) -> Int? {
        text.hasSuffix("d") ? parse(text.dropLast()) : nil
    }
}
