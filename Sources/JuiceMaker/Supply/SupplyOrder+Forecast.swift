/// Orders sized by the forecast (`juice order --forecast`, SPEC 18).
extension SupplyOrder {
    /// What `inventory` (the stock not expired today, as `usable(on:)`
    /// leaves it) needs from each supplier of `menu` by `forecast` (each
    /// fruit's use per business day, today first), beyond `onOrder`.
    ///
    /// Per fruit that names a supplier: the forecast use over the
    /// supplier's `leadDays + every` days from today, times 1 + `safety`
    /// (``ForecastSizing/need``), less the stock and what is on order; for a
    /// fruit with a shelf life, at most the forecast use over the
    /// `shelfLife` days that start on the delivery day, today + `leadDays`
    /// (``ForecastSizing/cap``); then rounded up to whole packs. Figures
    /// are taken to the millionth before they are rounded up, so that a
    /// product such as 5 × 1.2 is 6, not 7. A fruit without a usable day
    /// in its history is forecast nothing and not ordered
    /// (``withoutHistory``); one whose need the stock and what is on order
    /// cover gets no line; one that wants more than ``Schema/maximumCount``
    /// units is held there (``heldAtMaximum``). `forecast` must cover ``forecastDays(for:)``
    /// days; a day it lacks counts as no use.
    public init(
        menu: Menu, inventory: Inventory, onOrder: [String: Int] = [:], forecast: Forecast, safety: Double
    ) {
        let forecasts = Dictionary(forecast.fruits.map { ($0.fruit, $0) }, uniquingKeysWith: { first, _ in first })
        var lines = LineBook()
        var considered = 0
        var covered = 0
        var withoutHistory: [FruitNamed] = []
        var heldAtMaximum: [FruitNamed] = []
        for fruit in menu.fruits {
            guard let supply = fruit.supply, let id = supply.supplier,
                let supplier = menu.supplier(id: id)
            else { continue }
            considered += 1
            guard let fruitForecast = forecasts[fruit.id], !fruitForecast.hasNoHistory else {
                withoutHistory.append(FruitNamed(fruit: fruit.id, name: fruit.name))
                continue
            }
            let need = Self.use(fruitForecast, from: 0, days: supplier.leadDays + supplier.every) * (1 + safety)
            let cap = fruit.shelfLife.map { Self.use(fruitForecast, from: supplier.leadDays, days: $0) }
            let have = inventory[fruit.id]
            let coming = onOrder[fruit.id] ?? 0
            let wanted = Forecast.snapped(need - Double(have) - Double(coming))
            let units = min(wanted, cap.map(Forecast.snapped) ?? wanted)
            guard units > 0 else {
                if wanted <= 0, Forecast.snapped(need - Double(have)) > 0 { covered += 1 }
                continue
            }
            let isHeld = units > Double(Schema.maximumCount)
            if isHeld { heldAtMaximum.append(FruitNamed(fruit: fruit.id, name: fruit.name)) }
            let whole = isHeld ? Schema.maximumCount : Int(units.rounded(.up))
            lines.add(
                fruit, supply, packs: supply.packs(toCover: whole), have: have, onOrder: coming, par: nil,
                forecast: ForecastSizing(need: need, cap: cap, isCapped: units < wanted))
        }
        self.init(groups: lines.groups(menu.suppliers), fruitsWithPar: considered, suppliers: menu.suppliers)
        coveredByOrders = covered
        self.safety = safety
        self.withoutHistory = withoutHistory
        self.heldAtMaximum = heldAtMaximum
    }

    /// The business days, today first, a forecast must cover for an order
    /// of `menu` sized by it: per fruit of a supplier, its `leadDays +
    /// every`, and `leadDays + shelfLife` for its cap; at least 1.
    public static func forecastDays(for menu: Menu) -> Int {
        menu.fruits.reduce(1) { most, fruit in
            guard let id = fruit.supply?.supplier, let supplier = menu.supplier(id: id) else {
                return most
            }
            return max(most, supplier.leadDays + supplier.every, supplier.leadDays + (fruit.shelfLife ?? 0))
        }
    }

    /// The forecast an order of `menu` sized by it reads, as `juice
    /// forecast` makes it by default (method `auto`, 28 days of history),
    /// over ``forecastDays(for:)`` days from the one `now` is in.
    public static func forecastRequest(for menu: Menu, now: JournalTime = .now) -> ForecastRequest {
        var request = ForecastRequest(now: now)
        // Past ForecastRequest.maximumDays when a shelf life is that long.
        request.days = forecastDays(for: menu)
        return request
    }

    /// The forecast use of the `days` business days that start `from`
    /// days after today; a day without a forecast counts as none.
    private static func use(_ forecast: Forecast.FruitForecast, from start: Int, days: Int) -> Double {
        forecast.days.dropFirst(start).prefix(days).reduce(0) { $0 + ($1.use ?? 0) }
    }

}
