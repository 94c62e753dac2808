import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// `juice expiring` in the library (SPEC 18): the lots of the window and
/// the projected waste, each checked against this test's own day-by-day
/// simulation over the forecast of a journal it writes.
@Suite struct ExpiringTests {
    /// Noon on Sunday 2026-11-29 in UTC: the same date in any zone within
    /// 11 hours of UTC, as every entry's noon is.
    private let now = JournalTime(seconds: 1_795_953_600)

    /// Kiwi by weekday, mango the same every day, lime never used (so it
    /// has no forecast), banana in no lot.
    private static let menu = """
        fruits:
          kiwi: { stock: 100000, cost: 7, shelfLife: 5 }
          mango: { stock: 100000, shelfLife: 3 }
          lime: { stock: 0, cost: 2, shelfLife: 9 }
          banana: { stock: 100000 }
        recipes:
          kiwi: { uses: { kiwi: 1 } }
          mango: { uses: { mango: 1 } }

        """

    /// Kiwi's use on each weekday (0 Sunday), one more every other week.
    private static let kiwiByWeekday = [10, 2, 3, 2, 3, 12, 15]

    /// The date `offset` days after 2026-11-29 (before it when negative)
    /// and its weekday (0 Sunday), by Foundation's Gregorian calendar.
    private static func day(_ offset: Int) -> (date: String, weekday: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.date(from: DateComponents(year: 2026, month: 11, day: 29, hour: 12))!
        let day = calendar.date(byAdding: .day, value: offset, to: today)!
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
        return (String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!), parts.weekday! - 1)
    }

    /// Five weeks of makes before today, and each fruit's use on each of
    /// the 28 days of the default history, oldest first.
    private static func journal() -> (text: String, history: [String: [(weekday: Int, use: Double)]]) {
        var text = ""
        var history: [String: [(weekday: Int, use: Double)]] = [:]
        var id = 0
        for back in stride(from: 35, through: 1, by: -1) {
            let (date, weekday) = day(-back)
            let uses = ["kiwi": kiwiByWeekday[weekday] + ((back - 1) / 7) % 2, "mango": 4]
            for (fruit, use) in uses.sorted(by: { $0.key < $1.key }) {
                id += 1
                text +=
                    "{\"id\":\(id),\"time\":\"\(date)T12:00:00Z\",\"kind\":\"make\",\"orders\":{\"\(fruit)\":\(use)},"
                    + "\"changes\":{\"\(fruit)\":-\(use)}}\n"
                if back <= 28 { history[fruit, default: []].append((weekday, Double(use))) }
            }
        }
        return (text, history)
    }

    /// The test's own mean of `fruit`'s use on `weekday` in the history.
    private static func weekdayMean(_ history: [(weekday: Int, use: Double)], _ weekday: Int) -> Double {
        let same = history.filter { $0.weekday == weekday }.map(\.use)
        return same.reduce(0, +) / Double(same.count)
    }

    /// The test's own simulation: each day from today, `use(day)` taken
    /// from the lots still good that day, earliest date first and the
    /// undated last; a lot's fruit left at the end of its date spoils, an
    /// expired lot's all of it. Returns what each lot leaves to spoil, by
    /// its index in `lots`.
    private static func simulate(
        _ lots: [(count: Int, bestBefore: String?)], use: (_ offset: Int) -> Double
    ) -> [Double] {
        var left = lots.map { Double($0.count) }
        var spoiled = Array(repeating: 0.0, count: lots.count)
        let order = lots.indices.sorted { (lots[$0].bestBefore ?? "9999") < (lots[$1].bestBefore ?? "9999") }
        let today = day(0).date
        let last = lots.compactMap(\.bestBefore).max() ?? today
        var offset = 0
        while day(offset).date <= last {
            let date = day(offset).date
            var need = use(offset)
            for index in order {
                if let bestBefore = lots[index].bestBefore, bestBefore < date { continue }
                let taken = Swift.min(need, left[index])
                left[index] -= taken
                need -= taken
            }
            for index in order where lots[index].bestBefore == date {
                spoiled[index] = left[index]
                left[index] = 0
            }
            offset += 1
        }
        for index in order where (lots[index].bestBefore ?? "9999") < today {
            spoiled[index] = Double(lots[index].count)
        }
        return spoiled
    }

    /// Whole fruit, halves up, as the test rounds.
    private static func whole(_ value: Double) -> Int {
        Int((value + 0.5).rounded(.down))
    }

    /// `lots` as the inventory file writes them.
    private static func yaml(_ lots: [(count: Int, bestBefore: String?)]) -> String {
        "["
            + lots.map { lot in
                "{count: \(lot.count)" + (lot.bestBefore.map { ", bestBefore: \($0)" } ?? "") + "}"
            }.joined(separator: ", ") + "]"
    }

    /// What `expiring` answers for a store of these lots.
    private func expiring(_ inventory: String, journal: String, within: Int) throws -> Expiring {
        try opened(inventory, journal: journal, within: within).expiring
    }

    /// The store's menu and what `expiring` answers for it.
    private func opened(_ inventory: String, journal: String, within: Int) throws -> (menu: Menu, expiring: Expiring) {
        try TemporaryFolder.withPath { folder in
            try Self.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try inventory.write(toFile: folder + "/inventory.yaml", atomically: true, encoding: .utf8)
            try journal.write(toFile: folder + "/inventory.yaml.journal", atomically: true, encoding: .utf8)
            let store = try StoreService(lockTimeout: 1).open(
                StoreAddress(menuPath: folder + "/menu.yaml", inventoryPath: folder + "/inventory.yaml"))
            let (forecast, _) = try store.forecast(ForecastRequest(days: 7, now: now))
            // The forecast the waste follows is the weekday mean here.
            #expect(forecast.fruits.prefix(2).map(\.method) == [.weekday, .weekday])
            let (expiring, diagnostics) = try store.expiring(ExpiringRequest(withinDays: within, now: now))
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            return (store.menu, expiring)
        }
    }

    /// The fruits' lots of the first store: kiwi with an expired lot, a lot
    /// of each of several dates and an undated one; mango's lots used 4 a
    /// day; lime, with no forecast, spoils every dated lot.
    private static let kiwi: [(count: Int, bestBefore: String?)] = [
        (3, day(-2).date), (20, day(0).date), (9, day(1).date), (30, day(2).date), (8, day(5).date), (6, nil),
    ]
    private static let mango: [(count: Int, bestBefore: String?)] = [(5, day(0).date), (11, day(1).date), (2, nil)]
    private static let lime: [(count: Int, bestBefore: String?)] = [(4, day(-1).date), (6, day(1).date), (1, nil)]

    private static var inventory: String {
        "kiwi: \(yaml(kiwi))\nmango: \(yaml(mango))\nlime: \(yaml(lime))\nbanana: 50\n"
    }

    /// The test's own projected waste of each fruit of `lots`, lot by lot.
    private static func projected(
        _ lots: [String: [(count: Int, bestBefore: String?)]], history: [String: [(weekday: Int, use: Double)]]
    ) -> [String: [Double]] {
        lots.mapValues { _ in [] }.merging(
            lots.map { fruit, fruitLots in
                let use = { (offset: Int) in
                    history[fruit].map { weekdayMean($0, day(offset).weekday) } ?? 0
                }
                return (fruit, simulate(fruitLots, use: use))
            }
        ) { $1 }
    }

    @Test func theProjectedWasteIsTheTestsOwnDayByDaySimulation() throws {
        let (journal, history) = Self.journal()
        let expiring = try expiring(Self.inventory, journal: journal, within: 2)
        let spoiled = Self.projected(["kiwi": Self.kiwi, "mango": Self.mango, "lime": Self.lime], history: history)
        // Kiwi's lot of today leaves 20 - 10.5 = 9.5: a half, rounded up.
        #expect(spoiled["kiwi"] == [3, 9.5, 6.5, 26.5, 0, 0])
        let counts = spoiled.mapValues { $0.reduce(0) { $0 + Self.whole($1) } }
        #expect(counts == ["kiwi": 47, "mango": 8, "lime": 10])
        #expect(
            expiring.projectedWaste == [
                .init(fruit: "kiwi", count: counts["kiwi"]!, cost: Int128(counts["kiwi"]! * 7)),
                .init(fruit: "mango", count: counts["mango"]!, cost: nil),
                .init(fruit: "lime", count: counts["lime"]!, cost: Int128(counts["lime"]! * 2)),
            ])
        // Mango has no cost: the total is not known.
        #expect(expiring.projectedWasteCost == nil)
        #expect(expiring.withoutForecast == ["lime"])
        #expect(expiring.today.description == Self.day(0).date)
        #expect(expiring.lastDay.description == Self.day(1).date)
    }

    @Test func theWindowListsExpiredLotsAndThoseBestBeforeItsDays() throws {
        let (journal, _) = Self.journal()
        let expiring = try expiring(Self.inventory, journal: journal, within: 2)
        let listed = expiring.lots.map {
            "\($0.fruit) \($0.count) \($0.bestBefore) \($0.isExpired) \($0.cost.map { "\($0)" } ?? "-")"
        }
        #expect(
            listed == [
                "kiwi 3 \(Self.day(-2).date) true 21", "lime 4 \(Self.day(-1).date) true 8",
                "kiwi 20 \(Self.day(0).date) false 140", "mango 5 \(Self.day(0).date) false -",
                "kiwi 9 \(Self.day(1).date) false 63", "mango 11 \(Self.day(1).date) false -",
                "lime 6 \(Self.day(1).date) false 12",
            ])
        let oneDay = try self.expiring(Self.inventory, journal: journal, within: 1)
        #expect(oneDay.lots.map(\.count) == [3, 4, 20, 5])
    }

    /// A lot used up in time, a fruit with costs everywhere: the total is
    /// the sum; nothing to spoil costs 0.
    @Test func theTotalCostIsKnownWhenEveryFruitThatSpoilsHasACost() throws {
        let (journal, history) = Self.journal()
        let kiwi: [(count: Int, bestBefore: String?)] = [(12, Self.day(0).date), (2, Self.day(1).date), (40, nil)]
        let expiring = try expiring("kiwi: \(Self.yaml(kiwi))\n", journal: journal, within: 2)
        let spoiled = Self.projected(["kiwi": kiwi], history: history)["kiwi"]!
        // 12 - 10.5 = 1.5 spoils today (2); Monday's 2.5 takes the 2 in time.
        #expect(spoiled == [1.5, 0, 0])
        #expect(expiring.projectedWaste == [.init(fruit: "kiwi", count: 2, cost: 14)])
        #expect(expiring.projectedWasteCost == 14)
        let none = try self.expiring(
            "kiwi: [{count: 1, bestBefore: \(Self.day(3).date)}]\n", journal: journal, within: 2)
        #expect(none.projectedWaste.isEmpty && none.lots.isEmpty)
        #expect(none.projectedWasteCost == 0)
    }

    /// A chain of two stores: lots of one fruit and date summed, waste per
    /// fruit summed, each the test's own.
    @Test func aChainSumsItsStores() throws {
        let (journal, history) = Self.journal()
        let (menu, first) = try opened(Self.inventory, journal: journal, within: 2)
        let kiwi: [(count: Int, bestBefore: String?)] = [(2, Self.day(-2).date), (12, Self.day(0).date)]
        let second = try expiring("kiwi: \(Self.yaml(kiwi))\n", journal: journal, within: 2)
        let own = Self.projected(["kiwi": kiwi], history: history)["kiwi"]!.reduce(0) { $0 + Self.whole($1) }
        #expect(own == 4)
        let total = ExpiringTotal([(menu, first), (menu, second)]).expiring
        #expect(
            total.projectedWaste == [
                .init(fruit: "kiwi", count: 47 + own, cost: Int128((47 + own) * 7)),
                .init(fruit: "mango", count: 8, cost: nil), .init(fruit: "lime", count: 10, cost: 20),
            ])
        let twoDaysAgo = try #require(CalendarDate(parsing: Self.day(-2).date))
        #expect(
            total.lots.first == .init(fruit: "kiwi", count: 5, bestBefore: twoDaysAgo, isExpired: true, cost: 35))
        #expect(total.lots.first { $0.fruit == "kiwi" && !$0.isExpired }?.count == 32)
        // The second store's lots fall on the first's dates: still 7 lots.
        #expect(total.lots.count == 7)
    }

    /// The engine's rounding: halves up, a value within a millionth of a
    /// half taken as the half.
    @Test func aLotsWasteRoundsHalvesUp() {
        #expect(ProjectedWaste.wholeFruit(2.5) == 3)
        #expect(ProjectedWaste.wholeFruit(2.4999999999) == 3)
        #expect(ProjectedWaste.wholeFruit(2.49) == 2)
        #expect(ProjectedWaste.wholeFruit(0.5) == 1)
        #expect(ProjectedWaste.wholeFruit(0) == 0)
    }
}
