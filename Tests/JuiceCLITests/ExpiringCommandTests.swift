import Foundation
import TestSupport
import Testing

/// `juice expiring` end to end (SPEC 18): the real binary over a store
/// that used 10 kiwis and 3 mangoes every day of five weeks, so that the
/// forecast is 10 and 3 a day, and lots dated from today; every figure
/// worked out here by hand, day by day. (The simulation is checked
/// against the test's own, with halves, in `JuiceMakerTests.ExpiringTests`.)
@Suite struct ExpiringCommandTests {
    private let utc: [String: String?] = ["TZ": "UTC"]

    private static let menu = """
        fruits:
          kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 100000, cost: 3, shelfLife: 5 }
          mango: { name: { en: Mango, ko: 망고 }, stock: 100000, shelfLife: 3 }
          banana: { name: { en: Banana, ko: 바나나 }, stock: 100000 }
        recipes:
          kiwi: { uses: { kiwi: 1 } }
          mango: { uses: { mango: 1 } }
          banana: { uses: { banana: 1 } }

        """

    /// The UTC date `days` after today.
    private static func day(_ days: Int) -> String {
        WasteCommandTests.date(daysFromToday: days)
    }

    /// 35 days of makes before today: 10 kiwis and 3 mangoes a day.
    private static func journal() -> String {
        var text = ""
        for back in stride(from: 35, through: 1, by: -1) {
            let date = day(-back)
            let id = (35 - back) * 2
            text +=
                "{\"id\":\(id + 1),\"time\":\"\(date)T12:00:00Z\",\"kind\":\"make\",\"orders\":{\"kiwi\":10},"
                + "\"changes\":{\"kiwi\":-10}}\n"
                + "{\"id\":\(id + 2),\"time\":\"\(date)T13:00:00Z\",\"kind\":\"make\",\"orders\":{\"mango\":3},"
                + "\"changes\":{\"mango\":-3}}\n"
        }
        return text
    }

    /// Kiwi: 4 expired (all spoil); 25 of today, 10 used, 15 spoil; 13 of
    /// tomorrow, 10 used, 3 spoil; 30 of the fourth day, used in time. 22
    /// kiwis, 66 at 3. Mango: 5 of tomorrow, 3 a day from today: today's 3
    /// and tomorrow's 2 of them, the undated lot after: none spoils.
    private static func inventory() -> String {
        "kiwi: [{count: 4, bestBefore: \(day(-1))}, {count: 25, bestBefore: \(day(0))}, "
            + "{count: 13, bestBefore: \(day(1))}, {count: 30, bestBefore: \(day(4))}, {count: 7}]\n"
            + "mango: [{count: 5, bestBefore: \(day(1))}, {count: 6}]\nbanana: 9\n"
    }

    /// Runs `juice expiring` over the store (written again when the day
    /// turned while it ran); `nil` when it turned twice.
    private func run(_ arguments: [String], in sandbox: Sandbox) async throws -> (today: String, ProcessResult)? {
        try sandbox.write("menu.yaml", Self.menu)
        for _ in 0..<2 {
            let today = Self.day(0)
            try sandbox.write("inventory.yaml", Self.inventory())
            try sandbox.write("inventory.yaml.journal", Self.journal())
            let result = try await sandbox.juice(
                arguments: ["expiring", "--menu", "menu.yaml", "--inventory", "inventory.yaml"] + arguments,
                environment: utc)
            if Self.day(0) == today { return (today, result) }
        }
        Issue.record("the day changed twice while expiring ran")
        return nil
    }

    @Test func jsonGivesTheLotsOfTheWindowAndTheProjectedWaste() async throws {
        try await Sandbox.with { sandbox in
            guard let (_, result) = try await run(["--format", "json"], in: sandbox) else { return }
            #expect(result.exitCode == 0, "\(result.stderr)")
            let document = try result.json()
            #expect(document.keys.sorted() == ["diagnostics", "lots", "projectedWaste", "total"])
            func lot(_ fruit: String, _ count: Int, _ date: String, _ cost: JSON, _ expired: Bool) -> JSON {
                .object([
                    "fruit": .string(fruit), "count": .number(Double(count)), "bestBefore": .string(date),
                    "cost": cost, "expired": .bool(expired),
                ])
            }
            #expect(
                document["lots"]
                    == .array([
                        lot("kiwi", 4, Self.day(-1), .number(12), true),
                        lot("kiwi", 25, Self.day(0), .number(75), false),
                        lot("kiwi", 13, Self.day(1), .number(39), false), lot("mango", 5, Self.day(1), .null, false),
                    ]))
            #expect(
                document["projectedWaste"]
                    == .array([.object(["fruit": .string("kiwi"), "count": .number(22), "cost": .number(66)])]))
            #expect(document["total"] == .object(["projectedWasteCost": .number(66)]))
            #expect(document["diagnostics"] == .array([]))

            guard let (_, wider) = try await run(["--within", "5d", "--format", "json"], in: sandbox) else { return }
            #expect(wider.exitCode == 0)
            #expect(try wider.json()["lots"]?.items.map { $0["count"] } == [4, 25, 13, 5, 30].map { .number($0) })
        }
    }

    @Test func textAndCSVInEnglishAndKorean() async throws {
        try await Sandbox.with { sandbox in
            guard let (today, text) = try await run([], in: sandbox) else { return }
            #expect(text.exitCode == 0)
            let (expired, tomorrow) = (Self.day(-1), Self.day(1))
            #expect(
                text.stdoutLines == [
                    "Lots expired or best before \(tomorrow) at the latest:",
                    "FRUIT  BEST BEFORE  COUNT  COST",
                    "Kiwi   \(expired)       4    12  expired",
                    "Kiwi   \(today)      25    75",
                    "Kiwi   \(tomorrow)      13    39",
                    "Mango  \(tomorrow)       5     -",
                    "",
                    "Projected waste, if use follows the forecast:",
                    "FRUIT  COUNT  COST",
                    "Kiwi      22    66",
                    "TOTAL           66",
                ])
            guard let (_, korean) = try await run(["--locale", "ko"], in: sandbox) else { return }
            #expect(korean.stdoutLines.first == "기한이 지났거나 \(tomorrow)까지인 로트:")
            #expect(korean.stdoutLines[2] == "키위  \(expired)     4    12  기한 지남")
            #expect(korean.stdoutLines[7] == "예측대로 쓰면 버리게 될 양:")
            #expect(korean.stdoutLines.last == "합계          66")
            guard let (_, csv) = try await run(["--format", "csv"], in: sandbox) else { return }
            #expect(
                csv.stdoutLines == [
                    "kind,fruit,bestBefore,expired,count,cost", "lot,kiwi,\(expired),true,4,12",
                    "lot,kiwi,\(today),false,25,75", "lot,kiwi,\(tomorrow),false,13,39",
                    "lot,mango,\(tomorrow),false,5,", "waste,kiwi,,,22,66", "total,,,,,66",
                ])
        }
    }

    /// A fruit that will not spoil and a stock with no dated lot: nothing
    /// listed, nothing projected, a total of 0; a fruit with no forecast
    /// spoils all its dated fruit, and is said.
    @Test func nothingToSpoilAndNoForecast() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("inventory.yaml", "kiwi: 4\n")
            let arguments = ["expiring", "--menu", "menu.yaml", "--inventory", "inventory.yaml"]
            let empty = try await sandbox.juice(arguments: arguments, environment: utc)
            #expect(empty.exitCode == 0)
            #expect(
                empty.stdoutLines == [
                    "No lot has expired or is best before \(Self.day(1)) at the latest.", "",
                    "Nothing will spoil if use follows the forecast.",
                ])
            let json = try await sandbox.juice(arguments: arguments + ["--format", "json"], environment: utc).json()
            #expect(json["total"] == .object(["projectedWasteCost": .number(0)]))
            // Out of kiwis every day of the history: no forecast, so the
            // lot of the fifth day spoils.
            try sandbox.write(
                "menu.yaml", Self.menu.replacingOccurrences(of: "stock: 100000, cost", with: "stock: 0, cost"))
            try sandbox.write("inventory.yaml", "kiwi: [{count: 4, bestBefore: \(Self.day(5))}]\n")
            let none = try await sandbox.juice(arguments: arguments + ["--locale", "ko"], environment: utc)
            #expect(none.stdoutLines.last == "예측이 없어(이력에 쓸 수 있는 날이 없음) 쓰지 않는 것으로 보았습니다: 키위")
            #expect(none.stdoutLines.contains("키위     4    12"), "\(none.stdout)")
        }
    }

    @Test(arguments: [
        (["--within", "0d"], "error: --within takes a number of days from 1 to 3650 followed by d (2d), not '0d'."),
        (["--within", "2"], "error: --within takes a number of days from 1 to 3650 followed by d (2d), not '2'."),
        (["--within", "-1d"], "error: --within takes a number of days from 1 to 3650 followed by d (2d), not '-1d'."),
        (
            ["--within", "3651d"],
            "error: --within takes a number of days from 1 to 3650 followed by d (2d), not '3651d'."
        ),
        (["--format", "markdown"], "error: The value 'markdown' is invalid for '--format <format>'"),
        (["--stores", "stores.yaml", "--menu", "menu.yaml"], "error: "),
        (["--stores", "stores.yaml", "--store", "east"], "error: "),
    ])
    func badArgumentsAndUnknownStoresAreUsageErrors(arguments: [String], message: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("stores.yaml", "stores:\n  north: { menu: menu.yaml, inventory: north.yaml }\n")
            let result = try await sandbox.juice(arguments: ["expiring"] + arguments)
            #expect(result.exitCode == 64, "\(result.stderr)")
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// A journal line that does not parse: said, the answer given, exit 65.
    @Test func aBadJournalLineExitsSixtyFive() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("inventory.yaml", "kiwi: [{count: 4, bestBefore: 2020-01-01}]\n")
            try sandbox.write("inventory.yaml.journal", "{\"id\": 1,\n")
            let result = try await sandbox.juice(
                arguments: ["expiring", "--menu", "menu.yaml", "--inventory", "inventory.yaml", "--format", "json"],
                environment: utc)
            #expect(result.exitCode == 65)
            let document = try result.json()
            #expect(document["diagnostics"]?[0]?["severity"] == .string("error"))
            #expect(document["lots"]?[0]?["expired"] == .bool(true))
        }
    }

    /// A store whose menu is missing is said, listed in JSON with nothing,
    /// the others answered, and the run exits 65; with no store read, the
    /// text is empty.
    @Test func aStoreThatCannotBeReadIsSaidAndTheOthersAnswered() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("north/inventory.yaml", "kiwi: [{count: 2, bestBefore: 2020-01-01}]\n")
            try sandbox.write(
                "stores.yaml",
                "stores:\n  north: { menu: menu.yaml, inventory: north/inventory.yaml }\n"
                    + "  south: { menu: nothing.yaml, inventory: south/inventory.yaml }\n")
            let json = try await sandbox.juice(
                arguments: ["expiring", "--stores", "stores.yaml", "--format", "json"], environment: utc)
            #expect(json.exitCode == 65)
            let document = try json.json()
            // South stays listed, with nothing, as `order --stores` lists it.
            #expect(document["stores"]?.items.map { $0["store"]?.string } == ["north", "south"])
            #expect(
                document["stores"]?[1]
                    == .object([
                        "store": .string("south"), "lots": .array([]), "projectedWaste": .array([]), "total": .null,
                    ]))
            #expect(document["total"]?["projectedWaste"]?[0]?["count"] == .number(2))
            #expect(document["diagnostics"]?[0]?["code"] == .string("missing-file"))
            try sandbox.write(
                "stores.yaml", "stores:\n  south: { menu: nothing.yaml, inventory: south/inventory.yaml }\n")
            let text = try await sandbox.juice(arguments: ["expiring", "--stores", "stores.yaml"], environment: utc)
            #expect(text.exitCode == 65)
            #expect(text.stdout.isEmpty)
            #expect(
                text.stderr.contains("error: the menu of store 'south' does not exist (nothing.yaml) [missing-file]"))
        }
    }

    /// Stores on other business days end their windows on other days: the
    /// text's title names each store's last day, in English and Korean.
    @Test func storesOnOtherBusinessDaysEachHaveTheirWindowsLastDay() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            // South's business day starts at 23:59: until then, it is still
            // yesterday's there.
            try sandbox.write("late.yaml", "dayStarts: \"23:59\"\n" + Self.menu)
            try sandbox.write(
                "stores.yaml",
                "stores:\n  north: { menu: menu.yaml, inventory: north/inventory.yaml }\n"
                    + "  south: { menu: late.yaml, inventory: south/inventory.yaml }\n")
            try sandbox.write("south/inventory.yaml", "kiwi: 3\n")
            for _ in 0..<2 {
                let today = Self.day(0)
                let arguments = ["expiring", "--stores", "stores.yaml"]
                try sandbox.write("north/inventory.yaml", "kiwi: [{count: 2, bestBefore: 2020-01-01}]\n")
                let english = try await sandbox.juice(arguments: arguments, environment: utc)
                let korean = try await sandbox.juice(arguments: arguments + ["--locale", "ko"], environment: utc)
                try sandbox.write("north/inventory.yaml", "kiwi: 3\n")
                let none = try await sandbox.juice(arguments: arguments, environment: utc)
                // At 23:59 both days are today's: nothing to see then.
                let now = Calendar(identifier: .gregorian).dateComponents(
                    in: TimeZone(identifier: "UTC")!, from: Date())
                if now.hour == 23 && now.minute == 59 { return }
                // The day may turn meanwhile.
                guard Self.day(0) == today else { continue }
                #expect(english.exitCode == 0, "\(english.stderr)")
                #expect(
                    english.stdoutLines.first
                        == "Lots expired or best before the last day of each store's window at the latest "
                        + "(north \(Self.day(1)), south \(today)):")
                #expect(
                    korean.stdoutLines.first
                        == "기한이 지났거나 매장마다 기간의 마지막 날(north \(Self.day(1)), south \(today))까지인 로트:")
                #expect(
                    none.stdoutLines.first
                        == "No lot has expired or is best before the last day of each store's window at the latest "
                        + "(north \(Self.day(1)), south \(today)).")
                return
            }
            Issue.record("the day changed twice while expiring ran")
        }
    }

    /// With `--stores`: each store's lots and waste, and the chain's as one
    /// store's, in JSON, text and CSV.
    @Test func aChainGivesEachStoreAndTheirTotal() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write(
                "stores.yaml",
                "stores:\n  north: { menu: menu.yaml, inventory: north/inventory.yaml }\n"
                    + "  south: { menu: menu.yaml, inventory: south/inventory.yaml }\n")
            for _ in 0..<2 {
                let today = Self.day(0)
                try sandbox.write("north/inventory.yaml", Self.inventory())
                try sandbox.write("north/inventory.yaml.journal", Self.journal())
                // South has no journal: it used nothing, so every dated lot spoils.
                try sandbox.write(
                    "south/inventory.yaml",
                    "kiwi: [{count: 2, bestBefore: \(Self.day(-1))}, {count: 6, bestBefore: \(today)}]\n")
                let arguments = ["expiring", "--stores", "stores.yaml"]
                let json = try await sandbox.juice(arguments: arguments + ["--format", "json"], environment: utc)
                let text = try await sandbox.juice(arguments: arguments, environment: utc)
                let csv = try await sandbox.juice(arguments: arguments + ["--format", "csv"], environment: utc)
                guard Self.day(0) == today else { continue }
                #expect(json.exitCode == 0, "\(json.stderr)")
                let document = try json.json()
                #expect(document.keys.sorted() == ["diagnostics", "stores", "total"])
                #expect(document["stores"]?.items.map { $0["store"]?.string } == ["north", "south"])
                #expect(document["stores"]?[1]?.keys.sorted() == ["lots", "projectedWaste", "store", "total"])
                #expect(document["total"]?.keys.sorted() == ["lots", "projectedWaste", "total"])
                #expect(
                    document["stores"]?[1]?["projectedWaste"]
                        == .array([.object(["fruit": .string("kiwi"), "count": .number(8), "cost": .number(24)])]))
                #expect(
                    document["total"]?["projectedWaste"]
                        == .array([.object(["fruit": .string("kiwi"), "count": .number(30), "cost": .number(90)])]))
                #expect(document["total"]?["total"] == .object(["projectedWasteCost": .number(90)]))
                #expect(
                    document["total"]?["lots"]?.items.prefix(2).map { [$0["count"], $0["cost"], $0["expired"]] }
                        == [[.number(6), .number(18), .bool(true)], [.number(31), .number(93), .bool(false)]])

                #expect(text.exitCode == 0)
                #expect(text.stdoutLines[1] == "STORE  FRUIT  BEST BEFORE  COUNT  COST")
                #expect(text.stdoutLines.contains("TOTAL  Kiwi      30    90"), "\(text.stdout)")
                #expect(text.stdoutLines.last == "TOTAL  TOTAL           90")
                #expect(csv.stdoutLines.first == "store,kind,fruit,bestBefore,expired,count,cost")
                #expect(csv.stdoutLines.contains("south,waste,kiwi,,,8,24"))
                #expect(csv.stdoutLines.last == "total,total,,,,,90")
                return
            }
            Issue.record("the day changed twice while expiring ran")
        }
    }
}
