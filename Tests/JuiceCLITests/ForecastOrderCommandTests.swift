import Foundation
import TestSupport
import Testing

/// `juice order --forecast` end to end (SPEC 18): the real binary over a
/// store whose journal this test writes, 28 days of the same use each day
/// (so that the forecast, by either method, is that use), every figure
/// worked out here from the menu's terms.
@Suite struct ForecastOrderCommandTests {
    private static let utc: [String: String?] = ["TZ": "UTC"]
    static let utcZone = TimeZone(identifier: "UTC")!

    /// strawberry (shelf life 2, packs of 4) and banana (packs of 6) from
    /// farm, 1 day away, every 3 days; kiwi (shelf life 3) and mango
    /// (never in stock: no history) from market, the same day, every 2;
    /// lime from no supplier.
    static let menu = """
        fruits:
          strawberry: { name: { en: Strawberry, ko: 딸기 }, stock: 1000, cost: 300, pack: 4, supplier: farm, shelfLife: 2 }
          banana: { name: { en: Banana, ko: 바나나 }, stock: 1000, cost: 200, pack: 6, supplier: farm }
          kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 1000, supplier: market, shelfLife: 3 }
          mango: { stock: 0, cost: 700, supplier: market }
          lime: { stock: 5 }
        suppliers:
          farm: { name: { en: Fresh Farm, ko: 신선농장 }, minimum: 4, leadDays: 1, every: 3 }
          market: { name: Garak Market, leadDays: 0, every: 2 }
        recipes:
          fresh: { strawberry: 6, banana: 3, kiwi: 5 }
          mango: { mango: 1 }
          lime: { lime: 1 }

        """

    /// Each fruit's use per day, every day of the history.
    static let daily = ["strawberry": 6.0, "banana": 3.0, "kiwi": 5.0]

    /// The UTC date `days` after `date`'s.
    static func date(_ date: Date, plus days: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = calendar.date(byAdding: .day, value: days, to: date)!
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// The journal: a `fresh` at noon on each of the 28 days before
    /// `now`'s, and an order of 6 bananas placed today.
    static func journal(_ now: Date) -> String {
        var lines = (1...28).reversed().enumerated().map { index, back in
            "{\"id\":\(index + 1),\"time\":\"\(date(now, plus: -back))T12:00:00Z\",\"kind\":\"make\","
                + "\"orders\":{\"fresh\":1},\"changes\":{\"strawberry\":-6,\"banana\":-3,\"kiwi\":-5}}"
        }
        lines.append(
            "{\"id\":29,\"time\":\"\(date(now, plus: 0))T00:00:01Z\",\"kind\":\"order\",\"changes\":{},"
                + "\"lines\":[{\"supplier\":\"farm\",\"fruit\":\"banana\",\"units\":6,\"packs\":1,\"cost\":1200}]}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The stock: 5 strawberries expired yesterday and 4 good for 5 days,
    /// 5 bananas, `kiwi` kiwis, no mango.
    static func inventory(_ now: Date, kiwi: Int = 2) -> String {
        """
        strawberry: [{count: 5, bestBefore: \(date(now, plus: -1))}, {count: 4, bestBefore: \(date(now, plus: 5))}]
        banana: 5
        kiwi: \(kiwi)
        mango: 0
        lime: 5

        """
    }

    /// One line as the test works it out: the need over `days` × (1 +
    /// `safety`), less `have` and `onOrder`, at most the use over
    /// `shelfLife` days, rounded up to packs.
    struct Expected {
        var fruit: String
        var have: Int
        var onOrder = 0
        var days: Int
        var shelfLife: Int?
        var pack: Int
        var cost: Int?

        func need(_ safety: Double) -> Double { ForecastOrderCommandTests.daily[fruit]! * Double(days) * (1 + safety) }
        var cap: Double? { shelfLife.map { ForecastOrderCommandTests.daily[fruit]! * Double($0) } }
        func wanted(_ safety: Double) -> Double { need(safety) - Double(have) - Double(onOrder) }
        func capped(_ safety: Double) -> Bool { cap.map { $0 < wanted(safety) } ?? false }
        func packs(_ safety: Double) -> Int {
            let units = min(wanted(safety), cap ?? .infinity)
            var packs = 0
            while Double(packs * pack) < units - 1e-9 { packs += 1 }
            return packs
        }

        func json(_ safety: Double) -> JSON {
            let units = packs(safety) * pack
            return [
                "fruit": .string(fruit), "have": .number(Double(have)), "onOrder": .number(Double(onOrder)),
                "par": nil, "forecast": .number((need(safety) * 100).rounded() / 100),
                "cap": cap.map { .number($0) } ?? .null, "capped": .bool(capped(safety)),
                "units": .number(Double(units)), "packs": .number(Double(packs(safety))),
                "cost": cost.map { .number(Double($0 * units)) } ?? .null,
            ]
        }
    }

    /// farm: 1 + 3 days; strawberry: 4 unexpired (the 5 expired do not
    /// count); banana: 6 on order. market: 0 + 2 days.
    static func expected(kiwi: Int = 2) -> [(supplier: String, lines: [Expected])] {
        [
            (
                "farm",
                [
                    Expected(fruit: "strawberry", have: 4, days: 4, shelfLife: 2, pack: 4, cost: 300),
                    Expected(fruit: "banana", have: 5, onOrder: 6, days: 4, pack: 6, cost: 200),
                ]
            ),
            ("market", [Expected(fruit: "kiwi", have: kiwi, days: 2, shelfLife: 3, pack: 1)]),
        ]
    }

    static func expectedSuppliers(_ safety: Double, kiwi: Int = 2) -> JSON {
        let names = ["farm": "Fresh Farm", "market": "Garak Market"]
        return .array(
            expected(kiwi: kiwi).map { supplier, lines in
                let costs = lines.map { line in line.cost.map { $0 * line.packs(safety) * line.pack } }
                let packs = lines.reduce(0) { $0 + $1.packs(safety) }
                return [
                    "supplier": .string(supplier), "name": .string(names[supplier]!),
                    "lines": .array(lines.map { $0.json(safety) }), "packs": .number(Double(packs)),
                    "cost": costs.contains { $0 == nil } ? .null : .number(Double(costs.reduce(0) { $0 + $1! })),
                    "belowMinimum": .bool(supplier == "farm" && packs < 4),
                ]
            })
    }

    /// Runs `juice` with `arguments` over the store, its files written for
    /// today (again when the day changed while it ran).
    /// `stock` replaces lines of the inventory, strawberries excepted: the
    /// strawberry then has a stock of 100.
    private func run(
        _ arguments: [String], in sandbox: Sandbox, write: Bool = true, stock: [String] = []
    ) async throws -> ProcessResult {
        try sandbox.write("recipes/menu.yaml", Self.menu)
        return try await LocalDate.onOneDay(in: Self.utcZone) { now in
            if write {
                try sandbox.write("inventory.yaml.journal", Self.journal(now))
                var inventory = Self.inventory(now)
                if !stock.isEmpty {
                    inventory = (["strawberry: 100", "mango: 0", "lime: 5"] + stock).joined(separator: "\n") + "\n"
                }
                try sandbox.write("inventory.yaml", inventory)
            }
            return try await sandbox.juice(arguments: arguments, environment: Self.utc)
        }
    }

    @Test func theJSONSizesEachFruitOfASupplierByTheForecast() async throws {
        try await Sandbox.with { sandbox in
            let result = try await run(["order", "--forecast", "--format", "json"], in: sandbox)
            #expect(result.exitCode == 0, "\(result.stderr)")
            let json = try result.json()
            #expect(
                json == [
                    "suppliers": Self.expectedSuppliers(0.2), "total": ["packs": 14, "cost": nil],
                    "safety": .number(0.2),
                    "withoutHistory": ["mango"], "diagnostics": [],
                ])
            // The strawberry is capped: 28.8 wanted, 12 used in its shelf life.
            #expect(json["suppliers"]?[0]?["lines"]?[0]?["units"] == 12)
            #expect(json["suppliers"]?[0]?["lines"]?[0]?["capped"] == true)

            let safer = try await run(["order", "--forecast", "--safety", "0.5", "--format", "json"], in: sandbox)
            #expect(safer.exitCode == 0)
            #expect(try safer.json()["suppliers"] == Self.expectedSuppliers(0.5))
        }
    }

    /// With nothing on order, the text of an order by the forecast keeps
    /// its `ON ORDER` column (0 on every line), as Commands.md shows it:
    /// the need is less what is on order, and the columns stay put.
    @Test func theTextKeepsItsOnOrderColumnWithNothingOnOrder() async throws {
        try await Sandbox.with { sandbox in
            let before = try await run(["order", "--forecast"], in: sandbox)
            #expect(before.stdoutLines.contains { $0.contains("  ON ORDER  ") })
            let orders = try await run(["orders", "--format", "json"], in: sandbox, write: false)
            guard case .number(let id)? = try orders.json()["orders"]?[0]?["order"] else {
                Issue.record("no open order: \(orders.stdout)")
                return
            }
            let received = try await run(["receive", String(Int(id))], in: sandbox, write: false)
            #expect(received.exitCode == 0, "\(received.stderr)")
            let text = try await run(["order", "--forecast"], in: sandbox, write: false)
            #expect(text.exitCode == 0, "\(text.stderr)")
            let headers = text.stdoutLines.filter { $0.hasPrefix("  FRUIT") }
            #expect(headers.count == 2, "\(text.stdoutLines)")
            #expect(headers.allSatisfy { $0.contains("  HAVE  ON ORDER  FORECAST  ") }, "\(text.stdoutLines)")
            #expect(
                text.stdoutLines.contains { $0.hasPrefix("  Banana        11         0     14.40") },
                "\(text.stdoutLines)")
        }
    }

    @Test func theTextCSVAndMarkdownSayTheForecastAndTheCap() async throws {
        try await Sandbox.with { sandbox in
            let text = try await run(["order", "--forecast"], in: sandbox)
            #expect(text.exitCode == 0)
            #expect(
                text.stdoutLines == [
                    "Fresh Farm (farm)",
                    "  FRUIT       HAVE  ON ORDER  FORECAST  CAPPED AT  UNITS  PACKS  COST",
                    "  Strawberry     4         0     28.80      12.00     12      3  3600",
                    "  Banana         5         6     14.40                 6      1  1200",
                    "  TOTAL                                                       4  4800",
                    "",
                    "Garak Market (market)",
                    "  FRUIT  HAVE  ON ORDER  FORECAST  CAPPED AT  UNITS  PACKS  COST",
                    "  Kiwi      2         0     12.00                10     10     -",
                    "  TOTAL                                                 10     -",
                    "  Cost unknown: the menu gives no cost for Kiwi",
                    "",
                    "All suppliers: 14 packs, cost unknown (a fruit has no cost)",
                    "",
                    "Not ordered, no history to forecast from: mango",
                ])
            let csv = try await run(["order", "--forecast", "--format", "csv"], in: sandbox)
            #expect(
                csv.stdoutLines == [
                    "supplier,fruit,name,have,onOrder,forecast,cap,capped,units,packs,cost",
                    "farm,strawberry,Strawberry,4,0,28.80,12.00,true,12,3,3600",
                    "farm,banana,Banana,5,6,14.40,,false,6,1,1200",
                    "market,kiwi,Kiwi,2,0,12.00,15.00,false,10,10,",
                ])
            let korean = try await run(["order", "--forecast", "--format", "markdown", "--locale", "ko"], in: sandbox)
            #expect(
                Array(korean.stdoutLines.prefix(7)) == [
                    "## 신선농장 (farm)", "",
                    "| 과일 | 이름 | 보유 | 예측 | 상한 | 개수 | 상자 | 원가 |",
                    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
                    "| strawberry | 딸기 | 4 | 28.80 | 12.00 | 12 | 3 | 3600 |",
                    "| banana | 바나나 | 5 | 14.40 |  | 6 | 1 | 1200 |",
                    "| **합계** |  |  |  |  |  | **4** | **4800** |",
                ])
            // Garak Market's table stands alone: none of its lines is
            // capped, so it has no column of what one was capped at.
            #expect(
                Array(korean.stdoutLines.dropFirst(8).prefix(6)) == [
                    "## Garak Market (market)", "",
                    "| 과일 | 이름 | 보유 | 예측 | 개수 | 상자 | 원가 |",
                    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
                    "| kiwi | 키위 | 2 | 12.00 | 10 | 10 | - |",
                    "| **합계** |  |  |  |  | **10** | - |",
                ])
            #expect(korean.stdoutLines.last == "> 예측할 이력이 없어 주문하지 않음: mango")
        }
    }

    /// A forecast that wants more than a line may order (1,000,000,000
    /// units, the most a stock holds) is held there, and said: in text,
    /// Markdown and JSON, in English and Korean; the JSON saved is an order
    /// `receive` books.
    @Test func aLineHeldAtTheMostALineOrdersIsSaid() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/menu.yaml",
                """
                fruits:
                  kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 1, supplier: market }
                suppliers:
                  market: { leadDays: 0, every: 2 }
                recipes:
                  kiwi: { kiwi: 1 }

                """)
            let (text, korean, json) = try await LocalDate.onOneDay(in: Self.utcZone) { now in
                // 1,000,000,000 kiwis delivered and used a day, 1 left (never out
                // of stock): 2.4 billion wanted over 2 days.
                let journal = (1...28).reversed().enumerated().map { index, back in
                    let day = Self.date(now, plus: -back)
                    return "{\"id\":\(2 * index + 1),\"time\":\"\(day)T08:00:00Z\",\"kind\":\"adjust\","
                        + "\"reason\":\"delivery\",\"changes\":{\"kiwi\":1000000000}}\n"
                        + "{\"id\":\(2 * index + 2),\"time\":\"\(day)T12:00:00Z\",\"kind\":\"make\","
                        + "\"orders\":{\"kiwi\":1000000000},\"changes\":{\"kiwi\":-1000000000}}\n"
                }
                try sandbox.write("inventory.yaml.journal", journal.joined())
                try sandbox.write("inventory.yaml", "kiwi: 1\n")
                let text = try await sandbox.juice(arguments: ["order", "--forecast"], environment: Self.utc)
                let korean = try await sandbox.juice(
                    arguments: ["order", "--forecast", "--locale", "ko", "--format", "markdown"], environment: Self.utc)
                let json = try await sandbox.juice(
                    arguments: ["order", "--forecast", "--format", "json"], environment: Self.utc)
                return (text, korean, json)
            }
            #expect(text.exitCode == 0, "\(text.stderr)")
            #expect(
                text.stdoutLines.last
                    == "Held at 1000000000 units, the most a line orders, though the forecast wants more: Kiwi")
            #expect(korean.stdoutLines.last == "> 예측은 더 많이 필요하지만 한 줄의 최대 주문량인 1000000000개로 줄임: 키위")
            let document = try json.json()
            #expect(document["heldAtMaximum"] == ["kiwi"])
            #expect(document["suppliers"]?[0]?["lines"]?[0]?["units"] == 1_000_000_000)
            #expect(document["suppliers"]?[0]?["lines"]?[0]?["forecast"] == 2_400_000_000)
            // 5 came (a billion more would pass the most a stock holds).
            try sandbox.write("order.json", json.stdout)
            let received = try await sandbox.juice(
                arguments: ["receive", "order.json", "kiwi=5", "--dry-run"], environment: Self.utc)
            #expect(received.exitCode == 0, "\(received.stderr)")
            #expect(received.stderr.isEmpty)
        }
    }

    @Test func anEmptyOrderByTheForecastSaysWhy() async throws {
        try await Sandbox.with { sandbox in
            // Every fruit of a supplier covered by its unexpired stock.
            let covered = try await run(["order", "--forecast"], in: sandbox, stock: ["banana: 100", "kiwi: 100"])
            #expect(
                covered.stdoutLines
                    == [
                        "Nothing to order: the unexpired stock covers the forecast of every fruit of a supplier.",
                        "Not ordered, no history to forecast from: mango",
                    ])
            // ... and by what is on order (the banana's 6).
            let onOrder = try await run(["order", "--forecast"], in: sandbox, stock: ["banana: 9", "kiwi: 100"])
            #expect(
                onOrder.stdoutLines.first
                    == "Nothing to order: the unexpired stock and what is on order cover the forecast of every fruit of a supplier (juice orders lists it)."
            )
            let korean = try await run(
                ["order", "--forecast", "--locale", "ko"], in: sandbox, stock: ["banana: 100", "kiwi: 100"])
            #expect(
                korean.stdoutLines.first == "주문할 것이 없습니다: 유통 기한이 남은 재고가 공급처가 있는 모든 과일의 예측을 채웁니다.")
            // No fruit names a supplier.
            try sandbox.write("recipes/menu.yaml", "fruits:\n  kiwi: 3\nrecipes:\n  kiwi: { kiwi: 1 }\n")
            try sandbox.write("inventory.yaml", "kiwi: 3\n")
            let none = try await sandbox.juice(arguments: ["order", "--forecast"], environment: Self.utc)
            #expect(
                none.stdoutLines == [
                    "Nothing to order: no fruit of the menu names a supplier (an order by the forecast is per supplier)."
                ])
        }
    }

    @Test func safetyWithoutForecastOrOutOfRangeIsAUsageError() async throws {
        try await Sandbox.with { sandbox in
            let alone = try await run(["order", "--safety", "0.3"], in: sandbox)
            #expect(alone.exitCode == 64)
            #expect(
                alone.stderrLines.last
                    == "error: --safety is the margin of an order by the forecast: give it with --forecast")
            let json = try await run(["order", "--safety", "0.3", "--format", "json"], in: sandbox)
            #expect(json.exitCode == 64)
            #expect(try json.json()["error"] == "usage")
            for bad in ["-0.1", "10.5", "nan", "x"] {
                // `--safety=-0.1` and `--safety -0.1` alike.
                for arguments in [["--safety=\(bad)"], ["--safety", bad]] {
                    let result = try await run(["order", "--forecast"] + arguments, in: sandbox)
                    #expect(result.exitCode == 64)
                    #expect(
                        result.stderrLines.last
                            == "error: invalid --safety '\(bad)': expected a fraction from 0 to 10 of the forecast, such as 0.2"
                    )
                }
            }
            let zero = try await run(["order", "--forecast", "--safety", "0", "--format", "json"], in: sandbox)
            #expect(try zero.json()["suppliers"] == Self.expectedSuppliers(0))
        }
    }

    @Test func aPlacedForecastOrderIsOnOrderAndASavedOneIsReceived() async throws {
        try await Sandbox.with { sandbox in
            let placed = try await run(["order", "--forecast", "--place", "--format", "json"], in: sandbox)
            #expect(placed.exitCode == 0, "\(placed.stderr)")
            // Entry 30 books the inventory written by hand; 31 places the order.
            #expect(try placed.json()["order"] == 31)
            // Now on order: the banana's 6 more and the kiwi's 10 cover them;
            // the strawberry's cap is its shelf life's use whatever is on order.
            let again = try await run(["order", "--forecast", "--format", "json"], in: sandbox, write: false)
            var strawberry = Self.expected()[0].lines[0]
            strawberry.onOrder = 12
            #expect(try again.json()["suppliers"]?[0]?["lines"] == .array([strawberry.json(0.2)]))
            #expect(try again.json()["suppliers"]?.items.count == 1)

            let saved = try await run(["order", "--forecast", "--format", "json"], in: sandbox)
            try sandbox.write("order.json", saved.stdout)
            let received = try await run(["receive", "order.json"], in: sandbox, write: false)
            #expect(received.exitCode == 0, "\(received.stderr)")
            let report = try await run(["report", "--format", "json"], in: sandbox, write: false)
            #expect(try report.json()["inventory"]?["banana"] == 11)
            #expect(try report.json()["inventory"]?["kiwi"] == 12)
            #expect(try report.json()["inventory"]?["strawberry"] == 21)
        }
    }

    @Test func aChainOrdersEachStoreByItsForecastAndTotalsThem() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            try sandbox.write(
                "recipes/stores.yaml",
                """
                stores:
                  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }
                  hongdae: { menu: menu.yaml, inventory: ../state/hongdae.yaml }

                """)
            let (result, csv) = try await LocalDate.onOneDay(in: Self.utcZone) { now in
                for (store, kiwi) in [("gangnam", 2), ("hongdae", 0)] {
                    try sandbox.write("state/\(store).yaml.journal", Self.journal(now))
                    try sandbox.write("state/\(store).yaml", Self.inventory(now, kiwi: kiwi))
                }
                let result = try await sandbox.juice(
                    arguments: ["order", "--forecast", "--stores", "recipes/stores.yaml", "--format", "json"],
                    environment: Self.utc)
                let csv = try await sandbox.juice(
                    arguments: ["order", "--forecast", "--stores", "recipes/stores.yaml", "--format", "csv"],
                    environment: Self.utc)
                return (result, csv)
            }
            #expect(result.exitCode == 0, "\(result.stderr)")
            let json = try result.json()
            #expect(json["safety"] == .number(0.2))
            #expect(json["stores"]?[0]?["suppliers"] == Self.expectedSuppliers(0.2))
            #expect(json["stores"]?[1]?["suppliers"] == Self.expectedSuppliers(0.2, kiwi: 0))
            #expect(json["stores"]?[1]?["withoutHistory"] == ["mango"])
            // Each store's order says its safety margin, as one store's does.
            #expect(json["stores"]?.items.map { $0["safety"] } == [.number(0.2), .number(0.2)])
            let total = json["total"]?["suppliers"]
            let kiwis = [2, 0].map { Self.expected(kiwi: $0)[1].lines[0].packs(0.2) }.reduce(0, +)
            #expect(total?[1]?["lines"]?[0]?["units"] == .number(Double(kiwis)))
            #expect(total?[1]?["lines"]?[0]?["forecast"] == 24)
            #expect(total?[0]?["lines"]?[0]?["capped"] == true)
            #expect(total?[0]?["lines"]?[0]?["units"] == 24)
            #expect(
                csv.stdoutLines.first
                    == "store,supplier,fruit,name,have,onOrder,forecast,cap,capped,units,packs,cost")
            #expect(csv.stdoutLines.last == "*,market,kiwi,Kiwi,2,0,24.00,30.00,false,22,22,")
        }
    }
}
