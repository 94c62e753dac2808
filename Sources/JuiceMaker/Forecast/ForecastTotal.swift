/// A chain's forecast (`juice forecast --stores`): per fruit, per business
/// day, the sum of the stores' forecasts, unrounded. A store with no
/// forecast for a fruit (no usable day in its history) adds nothing to
/// it; a fruit no store forecasts has `nil` for each day.
public struct ForecastTotal: Sendable, Hashable {
    /// One fruit's total.
    public struct FruitTotal: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// Each day's expected use across the stores, by date.
        public var days: [Forecast.DayUse]

        /// The expected use over all the days; `nil` when no store
        /// forecasts the fruit.
        public var total: Double? {
            days.reduce(Double?.none) { sum, day in day.use.map { (sum ?? 0) + $0 } ?? sum }
        }
    }

    /// Every fruit any store forecasts, in the order they first come.
    public var fruits: [FruitTotal]

    /// The sum of `forecasts`, by fruit and date (each store's days are
    /// its own business days: stores whose days start at other hours may
    /// be on other dates).
    public init(_ forecasts: [Forecast]) {
        var order: [String] = []
        var dates: [String: [String]] = [:]
        var sums: [String: [String: Double]] = [:]
        for fruit in forecasts.flatMap(\.fruits) {
            if dates[fruit.fruit] == nil { order.append(fruit.fruit) }
            for day in fruit.days {
                if !(dates[fruit.fruit]?.contains(day.date) ?? false) {
                    dates[fruit.fruit, default: []].append(day.date)
                }
                if let use = day.use { sums[fruit.fruit, default: [:]][day.date, default: 0] += use }
            }
        }
        fruits = order.map { fruit in
            FruitTotal(
                fruit: fruit,
                days: (dates[fruit] ?? []).sorted().map { Forecast.DayUse(date: $0, use: sums[fruit]?[$0]) })
        }
    }
}
