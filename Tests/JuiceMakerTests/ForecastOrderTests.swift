import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// SPEC 18's ordering from the forecast: a supplier's `leadDays` and
/// `every`, read and checked like its other terms, and the order they size
/// from a forecast this test writes day by day (powers of two, so that
/// every window of days has a sum of its own), each figure worked out here.
@Suite struct ForecastOrderTests {
    static let menu = """
        fruits:
          strawberry: { stock: 0, cost: 300, pack: 5, supplier: farm, shelfLife: 2 }
          banana: { stock: 0, cost: 200, pack: 6, supplier: farm }
          kiwi: { stock: 0, supplier: market, shelfLife: 1 }
          mango: { stock: 0, supplier: market }
          lime: { stock: 0, par: 10 }
        suppliers:
          farm: { name: Farm, leadDays: 2, every: 3 }
          market: { leadDays: 0 }
        recipes:
          all: { strawberry: 1, banana: 1, kiwi: 1, mango: 1, lime: 1 }

        """

    static let today = CalendarDate(parsing: "2026-11-29")!

    /// Day `n` from today is forecast to use 2ⁿ of each fruit forecast.
    static let days = (0..<8).map { 1 << $0 }

    /// The use of the `count` days from day `start`, summed here.
    static func use(from start: Int, days count: Int) -> Double {
        Double(days[start..<(start + count)].reduce(0, +))
    }

    /// The forecast: strawberry, banana and kiwi on ``days``; mango with
    /// no usable day; lime not asked for (it has no supplier).
    static func forecast() -> Forecast {
        func fruit(_ id: String, _ uses: [Int]?) -> Forecast.FruitForecast {
            Forecast.FruitForecast(
                fruit: id, method: .weekday, error: nil,
                days: days.indices.map { day in
                    Forecast.DayUse(
                        date: today.adding(days: day).description, use: uses.map { Double($0[day]) })
                }, ranOut: [])
        }
        return Forecast(fruits: [
            fruit("strawberry", days), fruit("banana", days), fruit("kiwi", days), fruit("mango", nil),
        ])
    }

    @Test func leadDaysAndEveryAreReadWithTheirDefaults() throws {
        let menu = try #require(loadMenu(Self.menu).value)
        #expect(menu.suppliers.map(\.leadDays) == [2, 0])
        #expect(menu.suppliers.map(\.every) == [3, 1])
        #expect(Supplier(id: "x").leadDays == 1)
        #expect(Supplier(id: "x").every == 1)
        // farm: 2 + 3 days, and 2 + 2 for the strawberry's shelf life; market: 0 + 1.
        #expect(SupplyOrder.forecastDays(for: menu) == 5)
    }

    @Test func eachBrokenLeadDaysOrEveryIsReportedAtItsValue() {
        let loaded = loadMenu(
            """
            fruits:
              kiwi: { stock: 9, supplier: farm }
            suppliers:
              farm: { leadDays: 366, every: 0 }
              market: { leadDays: -1, every: 1.5 }
              shop: { every: 366, leadDays: x }
            recipes:
              kiwi: { kiwi: 1 }
            """)
        #expect(loaded.value == nil)
        #expect(
            loaded.diagnostics.map(\.description) == [
                "menu.yaml:4:21: error: the lead days of supplier 'farm' is '366'; it must be a whole number from 0 to 365, written in plain digits [invalid-quantity]",
                "menu.yaml:4:33: error: the days between deliveries (every) of supplier 'farm' is '0'; it must be a whole number from 1 to 365, written in plain digits [invalid-quantity]",
                "menu.yaml:5:23: error: the lead days of supplier 'market' is '-1'; it must be a whole number from 0 to 365, written in plain digits [invalid-quantity]",
                "menu.yaml:5:34: error: the days between deliveries (every) of supplier 'market' is '1.5'; it must be a whole number from 1 to 365, written in plain digits [invalid-quantity]",
                "menu.yaml:6:18: error: the days between deliveries (every) of supplier 'shop' is '366'; it must be a whole number from 1 to 365, written in plain digits [invalid-quantity]",
                "menu.yaml:6:33: error: the lead days of supplier 'shop' is 'x'; it must be a whole number from 0 to 365, written in plain digits [invalid-quantity]",
            ])
        // A menu built in code is checked alike.
        let built = MenuFile.built(
            fruits: [Fruit(id: "kiwi", initialStock: 1)], recipes: [],
            suppliers: [Supplier(id: "farm", leadDays: 366, every: 0)])
        #expect(built.diagnostics.map(\.code).filter { $0 == .invalidQuantity }.count == 2)
    }

    @Test func eachFruitOfASupplierIsSizedByTheForecastLessUnexpiredStockAndOnOrder() throws {
        let menu = try #require(loadMenu(Self.menu).value)
        let yesterday = Self.today.adding(days: -1)
        let inventory = Inventory(
            counts: ["strawberry": 0, "banana": 30, "kiwi": 0, "mango": 0, "lime": 0],
            lots: [
                "strawberry": [Lot(count: 5, bestBefore: yesterday), Lot(count: 3, bestBefore: Self.today)]
            ])
        let order = SupplyOrder(
            menu: menu, inventory: inventory.usable(on: Self.today), onOrder: ["strawberry": 2, "banana": 7],
            forecast: Self.forecast(), safety: 0.2)
        #expect(order.withoutHistory.map(\.fruit) == ["mango"])
        let farm = try #require(order.groups.first)
        #expect(farm.supplier == "farm")
        // strawberry: days 0 to 4 (lead 2 + every 3) × 1.2, less the 3
        // unexpired (the 5 expired do not count) and 2 on order, capped
        // at days 2 and 3 (its shelf life of 2 from delivery on day 2),
        // then rounded up to packs of 5.
        let strawberryNeed = Self.use(from: 0, days: 5) * 1.2
        let strawberryCap = Self.use(from: 2, days: 2)
        #expect(strawberryNeed - 3 - 2 > strawberryCap)
        let strawberryPacks = Int((strawberryCap / 5).rounded(.up))
        // banana: no shelf life; 30 in stock and 7 on order leave a
        // fraction of a fruit: one pack of 6.
        let bananaNeed = Self.use(from: 0, days: 5) * 1.2
        #expect(bananaNeed - 30 - 7 > 0 && bananaNeed - 30 - 7 < 1)
        #expect(
            farm.lines == [
                SupplyOrder.Line(
                    fruit: "strawberry", have: 3, onOrder: 2, par: nil, units: strawberryPacks * 5,
                    packs: strawberryPacks, cost: 300 * strawberryPacks * 5,
                    forecast: ForecastSizing(need: strawberryNeed, cap: strawberryCap, isCapped: true)),
                SupplyOrder.Line(
                    fruit: "banana", have: 30, onOrder: 7, par: nil, units: 6, packs: 1, cost: 1200,
                    forecast: ForecastSizing(need: bananaNeed, cap: nil, isCapped: false)),
            ])
        // kiwi, leadDays 0 and every 1: today alone, 1 × 1.2, capped at
        // its shelf life of 1 from today: 1.
        let market = try #require(order.groups.last)
        #expect(market.supplier == "market")
        #expect(
            market.lines == [
                SupplyOrder.Line(
                    fruit: "kiwi", have: 0, onOrder: 0, par: nil, units: 1, packs: 1, cost: nil,
                    forecast: ForecastSizing(need: Self.use(from: 0, days: 1) * 1.2, cap: 1, isCapped: true))
            ])
        #expect(order.groups.count == 2)
    }

    @Test func aWholeNeedIsNotRoundedUpByBinaryNoiseAndACoveredFruitHasNoLine() throws {
        let menu = try #require(loadMenu(Self.menu).value)
        // 10 × 1.1 is 11.000000000000002 in binary: 11 kiwi, not 12 (the
        // kiwi's shelf life taken off, so that no cap lowers it).
        let longLife = try #require(
            loadMenu(Self.menu.replacingOccurrences(of: "supplier: market, shelfLife: 1", with: "supplier: market"))
                .value)
        var forecast = Self.forecast()
        forecast.fruits[2].days[0].use = 10
        let order = SupplyOrder(
            menu: longLife, inventory: Inventory(counts: [:]), forecast: forecast, safety: 0.1)
        #expect(order.groups.last?.lines.map(\.units) == [11])
        // Stock that covers the need: no line; what is on order covering
        // the rest is counted as such.
        let covered = SupplyOrder(
            menu: menu, inventory: Inventory(counts: ["strawberry": 100, "banana": 100, "kiwi": 0]),
            onOrder: ["kiwi": 5], forecast: Self.forecast(), safety: 0.2)
        #expect(covered.isEmpty)
        #expect(covered.coveredByOrders == 1)
        #expect(covered.fruitsWithPar == 4)
    }

    @Test func aChainsTotalAddsTheSizings() throws {
        let menu = try #require(loadMenu(Self.menu).value)
        let order = SupplyOrder(
            menu: menu, inventory: Inventory(counts: [:]), forecast: Self.forecast(), safety: 0.2)
        let total = SupplyOrder.total(of: [order, order])
        let line = try #require(total.groups.first?.lines.first)
        // Each store's strawberry: need days 0 to 4 × 1.2 = 37.2, capped
        // at days 2 and 3 = 12, so 3 packs of 5; the chain's, twice each.
        #expect(line.fruit == "strawberry")
        #expect(
            line.forecast
                == ForecastSizing(
                    need: 2 * Self.use(from: 0, days: 5) * 1.2, cap: 2 * Self.use(from: 2, days: 2), isCapped: true))
        #expect(line.units == 30)
        #expect(line.packs == 6)
        #expect(line.par == nil)
        #expect(total.safety == 0.2)
        #expect(total.withoutHistory.map(\.fruit) == ["mango"])
    }

    /// The fruits not forecast and those held at the most a line orders:
    /// each once in the chain's total, where a store first names it.
    @Test func aChainsTotalNamesEachStoresFruitsOnce() throws {
        let menu = try #require(loadMenu(Self.menu).value)
        func fruits(_ ids: String...) -> [SupplyOrder.FruitNamed] { ids.map { .init(fruit: $0, name: nil) } }
        var north = SupplyOrder(menu: menu, inventory: Inventory(counts: [:]), forecast: Self.forecast(), safety: 0.2)
        var south = north
        north.withoutHistory = fruits("mango")
        north.heldAtMaximum = fruits("kiwi", "strawberry")
        south.withoutHistory = fruits("banana", "mango")
        south.heldAtMaximum = fruits("banana", "kiwi")
        let total = SupplyOrder.total(of: [north, south])
        #expect(total.withoutHistory.map(\.fruit) == ["mango", "banana"])
        #expect(total.heldAtMaximum.map(\.fruit) == ["kiwi", "strawberry", "banana"])
    }
}
