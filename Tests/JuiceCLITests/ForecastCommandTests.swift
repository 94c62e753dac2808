import Foundation
import TestSupport
import Testing

/// `juice forecast` end to end (SPEC 18): the real binary over a store
/// whose journal this test writes (five weeks of makes at many times of
/// day, waste and corrections that do not count, a fruit that runs out),
/// each figure checked against the test's own computation from that
/// journal, and smoothing against statsmodels.
@Suite struct ForecastCommandTests {
    private let utc: [String: String?] = ["TZ": "UTC"]

    private static let menu = """
        fruits:
          banana: { name: { en: Banana, ko: 바나나 }, stock: 100000 }
          kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 100000 }
          mango: { name: { en: Mango, ko: 망고 }, stock: 30 }
        recipes:
          banana: { uses: { banana: 1 } }
          kiwi: { uses: { kiwi: 1 } }
          mango: { uses: { mango: 1 } }

        """

    /// One day of the journal as written: its date, weekday (0 Sunday) and
    /// each fruit's use by makes.
    struct Day {
        var date: String
        var weekday: Int
        var use: [String: Double]
        /// The fruits out of stock that day.
        var out: Set<String> = []
    }

    /// The journal of the 35 days before today (UTC) and a partial today,
    /// and those 35 days as the test knows them.
    struct Journal {
        var text = ""
        var days: [Day] = []
        var today = ""
        private var id = 0

        /// `date`'s `time` (`HH:MM:SS`, UTC).
        mutating func add(_ date: String, _ time: String, _ body: String) {
            id += 1
            text += "{\"id\":\(id),\"time\":\"\(date)T\(time)Z\",\(body)}\n"
        }

        mutating func make(_ date: String, _ time: String, _ fruit: String, _ count: Int, sale: Bool = false) {
            add(
                date, time,
                "\"kind\":\"make\",\(sale ? "\"reason\":\"sale\"," : "")\"orders\":{\"\(fruit)\":\(count)},"
                    + "\"changes\":{\"\(fruit)\":-\(count)}")
        }

        /// Banana by weekday, kiwi rising day by day, mango running out 12
        /// days back (its last 30) and delivered 9 days back, before that
        /// day's make though booked after it; waste and corrections every
        /// day.
        init(now: Date = Date()) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            func day(back: Int) -> (String, Int) {
                let day = calendar.date(byAdding: .day, value: -back, to: now)!
                let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
                return (String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!), parts.weekday! - 1)
            }
            today = day(back: 0).0
            for back in stride(from: 35, through: 1, by: -1) {
                let (date, weekday) = day(back: back)
                let banana = 5 + 3 * weekday + (back * 7) % 4
                let kiwi = 60 - back + back % 3
                make(date, "08:15:00", "banana", banana - 2)
                make(date, "13:40:30", "kiwi", kiwi, sale: true)
                make(date, "21:55:59", "banana", 2, sale: true)
                add(
                    date, "22:00:00", "\"kind\":\"adjust\",\"reason\":\"waste\",\"changes\":{\"banana\":-3,\"kiwi\":-1}"
                )
                add(date, "22:30:00", "\"kind\":\"adjust\",\"reason\":\"correction\",\"changes\":{\"kiwi\":4}")
                var mango = 0
                var out: Set<String> = []
                switch back {
                case 12:
                    mango = 30
                    out = ["mango"]
                case 11, 10: out = ["mango"]
                case 9:
                    make(date, "10:00:00", "mango", 5)
                    add(date, "07:00:00", "\"kind\":\"adjust\",\"reason\":\"delivery\",\"changes\":{\"mango\":50}")
                    mango = 5
                case ..<9: mango = 1 + back % 2
                default: break
                }
                if mango > 0 && back != 9 { make(date, "12:00:00", "mango", mango) }
                days.append(
                    Day(
                        date: date, weekday: weekday,
                        use: ["banana": Double(banana), "kiwi": Double(kiwi), "mango": Double(mango)], out: out))
            }
            make(today, "00:00:01", "banana", 900)
        }

        /// The 28 days before today, usable for `fruit`.
        func history(_ fruit: String, days count: Int = 28) -> [Day] {
            days.suffix(count).filter { !$0.out.contains(fruit) }
        }
    }

    /// The test's own weekday mean: the same weekday's days, else all.
    static func weekdayMean(_ history: [Day], _ fruit: String, _ weekday: Int) -> Double {
        let same = history.filter { $0.weekday == weekday }
        let days = same.isEmpty ? history : same
        return days.map { $0.use[fruit]! }.reduce(0, +) / Double(days.count)
    }

    /// The test's own mean absolute error over the last 7 usable days.
    static func error(_ history: [Day], _ fruit: String, _ predict: ([Day], Day) -> Double) -> Double {
        let first = max(1, history.count - 7)
        let errors = (first..<history.count).map {
            abs(predict(Array(history[..<$0]), history[$0]) - history[$0].use[fruit]!)
        }
        return errors.reduce(0, +) / Double(errors.count)
    }

    /// `value` rounded to 2 decimals, halves away from zero.
    static func round2(_ value: Double) -> Double {
        (value * 100).rounded(.toNearestOrAwayFromZero) / 100
    }

    /// `value` as text and CSV write it: `12.30`.
    static func shown(_ value: Double) -> String {
        String(format: "%.2f", round2(value))
    }

    /// The weekdays of the 7 days from today.
    static func weekdaysAhead(_ journal: Journal) -> [(date: String, weekday: Int)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.date(from: journal.today)!
        return (0..<7).map { offset in
            let day = calendar.date(byAdding: .day, value: offset, to: today)!
            return (formatter.string(from: day), calendar.component(.weekday, from: day) - 1)
        }
    }

    /// Runs `juice forecast` with `arguments` over a store of `journal`,
    /// the journal written again when the day changed while it ran (the
    /// output's first date is the day it read as today).
    private func run(_ arguments: [String], in sandbox: Sandbox, environment: [String: String?] = [:])
        async throws -> (Journal, ProcessResult)
    {
        try sandbox.write("menu.yaml", Self.menu)
        for _ in 0..<2 {
            let journal = Journal()
            try sandbox.write("inventory.yaml.journal", journal.text)
            let result = try await sandbox.juice(
                arguments: ["forecast", "--menu", "menu.yaml", "--inventory", "inventory.yaml"] + arguments,
                environment: utc.merging(environment) { $1 })
            if result.stdout.contains(journal.today) || result.exitCode != 0 { return (journal, result) }
        }
        Issue.record("the day changed twice while the forecast ran")
        throw CancellationError()
    }

    static var oracleIsAvailable: Bool {
        ProcessInfo.processInfo.environment["CI"] != nil
            || FileManager.default.isExecutableFile(
                atPath: Repository.root.appendingPathComponent(".build/forecast-oracle-venv/bin/python").path)
    }

    /// statsmodels' one-step forecast of `series` and its backtest.
    private func oracle(_ series: [Double]) async throws -> (forecast: Double, backtest: [Double]) {
        let script = Repository.root.appendingPathComponent("Tests/Scripts/smoothing_oracle.sh")
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("forecast-\(UUID()).json")
        try "{\"series\": [\(series.map { String($0) }.joined(separator: ","))]}".write(
            to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        // Installing statsmodels the first time may take a while.
        let process = try RunningProcess(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "\"$0\" < \"$1\"", script.path, input.path],
            directory: Repository.root, environment: JuiceProcess.environment([:]), timeout: 900)
        let result = await process.result()
        try #require(result.exitCode == 0, "\(result.stderr)")
        let json = try result.json()
        return (try #require(json["forecast"]?.double), json["backtest"]?.items.compactMap(\.double) ?? [])
    }

    @Test(
        .enabled(
            if: oracleIsAvailable,
            "statsmodels is installed from PyPI only in CI: run Tests/Scripts/smoothing_oracle.sh once, or set CI"))
    func smoothingMatchesStatsmodels() async throws {
        try await Sandbox.with { sandbox in
            let (journal, result) = try await run(["--method", "smoothing", "--format", "json"], in: sandbox)
            #expect(result.exitCode == 0, "\(result.stderr)")
            let fruits = try result.json()["fruits"]?.items ?? []
            #expect(fruits.count == 3)
            for fruit in fruits {
                let id = try #require(fruit["fruit"]?.string)
                let history = journal.history(id)
                let (forecast, backtest) = try await oracle(history.map { $0.use[id]! })
                let actual = history.suffix(backtest.count).map { $0.use[id]! }
                let error = zip(backtest, actual).map { abs($0 - $1) }.reduce(0, +) / Double(backtest.count)
                #expect(fruit["method"] == .string("smoothing"))
                #expect(fruit["error"]?.double == Self.round2(error), "\(id)")
                #expect(
                    fruit["days"]?.items.map { $0["use"]?.double } == Array(repeating: Self.round2(forecast), count: 7),
                    "\(id)")
                #expect(fruit["total"]?.double == Self.round2(7 * forecast), "\(id)")
            }
        }
    }

    /// The weekday forecast in text, JSON and CSV, each figure the test's
    /// own; mango's days out are said and left out.
    @Test func weekdayInEveryFormat() async throws {
        try await Sandbox.with { sandbox in
            let (journal, json) = try await run(["--method", "weekday", "--format", "json"], in: sandbox)
            #expect(json.exitCode == 0, "\(json.stderr)")
            let ahead = Self.weekdaysAhead(journal)
            let document = try json.json()
            #expect(document.keys.sorted() == ["diagnostics", "fruits"])
            let fruits = document["fruits"]?.items ?? []
            #expect(fruits.map { $0["fruit"]?.string } == ["banana", "kiwi", "mango"])
            var csv = ["fruit,method,error," + ahead.map(\.date).joined(separator: ",") + ",total"]
            for (fruit, json) in zip(["banana", "kiwi", "mango"], fruits) {
                #expect(json.keys.sorted() == ["days", "error", "fruit", "method", "ranOut", "total"])
                let history = journal.history(fruit)
                let uses = ahead.map { Self.weekdayMean(history, fruit, $0.weekday) }
                let error = Self.error(history, fruit) { Self.weekdayMean($0, fruit, $1.weekday) }
                #expect(json["method"] == .string("weekday"))
                #expect(json["error"]?.double == Self.round2(error), "\(fruit)")
                #expect(json["days"]?.items.map { $0["date"]?.string } == ahead.map(\.date))
                #expect(json["days"]?.items.map { $0["use"]?.double } == uses.map(Self.round2), "\(fruit)")
                #expect(json["total"]?.double == Self.round2(uses.reduce(0, +)), "\(fruit)")
                csv.append(
                    "\(fruit),weekday,\(Self.shown(error)),"
                        + uses.map(Self.shown).joined(separator: ",") + ",\(Self.shown(uses.reduce(0, +)))")
            }
            let out = journal.days.filter { $0.out.contains("mango") }.map(\.date)
            #expect(out.count == 3)
            #expect(fruits[2]["ranOut"]?.items.map(\.string) == out)
            #expect(fruits[0]["ranOut"]?.items == [])

            let (_, csvResult) = try await run(["--method", "weekday", "--format", "csv"], in: sandbox)
            #expect(csvResult.exitCode == 0)
            #expect(csvResult.stdoutLines == csv)

            let (_, text) = try await run(["--method", "weekday"], in: sandbox)
            #expect(text.exitCode == 0)
            let rows = text.stdoutLines.map { $0.split(separator: " ").map(String.init) }
            #expect(rows.first == ["FRUIT", "METHOD", "ERROR"] + ahead.map(\.date) + ["TOTAL"])
            for (index, line) in csv.dropFirst().enumerated() {
                let cells = line.split(separator: ",").map(String.init)
                let name = ["Banana", "Kiwi", "Mango"][index]
                #expect(rows[index + 1] == [name] + cells.dropFirst(), "\(text.stdout)")
            }
            #expect(
                text.stdoutLines.last
                    == "Mango ran out on \(out.joined(separator: ", ")): those days are left out of the history and of the error."
            )

            let (_, korean) = try await run(["--method", "weekday", "--locale", "ko"], in: sandbox)
            #expect(korean.exitCode == 0)
            #expect(
                korean.stdoutLines.first?.split(separator: " ").map(String.init) == ["과일", "방법", "오차"]
                    + ahead.map(\.date) + ["합계"])
            #expect(korean.stdoutLines.dropFirst().first?.hasPrefix("바나나  요일 평균") == true, "\(korean.stdout)")
            #expect(korean.stdoutLines.last == "망고: \(out.joined(separator: ", "))에 재고가 떨어져 그날들은 이력과 오차에서 뺐습니다.")
        }
    }

    /// `auto` takes per fruit the method with the lower error: banana's
    /// weekdays, kiwi's trend; the error shown is the chosen one's.
    @Test func autoChoosesPerFruitByTheBacktest() async throws {
        try await Sandbox.with { sandbox in
            let (journal, result) = try await run(["--format", "json", "--days", "3", "--history", "21d"], in: sandbox)
            #expect(result.exitCode == 0, "\(result.stderr)")
            let fruits = try result.json()["fruits"]?.items ?? []
            for (fruit, json) in zip(["banana", "kiwi"], fruits) {
                let history = journal.history(fruit, days: 21)
                let weekday = Self.error(history, fruit) { Self.weekdayMean($0, fruit, $1.weekday) }
                let smoothing = Self.error(history, fruit) { earlier, _ in
                    earlier.dropFirst().reduce(earlier[0].use[fruit]!) { 0.3 * $1.use[fruit]! + 0.7 * $0 }
                }
                let method = smoothing < weekday ? "smoothing" : "weekday"
                #expect(json["method"]?.string == method, "\(fruit): weekday \(weekday), smoothing \(smoothing)")
                #expect(json["error"]?.double == Self.round2(min(weekday, smoothing)), "\(fruit)")
                #expect(json["days"]?.items.count == 3)
            }
            #expect(fruits.map { $0["method"]?.string } == ["weekday", "smoothing", fruits[2]["method"]?.string])
        }
    }

    /// A fruit that sold out every day of the history (a delivery each
    /// morning, all of it sold) is forecast from what it sold, a floor of
    /// its demand, and said so; `order --forecast` orders it instead of
    /// leaving it out for want of history.
    @Test func aFruitThatSellsOutEveryDayIsForecastAtLeastWhatItSold() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "menu.yaml",
                """
                fruits:
                  mango: { name: { en: Mango, ko: 망고 }, stock: 0, supplier: market }
                suppliers:
                  market: { leadDays: 0, every: 1 }
                recipes:
                  mango: { uses: { mango: 1 } }

                """)
            let store = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]
            let forecast = ["forecast", "--days", "1", "--history", "3d", "--method", "weekday"] + store
            let (dates, text, korean, json, order) = try await LocalDate.onOneDay(in: TimeZone(identifier: "UTC")!) {
                now in
                var journal = ""
                var dates: [String] = []
                for (index, (back, sold)) in [(3, 8), (2, 10), (1, 12)].enumerated() {
                    let date = ISO8601DateFormatter().string(from: now.addingTimeInterval(Double(-back) * 86_400))
                    let day = String(date.prefix(10))
                    dates.append(day)
                    journal +=
                        "{\"id\":\(2 * index + 1),\"time\":\"\(day)T09:00:00Z\",\"kind\":\"adjust\","
                        + "\"reason\":\"delivery\",\"changes\":{\"mango\":\(sold)}}\n"
                        + "{\"id\":\(2 * index + 2),\"time\":\"\(day)T12:00:00Z\",\"kind\":\"make\","
                        + "\"orders\":{\"mango\":\(sold)},\"changes\":{\"mango\":-\(sold)}}\n"
                }
                try sandbox.write("inventory.yaml.journal", journal)
                try sandbox.write("inventory.yaml", "mango: 0\n")
                return (
                    dates, try await sandbox.juice(arguments: forecast, environment: utc),
                    try await sandbox.juice(arguments: forecast + ["--locale", "ko"], environment: utc),
                    try await sandbox.juice(arguments: forecast + ["--format", "json"], environment: utc),
                    try await sandbox.juice(
                        arguments: ["order", "--forecast", "--format", "json"] + store, environment: utc)
                )
            }
            #expect(text.exitCode == 0, "\(text.stderr)")
            // The mean of 8, 10 and 12 (no day of today's weekday in 3 days);
            // the error: 10 predicted by 8, 12 by 9.
            #expect(text.stdoutLines[1].split(separator: " ") == ["Mango", "weekday", "2.50", "10.00", "10.00"])
            #expect(
                text.stdoutLines.last
                    == "Mango ran out on every day of the history: its forecast is at least what it sold on the "
                    + "days it had some (3), as it may have sold more.")
            #expect(
                korean.stdoutLines.last
                    == "망고: 이력의 모든 날에 재고가 떨어져, 재고가 있던 날(3일)에 판 양 이상으로 예측했습니다. 더 팔 수 있었을 수 있습니다.")
            let mango = try #require(try json.json()["fruits"]?[0])
            #expect(mango["atLeast"] == .bool(true))
            #expect(mango["days"]?[0]?["use"] == 10)
            #expect(mango["ranOut"]?.items.map(\.string) == dates)
            // The order (28 days of history, 25 of them before the first
            // delivery, out and selling none: not in the floor): a day's
            // forecast (10) and the 20 % margin, nothing on the shelf.
            #expect(order.exitCode == 0, "\(order.stderr)")
            #expect(try order.json()["suppliers"]?[0]?["lines"]?[0]?["units"] == 12)
            #expect(try order.json()["withoutHistory"] == [])
        }
    }

    /// A fruit out of stock every day of the history (never delivered)
    /// has no forecast: `-`, null, an empty cell, and one line that says
    /// so instead of listing each day.
    @Test func aFruitOutEveryDayHasNoForecast() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu.replacingOccurrences(of: "stock: 30", with: "stock: 0"))
            try sandbox.write("inventory.yaml.journal", "")
            let store = ["forecast", "--menu", "menu.yaml", "--inventory", "inventory.yaml", "--days", "1"]
            let text = try await sandbox.juice(arguments: store + ["--history", "3d"], environment: utc)
            #expect(text.exitCode == 0)
            #expect(text.stdoutLines[3].split(separator: " ") == ["Mango", "weekday", "-", "-", "-"])
            #expect(
                text.stdoutLines.dropFirst(4) == [
                    "", "Out of stock every day of the history, selling none, nothing forecast: Mango",
                ])
            let json = try await sandbox.juice(
                arguments: store + ["--history", "3d", "--format", "json"], environment: utc)
            let mango = try #require(try json.json()["fruits"]?[2])
            #expect(mango["error"] == .null)
            #expect(mango["total"] == .null)
            #expect(mango["days"]?[0]?["use"] == .null)
            #expect(mango["ranOut"]?.items.count == 3)
            let csv = try await sandbox.juice(arguments: store + ["--format", "csv"], environment: utc)
            #expect(csv.stdoutLines.last == "mango,weekday,,,")
            #expect(csv.stdoutLines[1].hasPrefix("banana,weekday,0.00,0.00,0.00"))
            let korean = try await sandbox.juice(arguments: store + ["--locale", "ko"], environment: utc)
            #expect(korean.stdoutLines.last == "이력의 모든 날에 재고가 없고 팔린 것도 없어 예측하지 않았습니다: 망고")
        }
    }

    /// With `dayStarts: "05:00"` in Seoul, a sale at 01:30 belongs to the
    /// business day before, as `usage --by day` counts it, and the days
    /// ahead are business days from today's: each of the last 7 days used
    /// 10 × (days back) at noon and 1 more at 01:30 after midnight, so each
    /// weekday ahead is that day's figure.
    @Test func theDaysAreBusinessDays() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", "dayStarts: \"05:00\"\n" + Self.menu)
            var seoul = Calendar(identifier: .gregorian)
            seoul.timeZone = TimeZone(identifier: "Asia/Seoul")!
            let formatter = DateFormatter()
            formatter.calendar = seoul
            formatter.timeZone = seoul.timeZone
            formatter.dateFormat = "yyyy-MM-dd"
            for _ in 0..<2 {
                // The business day's date: the local date 5 hours ago.
                let today = seoul.startOfDay(for: Date().addingTimeInterval(-5 * 3600))
                var journal = ""
                for back in (1...7).reversed() {
                    let day = seoul.date(byAdding: .day, value: -back, to: today)!
                    let noon = day.addingTimeInterval(12 * 3600)
                    let late = day.addingTimeInterval(25.5 * 3600)
                    for (index, (time, count)) in [(noon, back * 10), (late, 1)].enumerated() {
                        let stamp = ISO8601DateFormatter().string(from: time)
                        journal +=
                            "{\"id\":\((7 - back) * 2 + index + 1),\"time\":\"\(stamp)\",\"kind\":\"make\","
                            + "\"orders\":{\"kiwi\":\(count)},\"changes\":{\"kiwi\":-\(count)}}\n"
                    }
                }
                try sandbox.write("inventory.yaml.journal", journal)
                let result = try await sandbox.juice(
                    arguments: [
                        "forecast", "--menu", "menu.yaml", "--inventory", "inventory.yaml", "--history", "7d",
                        "--method", "weekday", "--format", "json",
                    ], environment: ["TZ": "Asia/Seoul"])
                #expect(result.exitCode == 0, "\(result.stderr)")
                let kiwi = try #require(try result.json()["fruits"]?[1])
                let dates = (0..<7).map { formatter.string(from: seoul.date(byAdding: .day, value: $0, to: today)!) }
                guard kiwi["days"]?[0]?["date"]?.string == dates[0] else { continue }
                #expect(kiwi["days"]?.items.map { $0["date"]?.string } == dates)
                #expect(kiwi["days"]?.items.map { $0["use"]?.double } == [71, 61, 51, 41, 31, 21, 11])
                return
            }
            Issue.record("the business day changed twice while the forecast ran")
        }
    }

    /// A count of days that is not 1 to 3650, a history without its `d`,
    /// an unknown method or format: usage errors (64) that say why.
    @Test(arguments: [
        (["--days", "0"], "error: --days takes a whole number of days from 1 to 3650, not '0'."),
        (["--days", "x"], "error: --days takes a whole number of days from 1 to 3650, not 'x'."),
        (["--days", "3651"], "error: --days takes a whole number of days from 1 to 3650, not '3651'."),
        (["--days", "-1"], "error: --days takes a whole number of days from 1 to 3650, not '-1'."),
        (
            ["--history", "-1d"],
            "error: --history takes a number of days from 1 to 3650 followed by d (28d), not '-1d'."
        ),
        (["--history", "28"], "error: --history takes a number of days from 1 to 3650 followed by d (28d), not '28'."),
        (["--history", "0d"], "error: --history takes a number of days from 1 to 3650 followed by d (28d), not '0d'."),
        (["--method", "median"], "error: The value 'median' is invalid for '--method <method>'"),
        (["--format", "markdown"], "error: The value 'markdown' is invalid for '--format <format>'"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            let result = try await sandbox.juice(arguments: ["forecast", "--menu", "menu.yaml"] + arguments)
            #expect(result.exitCode == 64)
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// With `--stores`: each store's forecast, and the chain's total per
    /// fruit and day, in JSON, text and CSV.
    @Test func aChainForecastsEachStoreAndTheirTotal() async throws {
        try await Sandbox.with { sandbox in
            let journal = Journal()
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("a/inventory.yaml.journal", journal.text)
            try sandbox.write("b/inventory.yaml", "banana: 5\n")
            // Store b's menu has a peach the first store's lacks.
            try sandbox.write(
                "b.yaml",
                Self.menu.replacingOccurrences(
                    of: "recipes:", with: "  peach: { name: { en: Peach, ko: 복숭아 }, stock: 9 }\nrecipes:"))
            try sandbox.write(
                "stores.yaml",
                "stores:\n  a: { menu: menu.yaml, inventory: a/inventory.yaml }\n"
                    + "  b: { menu: b.yaml, inventory: b/inventory.yaml }\n")
            let arguments = ["forecast", "--stores", "stores.yaml", "--method", "weekday", "--days", "2"]
            let json = try await sandbox.juice(arguments: arguments + ["--format", "json"], environment: utc)
            #expect(json.exitCode == 0, "\(json.stderr)")
            let document = try json.json()
            guard document["stores"]?[0]?["fruits"]?[0]?["days"]?[0]?["date"]?.string == journal.today else { return }
            #expect(document.keys.sorted() == ["diagnostics", "stores", "total"])
            #expect(document["stores"]?.items.map { $0["store"]?.string } == ["a", "b"])
            let ahead = Self.weekdaysAhead(journal).prefix(2)
            let history = journal.history("banana")
            let banana = ahead.map { Self.weekdayMean(history, "banana", $0.weekday) }
            // Store b has no journal: it used nothing, 0 a day.
            #expect(document["stores"]?[1]?["fruits"]?[0]?["days"]?.items.map { $0["use"]?.double } == [0, 0])
            let total = try #require(document["total"]?["fruits"]?[0])
            #expect(total.keys.sorted() == ["days", "error", "fruit", "method", "total"])
            #expect(total["method"] == .null)
            #expect(total["days"]?.items.map { $0["use"]?.double } == banana.map(Self.round2))
            #expect(total["total"]?.double == Self.round2(banana.reduce(0, +)))

            let csv = try await sandbox.juice(arguments: arguments + ["--format", "csv"], environment: utc)
            let dates: [String] = ahead.map { $0.date }
            let header = "store,fruit,method,error," + dates.joined(separator: ",") + ",total"
            #expect(csv.stdoutLines.first == header)
            // A header, 3 fruits of a, 4 of b, and 4 of the chain.
            #expect(csv.stdoutLines.count == 12)
            let uses: String = banana.map(Self.shown).joined(separator: ",")
            let sum: String = Self.shown(banana.reduce(0, +))
            #expect(csv.stdoutLines[8] == "total,banana,,,\(uses),\(sum)")
            #expect(csv.stdoutLines[11] == "total,peach,,,0.00,0.00,0.00")
            let text = try await sandbox.juice(arguments: arguments, environment: utc)
            #expect(text.stdoutLines.first?.hasPrefix("STORE  FRUIT") == true, "\(text.stdout)")
            #expect(text.stdoutLines[8].split(separator: " ").first == "TOTAL")
            #expect(text.stdoutLines[11].split(separator: " ").prefix(2) == ["TOTAL", "Peach"])
        }
    }

    /// A store whose files cannot be read (a menu missing, an inventory
    /// not valid, a journal that is a folder) stays in the chain's JSON, in
    /// the manifest's order, with no fruits, as `expiring --stores` and
    /// `order --stores` list it; the others are answered, and the run
    /// exits 65.
    @Test func aStoreThatCannotBeReadStaysInTheChainsJSON() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("north/inventory.yaml", "banana: 5\n")
            try sandbox.write("east/inventory.yaml", "banana: many\n")
            try sandbox.write("west/inventory.yaml", "banana: 5\n")
            try FileManager.default.createDirectory(
                at: sandbox.file("west/inventory.yaml.journal"), withIntermediateDirectories: false)
            try sandbox.write(
                "stores.yaml",
                "stores:\n  north: { menu: menu.yaml, inventory: north/inventory.yaml }\n"
                    + "  south: { menu: nothing.yaml, inventory: south/inventory.yaml }\n"
                    + "  east: { menu: menu.yaml, inventory: east/inventory.yaml }\n"
                    + "  west: { menu: menu.yaml, inventory: west/inventory.yaml }\n")
            let json = try await sandbox.juice(
                arguments: ["forecast", "--stores", "stores.yaml", "--days", "2", "--format", "json"],
                environment: utc)
            #expect(json.exitCode == 65)
            let document = try json.json()
            #expect(document["stores"]?.items.map { $0["store"]?.string } == ["north", "south", "east", "west"])
            #expect(
                document["stores"]?[0]?["fruits"]?.items.map { $0["fruit"]?.string } == ["banana", "kiwi", "mango"])
            for (index, store) in [(1, "south"), (2, "east"), (3, "west")] {
                #expect(document["stores"]?[index] == .object(["store": .string(store), "fruits": .array([])]))
            }
            #expect(document["total"]?["fruits"]?.items.count == 3)
            #expect(
                document["diagnostics"]?.items.map { $0["code"]?.string } == [
                    "missing-file", "invalid-quantity", "missing-file",
                ])
        }
    }
}

extension JSON {
    /// The value of a number; `nil` for anything else.
    fileprivate var double: Double? {
        guard case .number(let value) = self else { return nil }
        return value
    }
}
