/// How `juice order` sizes what it orders (SPEC 13 and 18).
public enum OrderSizing: Sendable, Hashable {
    /// Up to each fruit's `par`, when its stock is at or below its reorder
    /// level.
    case par
    /// By the forecast of each fruit of a supplier over the supplier's
    /// `leadDays + every` days, times 1 + `safety`, capped by the fruit's
    /// shelf life (see ``SupplyOrder/init(menu:inventory:onOrder:forecast:safety:)``).
    case forecast(safety: Double)

    /// The safety margin `--forecast` takes unless told otherwise: 20 %.
    public static let defaultSafety = 0.2
    /// The largest safety margin: ten times the forecast.
    public static let maximumSafety = 10.0
}
