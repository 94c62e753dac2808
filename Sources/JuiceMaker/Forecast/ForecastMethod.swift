/// How `juice forecast` predicts a fruit's use (SPEC 18).
public enum ForecastMethod: String, Sendable, Hashable, CaseIterable, Encodable {
    /// The mean of the same weekday in the history.
    case weekday
    /// Simple exponential smoothing of the daily totals, α = 0.3, started
    /// from the first day's total.
    case smoothing
    /// Per fruit, the one of the two with the lower error over the
    /// history's last 7 usable days (a tie goes to `weekday`).
    case auto
}
