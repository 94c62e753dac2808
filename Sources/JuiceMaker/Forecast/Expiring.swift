/// What will spoil in a store (`juice expiring`, SPEC 18): the lots best
/// before a day of the window (today and the days after it), the expired
/// ones among them, and per fruit the fruit its lots will hold when they
/// spoil if use follows the forecast (``ProjectedWaste``), with costs.
public struct Expiring: Sendable, Hashable {
    /// A dated lot of the window, or an expired one.
    public struct ListedLot: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// How many fruits the lot holds.
        public var count: Int
        /// Its best-before.
        public var bestBefore: CalendarDate
        /// Whether it has expired: best before today.
        public var isExpired: Bool
        /// What it cost (count × the fruit's `cost`); `nil` when the menu
        /// gives no cost.
        public var cost: Int128?

        /// A listed lot; see the properties.
        public init(fruit: String, count: Int, bestBefore: CalendarDate, isExpired: Bool, cost: Int128?) {
            self.fruit = fruit
            self.count = count
            self.bestBefore = bestBefore
            self.isExpired = isExpired
            self.cost = cost
        }
    }

    /// A fruit that will spoil, and what it cost.
    public struct FruitWaste: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// Whole fruits that will spoil (each lot's rounded, halves up).
        public var count: Int
        /// What they cost; `nil` when the menu gives no cost.
        public var cost: Int128?

        /// A fruit's waste; see the properties.
        public init(fruit: String, count: Int, cost: Int128?) {
            self.fruit = fruit
            self.count = count
            self.cost = cost
        }
    }

    /// Today's business day.
    public var today: CalendarDate
    /// The window's last day: best-before dates from today through it are
    /// listed.
    public var lastDay: CalendarDate
    /// The expired lots and those best before a day of the window, by
    /// best-before, then in the menu's order of fruits.
    public var lots: [ListedLot]
    /// Each fruit some of whose fruit will spoil, in the menu's order.
    public var projectedWaste: [FruitWaste]
    /// The fruits with a dated lot that have no forecast (no usable day in
    /// the history): their use is taken as none.
    public var withoutForecast: [String]

    /// What is expiring; see the properties.
    public init(
        today: CalendarDate, lastDay: CalendarDate, lots: [ListedLot], projectedWaste: [FruitWaste],
        withoutForecast: [String] = []
    ) {
        self.today = today
        self.lastDay = lastDay
        self.lots = lots
        self.projectedWaste = projectedWaste
        self.withoutForecast = withoutForecast
    }

    /// What is expiring in `inventory` of `menu`'s fruits on `today`, the
    /// window `withinDays` long, the waste projected by `forecast` (whose
    /// days start today).
    public init(menu: Menu, inventory: Inventory, today: CalendarDate, withinDays: Int, forecast: Forecast) {
        self.today = today
        lastDay = today.adding(days: max(withinDays, 1) - 1)
        let uses = Dictionary(forecast.fruits.map { ($0.fruit, $0) }, uniquingKeysWith: { first, _ in first })
        var lots: [ListedLot] = []
        var waste: [FruitWaste] = []
        var withoutForecast: [String] = []
        for fruit in menu.fruits where inventory.datedLots[fruit.id] != nil {
            let fruitLots = inventory.lots(of: fruit.id)
            let cost = fruit.cost.map { Int128($0) }
            for lot in fruitLots {
                guard let bestBefore = lot.bestBefore, bestBefore <= lastDay else { continue }
                lots.append(
                    ListedLot(
                        fruit: fruit.id, count: lot.count, bestBefore: bestBefore, isExpired: bestBefore < today,
                        cost: cost.map { $0 * Int128(lot.count) }))
            }
            let forecast = uses[fruit.id]
            if forecast?.hasNoHistory ?? true { withoutForecast.append(fruit.id) }
            let projected = ProjectedWaste(
                lots: fruitLots, uses: forecast?.days.map { $0.use ?? 0 } ?? [], today: today)
            let count = projected.count
            if count > 0 {
                waste.append(FruitWaste(fruit: fruit.id, count: count, cost: cost.map { $0 * Int128(count) }))
            }
        }
        // A stable sort: fruits stay in the menu's order within a date.
        self.lots = lots.enumerated().sorted { ($0.element.bestBefore, $0.offset) < ($1.element.bestBefore, $1.offset) }
            .map(\.element)
        projectedWaste = waste
        self.withoutForecast = withoutForecast
    }

    /// The cost of all the projected waste; `nil` when a fruit of it has
    /// no cost (0 when nothing will spoil).
    public var projectedWasteCost: Int128? {
        projectedWaste.reduce(Int128?.some(0)) { sum, fruit in sum.flatMap { sum in fruit.cost.map { sum + $0 } } }
    }
}
