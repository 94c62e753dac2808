/// Each fruit's expected use per business day of the days ahead (`juice
/// forecast`, SPEC 18), from a ``UseHistory``: by the mean of the same
/// weekday, by simple exponential smoothing, or per fruit by the one of
/// the two with the lower error over the history's last 7 usable days.
/// The days a fruit ran out are left out, unless it ran out on all of
/// them (``FruitForecast/floorDays``).
///
/// Figures are kept unrounded (``DayUse/use``): what reads them on
/// (an order sized by the forecast) sums them; ``Forecast/rounded(_:)``
/// rounds a figure for showing, as SPEC 18 says.
public struct Forecast: Sendable, Hashable {
    /// The smoothing constant α.
    public static let smoothingLevel = 0.3
    /// How many of the history's last usable days the error is measured
    /// over.
    public static let backtestDays = 7

    /// One fruit's forecast.
    public struct FruitForecast: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// The method used: `weekday` or `smoothing` (`auto` chooses one).
        public var method: ForecastMethod
        /// The method's mean absolute error over the history's last usable
        /// days, unrounded; `nil` when fewer than 2 days of the history are
        /// usable (no day to predict from one before it).
        public var error: Double?
        /// The expected use of each day ahead, unrounded; `nil` for each
        /// when no day of the history is usable.
        public var days: [DayUse]
        /// The days of the history the fruit ran out, left out of the
        /// history and of the error (unless ``isAtLeast``).
        public var ranOut: [String]
        /// When the fruit ran out on every day of the history, the days of
        /// it on which it sold some (all it had): the forecast is made from
        /// them, a floor of the demand (a bar that sells out every day would
        /// otherwise get no forecast, and no order, for the fruit it sells
        /// most of). Empty otherwise.
        public var floorDays: [String] = []

        /// Whether the forecast is a floor of the demand (``floorDays``).
        public var isAtLeast: Bool { !floorDays.isEmpty }

        /// The expected use over all the days ahead, unrounded; `nil` when
        /// there is no forecast.
        public var total: Double? {
            days.reduce(Double?.some(0)) { sum, day in sum.flatMap { sum in day.use.map { sum + $0 } } }
        }

        /// Whether no day of the history was usable, so nothing is
        /// forecast.
        public var hasNoHistory: Bool { days.allSatisfy { $0.use == nil } }
    }

    /// A day ahead and a fruit's expected use that day.
    public struct DayUse: Sendable, Hashable {
        /// The business day, `2026-11-26`.
        public var date: String
        /// The expected use, unrounded; `nil` when nothing is forecast.
        public var use: Double?

        /// A day at this use.
        public init(date: String, use: Double?) {
            self.date = date
            self.use = use
        }
    }

    /// Every fruit of the menu, in its order.
    public var fruits: [FruitForecast]

    /// Fruits, each at its forecast.
    public init(fruits: [FruitForecast]) {
        self.fruits = fruits
    }

    /// The forecast of each of `fruits` for the business days `dates`
    /// (today's first), from `history`, by `method`.
    public init(fruits ids: [String], history: UseHistory, dates: [String], method: ForecastMethod) {
        let weekdays = dates.map(BusinessDays.weekday(of:))
        fruits = ids.map { fruit in
            let observations = { (days: [UseHistory.Day]) in
                days.map { Observation(weekday: $0.weekday, use: Double($0.used[fruit] ?? 0)) }
            }
            let outDays = history.days.filter { $0.ranOut.contains(fruit) }
            var usable = observations(history.days.filter { !$0.ranOut.contains(fruit) })
            let floorDays = usable.isEmpty ? outDays.filter { ($0.used[fruit] ?? 0) > 0 } : []
            if !floorDays.isEmpty { usable = observations(floorDays) }
            let weekdayError = Self.backtest(usable, .weekday)
            let chosen: ForecastMethod
            switch method {
            case .auto:
                let smoothingError = Self.backtest(usable, .smoothing)
                if let weekdayError, let smoothingError, smoothingError < weekdayError {
                    chosen = .smoothing
                } else {
                    chosen = .weekday
                }
            default: chosen = method
            }
            return FruitForecast(
                fruit: fruit, method: chosen,
                error: chosen == .weekday ? weekdayError : Self.backtest(usable, .smoothing),
                days: zip(dates, weekdays).map {
                    DayUse(date: $0, use: Self.predict(weekday: $1, from: usable[...], by: chosen))
                },
                ranOut: outDays.map(\.date), floorDays: floorDays.map(\.date))
        }
    }

    /// A usable day of the history: its weekday and the fruit used.
    struct Observation: Hashable {
        var weekday: Int
        var use: Double
    }

    /// The use of a day of `weekday` predicted from the days `earlier`
    /// (oldest first) by `method` (`weekday` or `smoothing`); `nil` when
    /// there is no earlier day.
    static func predict(weekday: Int, from earlier: ArraySlice<Observation>, by method: ForecastMethod) -> Double? {
        guard let first = earlier.first else { return nil }
        switch method {
        case .smoothing:
            return earlier.reduce(first.use) { level, day in
                smoothingLevel * day.use + (1 - smoothingLevel) * level
            }
        case .weekday, .auto:
            let same = earlier.filter { $0.weekday == weekday }
            let days = same.isEmpty ? earlier : same[...]
            return days.reduce(0) { $0 + $1.use } / Double(days.count)
        }
    }

    /// The mean absolute error of `method` over the last
    /// ``backtestDays`` of `usable` that have a usable day before them,
    /// each predicted from the days before it; `nil` when there is none.
    static func backtest(_ usable: [Observation], _ method: ForecastMethod) -> Double? {
        guard usable.count >= 2 else { return nil }
        let targets = max(1, usable.count - backtestDays)..<usable.count
        let errors = targets.compactMap { index in
            predict(weekday: usable[index].weekday, from: usable[..<index], by: method).map {
                abs($0 - usable[index].use)
            }
        }
        return errors.reduce(0, +) / Double(errors.count)
    }

    /// `value` to 2 decimals, halves away from zero: a value within a
    /// millionth of a cent of a half is that half (a mean such as 201/200
    /// is not exactly 1.005 in binary).
    public static func rounded(_ value: Double) -> Double {
        snapped(value * 100).rounded(.toNearestOrAwayFromZero) / 100
    }

    /// `value` to the nearest millionth: sums and products of forecasts
    /// carry binary noise (1/3, 201/200) that must not tip a rounding that
    /// follows (to cents, to whole fruit, up to a pack).
    static func snapped(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }
}
