import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// `juice forecast` in the library (SPEC 18): the weekday mean, the
/// backtest that `auto` chooses by, and the days a fruit ran out, each
/// checked against this test's own computation from the journal it
/// writes. (Smoothing is checked against statsmodels, end to end, in
/// `JuiceCLITests.ForecastCommandTests`.)
@Suite struct ForecastTests {
    /// Noon on 2026-11-29 in UTC: the same date in any zone within 11
    /// hours of UTC, as every entry's noon is.
    private let now = JournalTime(seconds: 1_795_953_600)

    private static let menu = """
        fruits: { banana: 1000, kiwi: 1000, mango: 4 }
        recipes:
          banana: { uses: { banana: 1 } }
          kiwi: { uses: { kiwi: 1 } }
          mango: { uses: { mango: 1 } }

        """

    /// The date `back` days before 2026-11-29 and its weekday (0 Sunday),
    /// by Foundation's Gregorian calendar.
    private static func day(back: Int) -> (date: String, weekday: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.date(from: DateComponents(year: 2026, month: 11, day: 29, hour: 12))!
        let day = calendar.date(byAdding: .day, value: -back, to: today)!
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
        let date = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        return (date, parts.weekday! - 1)
    }

    /// A journal line at `date`'s `hour` (UTC).
    private static func line(_ id: Int, _ date: String, _ hour: Int, _ body: String) -> String {
        "{\"id\":\(id),\"time\":\"\(date)T\(hour < 10 ? "0" : "")\(hour):00:00Z\",\(body)}\n"
    }

    /// The forecast of `journal` over `menu`, as a store reads it.
    private func forecast(_ journal: String, _ request: ForecastRequest) throws -> Forecast {
        try TemporaryFolder.withPath { folder in
            try Self.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try journal.write(toFile: folder + "/inventory.yaml.journal", atomically: true, encoding: .utf8)
            let store = try StoreService(lockTimeout: 1).open(
                StoreAddress(menuPath: folder + "/menu.yaml", inventoryPath: folder + "/inventory.yaml"))
            let (forecast, diagnostics) = try store.forecast(request)
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            return forecast
        }
    }

    /// The test's own weekday mean of `history` (oldest first) for a day
    /// of `weekday`: the same weekday's, else every day's.
    private static func weekdayMean(_ history: [(weekday: Int, use: Double)], _ weekday: Int) -> Double {
        var same = 0.0
        var sameCount = 0
        var all = 0.0
        for day in history {
            all += day.use
            if day.weekday == weekday {
                same += day.use
                sameCount += 1
            }
        }
        return sameCount > 0 ? same / Double(sameCount) : all / Double(history.count)
    }

    /// The test's own smoothing: level from the first day, α = 0.3.
    private static func smoothed(_ history: [(weekday: Int, use: Double)]) -> Double {
        var level = history[0].use
        for day in history.dropFirst() { level = 0.3 * day.use + 0.7 * level }
        return level
    }

    /// The test's own mean absolute error over the last 7 days, each
    /// predicted from the days before it.
    private static func error(
        _ history: [(weekday: Int, use: Double)], _ predict: ([(weekday: Int, use: Double)], Int) -> Double
    ) -> Double {
        let first = max(1, history.count - 7)
        var sum = 0.0
        for index in first..<history.count {
            sum += abs(predict(Array(history[..<index]), history[index].weekday) - history[index].use)
        }
        return sum / Double(history.count - first)
    }

    /// 35 days of makes: banana by weekday (so `weekday` wins), kiwi
    /// rising day by day (so `smoothing` wins); waste, a correction, an
    /// undone make and today's makes count for nothing, a sale counts.
    @Test func weekdayMeanSmoothingAndTheBacktestMatchTheTestsOwn() throws {
        var journal = ""
        var id = 0
        func add(_ date: String, _ hour: Int, _ body: String) {
            id += 1
            journal += Self.line(id, date, hour, body)
        }
        var banana: [(weekday: Int, use: Double)] = []
        var kiwi: [(weekday: Int, use: Double)] = []
        for back in stride(from: 35, through: 1, by: -1) {
            let (date, weekday) = Self.day(back: back)
            let bananas = 3 + 4 * weekday + back % 3
            let kiwis = 40 - back
            add(date, 10, "\"kind\":\"make\",\"orders\":{\"banana\":\(bananas)},\"changes\":{\"banana\":-\(bananas)}")
            add(
                date, 11,
                "\"kind\":\"make\",\"reason\":\"sale\",\"orders\":{\"kiwi\":\(kiwis)},\"changes\":{\"kiwi\":-\(kiwis)}")
            add(date, 12, "\"kind\":\"adjust\",\"reason\":\"waste\",\"changes\":{\"banana\":-2}")
            add(
                date, 13,
                "\"kind\":\"adjust\",\"reason\":\"delivery\",\"changes\":{\"banana\":\(bananas + 2),\"kiwi\":\(kiwis)}")
            if back <= 28 {
                banana.append((weekday, Double(bananas)))
                kiwi.append((weekday, Double(kiwis)))
            }
        }
        let (yesterday, _) = Self.day(back: 1)
        add(yesterday, 14, "\"kind\":\"adjust\",\"reason\":\"correction\",\"changes\":{\"kiwi\":-9}")
        add(yesterday, 15, "\"kind\":\"make\",\"orders\":{\"banana\":500},\"changes\":{\"banana\":-500}")
        add(yesterday, 16, "\"kind\":\"undo\",\"undoes\":\(id),\"changes\":{\"banana\":500}")
        add("2026-11-29", 9, "\"kind\":\"make\",\"orders\":{\"banana\":700},\"changes\":{\"banana\":-700}")

        let auto = try forecast(journal, ForecastRequest(method: .auto, now: now))
        let dates = (0..<7).map { Self.day(back: -$0) }
        #expect(auto.fruits.map(\.fruit) == ["banana", "kiwi", "mango"])
        #expect(auto.fruits.map(\.method) == [.weekday, .smoothing, .weekday])
        #expect(auto.fruits[0].days.map(\.date) == dates.map(\.date))

        let bananaWeekday = Self.error(banana, Self.weekdayMean)
        let bananaSmoothing = Self.error(banana) { history, _ in Self.smoothed(history) }
        #expect(bananaWeekday < bananaSmoothing)
        #expect(abs(try #require(auto.fruits[0].error) - bananaWeekday) < 1e-9)
        for (day, expected) in zip(auto.fruits[0].days, dates) {
            #expect(abs(try #require(day.use) - Self.weekdayMean(banana, expected.weekday)) < 1e-9, "\(day.date)")
        }
        let kiwiWeekday = Self.error(kiwi, Self.weekdayMean)
        let kiwiSmoothing = Self.error(kiwi) { history, _ in Self.smoothed(history) }
        #expect(kiwiSmoothing < kiwiWeekday)
        #expect(abs(try #require(auto.fruits[1].error) - kiwiSmoothing) < 1e-9)
        #expect(auto.fruits[1].days.allSatisfy { abs(($0.use ?? .nan) - Self.smoothed(kiwi)) < 1e-9 })
        #expect(abs(try #require(auto.fruits[1].total) - 7 * Self.smoothed(kiwi)) < 1e-9)
        // Mango was never used: 0 every day, no error, by weekday (a tie).
        #expect(auto.fruits[2].days.map(\.use) == Array(repeating: 0, count: 7))
        #expect(auto.fruits[2].error == 0)

        // Asked for one method, the output names it and its own error.
        let weekday = try forecast(journal, ForecastRequest(days: 2, method: .weekday, now: now))
        #expect(weekday.fruits[1].method == .weekday)
        #expect(abs(try #require(weekday.fruits[1].error) - kiwiWeekday) < 1e-9)
        #expect(weekday.fruits[1].days.count == 2)
    }

    /// Mango (4 in stock) runs out on a day's make; the next day has no
    /// entry at all, so it stays out all day; a delivery timed before the
    /// next make but written after it (a late booking) means it never
    /// reaches 0 on the third. The days out are left out of the weekday
    /// mean and of the error, and listed.
    @Test func daysAFruitRanOutAreLeftOutAndSaid() throws {
        let out1 = Self.day(back: 6)
        let out2 = Self.day(back: 5)
        let late = Self.day(back: 4)
        var lines: [String] = []
        var id = 0
        func add(_ date: String, _ hour: Int, _ body: String) {
            id += 1
            lines.append(Self.line(id, date, hour, body))
        }
        var history: [(weekday: Int, use: Double)] = []
        for back in stride(from: 14, through: 1, by: -1) {
            let (date, weekday) = Self.day(back: back)
            switch back {
            case 6:
                add(date, 10, "\"kind\":\"make\",\"orders\":{\"mango\":4},\"changes\":{\"mango\":-4}")
            case 5: continue
            case 4:
                add(date, 10, "\"kind\":\"make\",\"orders\":{\"mango\":3},\"changes\":{\"mango\":-3}")
                add(date, 9, "\"kind\":\"adjust\",\"reason\":\"delivery\",\"changes\":{\"mango\":10}")
                history.append((weekday, 3))
            default:
                add(date, 10, "\"kind\":\"make\",\"orders\":{\"banana\":\(back)},\"changes\":{\"banana\":-\(back)}")
                history.append((weekday, 0))
            }
        }
        let forecast = try forecast(lines.joined(), ForecastRequest(historyDays: 14, method: .weekday, now: now))
        let mango = try #require(forecast.fruits.first { $0.fruit == "mango" })
        #expect(mango.ranOut == [out1.date, out2.date])
        #expect(!mango.ranOut.contains(late.date))
        let today = Self.day(back: 0)
        #expect(abs(try #require(mango.days[0].use) - Self.weekdayMean(history, today.weekday)) < 1e-9)
        #expect(abs(try #require(mango.error) - Self.error(history, Self.weekdayMean)) < 1e-9)
        // Kiwi never ran out.
        #expect(forecast.fruits.first { $0.fruit == "kiwi" }?.ranOut == [])
    }

    /// With 3 days of history, the weekdays it lacks are predicted by the
    /// mean of all of them; a fruit with one usable day has no error, one
    /// with none no forecast.
    @Test func aWeekdayWithoutItsOwnDayTakesTheMeanOfAll() throws {
        var journal = ""
        for (index, back) in [3, 2, 1].enumerated() {
            let date = Self.day(back: back).date
            journal += Self.line(
                index + 1, date, 10,
                "\"kind\":\"make\",\"orders\":{\"banana\":\(back * 2)},\"changes\":{\"banana\":-\(back * 2)}")
        }
        // Mango: out (0) from the first history day on, but for a delivery
        // and its use on the last.
        journal += Self.line(
            4, Self.day(back: 4).date, 10, "\"kind\":\"make\",\"orders\":{\"mango\":4},\"changes\":{\"mango\":-4}")
        let forecast = try forecast(journal, ForecastRequest(days: 7, historyDays: 3, method: .weekday, now: now))
        let banana = forecast.fruits[0]
        let history = [3, 2, 1].map { (Self.day(back: $0).weekday, Double($0 * 2)) }
        for (offset, day) in banana.days.enumerated() {
            let weekday = Self.day(back: -offset).weekday
            let own = history.filter { $0.0 == weekday }
            let expected = own.isEmpty ? 4.0 : own[0].1
            #expect(day.use == expected, "\(day.date)")
        }
        let mango = forecast.fruits[2]
        #expect(mango.ranOut.count == 3)
        #expect(mango.hasNoHistory)
        #expect(mango.error == nil)
        #expect(mango.total == nil)
        let one = try self.forecast(
            Self.line(
                1, Self.day(back: 1).date, 10, "\"kind\":\"make\",\"orders\":{\"kiwi\":5},\"changes\":{\"kiwi\":-5}"),
            ForecastRequest(days: 1, historyDays: 1, method: .auto, now: now))
        #expect(one.fruits[1].error == nil)
        #expect(one.fruits[1].method == .weekday)
        #expect(one.fruits[1].days.map(\.use) == [5])
    }

    /// A fruit that ran out on every day of the history, selling some, is
    /// forecast from those days (a floor of its demand) instead of not at
    /// all; one that sold none on them still has no forecast.
    @Test func aFruitOutEveryDayIsForecastAtLeastWhatItSold() throws {
        var journal = ""
        var id = 0
        var history: [(weekday: Int, use: Double)] = []
        // Mango starts at the menu's 4: each morning a delivery, then a make
        // of everything on the shelf.
        var shelf = 4
        for back in stride(from: 5, through: 1, by: -1) {
            let (date, weekday) = Self.day(back: back)
            let delivered = 6 + back * 3
            shelf += delivered
            id += 1
            journal += Self.line(
                id, date, 9, "\"kind\":\"adjust\",\"reason\":\"delivery\",\"changes\":{\"mango\":\(delivered)}")
            id += 1
            journal += Self.line(
                id, date, 10, "\"kind\":\"make\",\"orders\":{\"mango\":\(shelf)},\"changes\":{\"mango\":-\(shelf)}")
            history.append((weekday, Double(shelf)))
            shelf = 0
        }
        let forecast = try forecast(journal, ForecastRequest(days: 2, historyDays: 5, method: .weekday, now: now))
        let mango = try #require(forecast.fruits.first { $0.fruit == "mango" })
        #expect(mango.isAtLeast)
        #expect(mango.ranOut == (1...5).reversed().map { Self.day(back: $0).date })
        #expect(mango.floorDays == mango.ranOut)
        #expect(!mango.hasNoHistory)
        for (offset, day) in mango.days.enumerated() {
            let expected = Self.weekdayMean(history, Self.day(back: -offset).weekday)
            #expect(abs(try #require(day.use) - expected) < 1e-9, "\(day.date)")
        }
        #expect(abs(try #require(mango.error) - Self.error(history, Self.weekdayMean)) < 1e-9)
        // Kiwi was never out: no floor. Banana sold nothing and was never
        // out: a forecast of 0.
        #expect(forecast.fruits.first { $0.fruit == "kiwi" }?.isAtLeast == false)
        #expect(forecast.fruits.first { $0.fruit == "banana" }?.days.map(\.use) == [0, 0])
    }

    /// Figures are rounded to 2 decimals, halves away from zero, a half
    /// in decimal being a half though binary holds it a hair under.
    @Test func figuresRoundHalvesAwayFromZero() {
        #expect(Forecast.rounded(1.005) == 1.01)
        #expect(Forecast.rounded(-1.005) == -1.01)
        #expect(Forecast.rounded(2.675) == 2.68)
        #expect(Forecast.rounded(201.0 / 200.0) == 1.01)
        #expect(Forecast.rounded(1.00499) == 1.0)
        #expect(Forecast.rounded(10.0 / 3.0) == 3.33)
    }

    /// A chain's total sums the stores' forecasts by fruit and date; a
    /// store without a forecast for a fruit adds nothing.
    @Test func aChainsTotalSumsItsStores() {
        let day = { (date: String, use: Double?) in Forecast.DayUse(date: date, use: use) }
        let first = Forecast(fruits: [
            .init(
                fruit: "kiwi", method: .weekday, error: 1, days: [day("2026-11-29", 1.5), day("2026-11-30", 2)],
                ranOut: [])
        ])
        let second = Forecast(fruits: [
            .init(
                fruit: "kiwi", method: .smoothing, error: 0, days: [day("2026-11-29", nil), day("2026-11-30", 3)],
                ranOut: []),
            .init(fruit: "mango", method: .weekday, error: nil, days: [day("2026-11-29", nil)], ranOut: ["2026-11-28"]),
        ])
        let total = ForecastTotal([first, second])
        #expect(total.fruits.map(\.fruit) == ["kiwi", "mango"])
        #expect(total.fruits[0].days == [day("2026-11-29", 1.5), day("2026-11-30", 5)])
        #expect(total.fruits[0].total == 6.5)
        #expect(total.fruits[1].total == nil)
    }
}
