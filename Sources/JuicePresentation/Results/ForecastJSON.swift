import JuiceMaker

/// The JSON of `juice forecast`: `{"fruits": [{"fruit", "method", "error",
/// "days": [{"date", "use"}], "total", "ranOut", "atLeast"}],
/// "diagnostics"}`,
/// figures rounded to 2 decimals, nulls written out.
package struct ForecastJSON: Encodable, Sendable {
    /// One day ahead.
    struct DayJSON: Encodable, Sendable {
        var date: String
        @NullWhenAbsent var use: Double?
    }

    /// One fruit's forecast; for a chain's total, no method and no error.
    struct FruitJSON: Encodable, Sendable {
        var fruit: String
        @NullWhenAbsent var method: ForecastMethod?
        @NullWhenAbsent var error: Double?
        var days: [DayJSON]
        @NullWhenAbsent var total: Double?
        /// The days of the history the fruit ran out; absent in a chain's
        /// total.
        var ranOut: [String]?
        /// `true` when the fruit ran out every day of the history and the
        /// forecast is what sold then, a floor of the demand; absent
        /// otherwise.
        var atLeast: Bool?

        init(_ forecast: Forecast.FruitForecast) {
            fruit = forecast.fruit
            method = forecast.method
            error = forecast.error.map(Forecast.rounded)
            days = Self.days(forecast.days)
            total = forecast.total.map(Forecast.rounded)
            ranOut = forecast.ranOut
            atLeast = forecast.isAtLeast ? true : nil
        }

        init(_ total: ForecastTotal.FruitTotal) {
            fruit = total.fruit
            method = nil
            error = nil
            days = Self.days(total.days)
            self.total = total.total.map(Forecast.rounded)
        }

        private static func days(_ days: [Forecast.DayUse]) -> [DayJSON] {
            days.map { DayJSON(date: $0.date, use: $0.use.map(Forecast.rounded)) }
        }
    }

    var fruits: [FruitJSON]
    var diagnostics: [Diagnostic]

    package init(_ forecast: Forecast, diagnostics: [Diagnostic]) {
        fruits = forecast.fruits.map(FruitJSON.init)
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice forecast --stores`: `{"stores": [{"store",
/// "fruits"}], "total": {"fruits"}, "diagnostics"}`, the total the
/// stores' forecasts summed per fruit and date (as `usage --stores` gives
/// the chain's usage as one store's). A store that could not be read is
/// listed with no fruits (the diagnostics say why), as `expiring --stores`
/// lists it.
package struct ChainForecastJSON: Encodable, Sendable {
    struct StoreJSON: Encodable, Sendable {
        var store: String
        var fruits: [ForecastJSON.FruitJSON]
    }

    struct TotalJSON: Encodable, Sendable {
        var fruits: [ForecastJSON.FruitJSON]
    }

    var stores: [StoreJSON]
    var total: TotalJSON
    var diagnostics: [Diagnostic]

    /// The JSON of every store of the chain, and of `renderer`'s total.
    package init(_ renderer: ForecastRenderer, stores: ChainStores<Forecast>, diagnostics: [Diagnostic]) {
        self.stores = stores.map { store, forecast in
            StoreJSON(store: store, fruits: forecast?.fruits.map(ForecastJSON.FruitJSON.init) ?? [])
        }
        total = TotalJSON(fruits: (renderer.total?.fruits ?? []).map(ForecastJSON.FruitJSON.init))
        self.diagnostics = diagnostics
    }
}
