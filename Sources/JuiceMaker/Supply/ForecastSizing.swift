/// How a line of an order sized by the forecast came to its units (`juice
/// order --forecast`, SPEC 18). Figures are unrounded; each is shown
/// rounded to 2 decimals, as the forecast's are.
public struct ForecastSizing: Sendable, Hashable {
    /// The forecast use over the supplier's `leadDays + every` days from
    /// today, times 1 + the safety margin: what the stock, what is on
    /// order and this line are to cover.
    public var need: Double
    /// The forecast use over the fruit's `shelfLife` days from the
    /// delivery day (today + `leadDays`): the most the line's units may be
    /// before they are rounded up to packs; `nil` for a fruit without a
    /// shelf life.
    public var cap: Double?
    /// Whether the cap lowered the units: the line orders less than the
    /// need, so as not to order fruit that would spoil.
    public var isCapped: Bool

    /// A line's sizing.
    public init(need: Double, cap: Double?, isCapped: Bool) {
        self.need = need
        self.cap = cap
        self.isCapped = isCapped
    }

    /// Two stores' sizings of a fruit together, for a chain's total: the
    /// needs and the caps added (no cap when one has none), capped when
    /// either was.
    func adding(_ other: ForecastSizing) -> ForecastSizing {
        ForecastSizing(
            need: need + other.need, cap: cap.flatMap { cap in other.cap.map { cap + $0 } },
            isCapped: isCapped || other.isCapped)
    }
}
