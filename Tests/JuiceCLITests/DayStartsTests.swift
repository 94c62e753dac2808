import Foundation
import TestSupport
import Testing

/// The business day (SPEC 16): with `dayStarts: "05:00"`, a sale at 01:30
/// belongs to the day before; a day is labelled by the date it starts on;
/// a date given to `--since` or `--until` is the start of that business
/// day; a store's menu's `dayStarts` wins over the manifest's.
@Suite struct DayStartsTests {
    private let seoul: [String: String?] = ["TZ": "Asia/Seoul"]

    /// Times in Seoul (UTC+9), each entry's servings a power of ten so that
    /// every sum says which entries it holds: 04:59:59 and 05:00 on the
    /// 26th, 01:30, 04:59:59 and 05:00 on the 27th.
    private let journal = """
        {"id":1,"time":"2026-11-25T19:59:59Z","kind":"make","orders":{"banana":10000},"changes":{"banana":-10000}}
        {"id":2,"time":"2026-11-25T20:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-1}}
        {"id":3,"time":"2026-11-26T16:30:00Z","kind":"make","orders":{"banana":10},"changes":{"banana":-10}}
        {"id":4,"time":"2026-11-26T19:59:59Z","kind":"make","orders":{"banana":100},"changes":{"banana":-100}}
        {"id":5,"time":"2026-11-26T20:00:00Z","kind":"make","orders":{"banana":1000},"changes":{"banana":-1000}}

        """

    private func menu(dayStarts: String?) -> String {
        (dayStarts.map { "dayStarts: \"\($0)\"\n" } ?? "")
            + "fruits: { banana: 50000 }\nrecipes:\n  banana: { uses: { banana: 1 }, price: 3 }\n"
    }

    @Test func aSaleBeforeTheDayStartsBelongsToTheDayBefore() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", menu(dayStarts: "05:00"))
            try sandbox.write("inventory.yaml.journal", journal)
            let store = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]
            let log = try await sandbox.juice(
                arguments: ["log", "--by", "day", "--format", "csv"] + store, environment: seoul)
            #expect(log.exitCode == 0, "\(log.stderr)")
            #expect(
                log.stdoutLines == [
                    "day,entries,changes", "2026-11-25,1,banana:-10000", "2026-11-26,3,banana:-111",
                    "2026-11-27,1,banana:-1000",
                ])
            // A date is the start of its business day: 05:00 on the 26th
            // to 05:00 on the 27th.
            let usage = try await sandbox.juice(
                arguments: ["usage", "--since", "2026-11-26", "--until", "2026-11-27", "--format", "csv"] + store,
                environment: seoul)
            #expect(usage.stdoutLines.contains("recipe,banana,111,,,,,333,,"), "\(usage.stdout)")
            let byDay = try await sandbox.juice(
                arguments: ["usage", "--by", "day", "--format", "json"] + store, environment: seoul)
            let days = try byDay.json()["days"]?.items ?? []
            #expect(days.map { $0["day"] } == [.string("2026-11-25"), .string("2026-11-26"), .string("2026-11-27")])
            #expect(days.map { $0["recipes"]?["banana"] } == [.number(10000), .number(111), .number(1000)])
            #expect(days.map { $0["total"]?["revenue"] } == [.number(30000), .number(333), .number(3000)])
            // The variance's period is the same business day.
            let variance = try await sandbox.juice(
                arguments: ["variance", "--since", "2026-11-27", "--format", "json"] + store, environment: seoul)
            #expect(try variance.json()["fruits"]?[0]?["used"] == .number(1000))
            // Without `dayStarts`, the days are the calendar's.
            try sandbox.write("menu.yaml", menu(dayStarts: nil))
            let midnight = try await sandbox.juice(
                arguments: ["log", "--by", "day", "--format", "csv"] + store, environment: seoul)
            #expect(
                midnight.stdoutLines == [
                    "day,entries,changes", "2026-11-26,2,banana:-10001", "2026-11-27,3,banana:-1110",
                ])
        }
    }

    /// `today` and `yesterday` from the clock: the business day started at
    /// the whole hour after next of yesterday (between 22 and 23 hours
    /// ago, and so for at least an hour however slowly the test runs), so
    /// an entry of 21 hours ago is today's and one of 40 hours ago
    /// yesterday's.
    @Test func todayAndYesterdayAreBusinessDays() async throws {
        try await Sandbox.with { sandbox in
            let now = Date()
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let hour = (utc.component(.hour, from: now) + 2) % 24
            let dayStarts = (hour < 10 ? "0" : "") + "\(hour):00"
            try sandbox.write("menu.yaml", menu(dayStarts: dayStarts))
            let formatter = ISO8601DateFormatter()
            let old = formatter.string(from: now.addingTimeInterval(-40 * 3600))
            let recent = formatter.string(from: now.addingTimeInterval(-21 * 3600))
            try sandbox.write(
                "inventory.yaml.journal",
                """
                {"id":1,"time":"\(old)","kind":"make","orders":{"banana":1},"changes":{"banana":-1}}
                {"id":2,"time":"\(recent)","kind":"make","orders":{"banana":10},"changes":{"banana":-10}}

                """)
            func ids(_ arguments: String...) async throws -> [Int] {
                let result = try await sandbox.juice(
                    arguments: ["log", "--menu", "menu.yaml", "--format", "csv"] + arguments, environment: ["TZ": "UTC"]
                )
                #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
                return result.stdoutLines.dropFirst().compactMap { Int($0.prefix { $0 != "," }) }
            }
            #expect(try await ids("--since", "today") == [2], "dayStarts \(dayStarts)")
            #expect(try await ids("--since", "1d") == [2])
            #expect(try await ids("--since", "yesterday") == [1, 2])
            #expect(try await ids("--since", "yesterday", "--until", "today") == [1])
            #expect(try await ids("--since", "2d", "--until", "1d") == [1])
        }
    }

    /// Each store reads the period by its own business day: the manifest's
    /// `05:00` for one, its menu's `02:00` for the other.
    @Test func aStoresMenuWinsOverTheManifest() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("plain.yaml", menu(dayStarts: nil))
            try sandbox.write("late.yaml", menu(dayStarts: "02:00"))
            try sandbox.write("a/inventory.yaml.journal", journal)
            try sandbox.write("b/inventory.yaml.journal", journal)
            try sandbox.write(
                "stores.yaml",
                "dayStarts: \"05:00\"\nstores:\n  a: { menu: plain.yaml, inventory: a/inventory.yaml }\n"
                    + "  b: { menu: late.yaml, inventory: b/inventory.yaml }\n")
            let result = try await sandbox.juice(
                "usage", "--stores", "stores.yaml", "--by", "day", "--format", "json", environment: seoul)
            #expect(result.exitCode == 0, "\(result.stderr)")
            let json = try result.json()
            func days(_ store: Int) -> [String: JSON?] {
                Dictionary(
                    uniqueKeysWithValues: (json["stores"]?[store]?["days"]?.items ?? []).map {
                        ($0["day"]?.string ?? "", $0["recipes"]?["banana"])
                    })
            }
            #expect(days(0) == ["2026-11-25": .number(10000), "2026-11-26": .number(111), "2026-11-27": .number(1000)])
            // 04:59:59 on the 26th is after b's 02:00; 04:59:59 on the 27th too.
            #expect(days(1) == ["2026-11-26": .number(10011), "2026-11-27": .number(1100)])
            let since = try await sandbox.juice(
                "usage", "--stores", "stores.yaml", "--since", "2026-11-27", "--format", "json", environment: seoul)
            #expect(try since.json()["stores"]?[0]?["recipes"]?["banana"] == .number(1000))
            #expect(try since.json()["stores"]?[1]?["recipes"]?["banana"] == .number(1100))
            #expect(try since.json()["total"]?["recipes"]?["banana"] == .number(2100))
            let variance = try await sandbox.juice(
                "variance", "--stores", "stores.yaml", "--since", "2026-11-27", "--format", "json", environment: seoul)
            #expect(variance.exitCode == 0)
            #expect(try variance.json()["stores"]?[0]?["fruits"]?[0]?["used"] == .number(1000))
            #expect(try variance.json()["stores"]?[1]?["fruits"]?[0]?["used"] == .number(1100))
        }
    }

    /// A `dayStarts` that is not a quoted time is an error at its place
    /// (exit 65), for `validate` and every command.
    @Test func aBadDayStartsIsAnErrorAtItsPlace() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", menu(dayStarts: nil) + "dayStarts: 5:00\n")
            let result = try await sandbox.juice("validate", "--menu", "menu.yaml")
            #expect(result.exitCode == 65)
            #expect(
                result.stderr.contains(
                    "menu.yaml:4:12: error: 'dayStarts' must be a time in quotes, \"HH:MM\" from \"00:00\" to \"23:59\", not '5:00' [invalid-time]"
                ), "\(result.stderr)")
            let usage = try await sandbox.juice("usage", "--menu", "menu.yaml")
            #expect(usage.exitCode == 65)
        }
    }

    /// A manifest's bad `dayStarts` is every store's: `--store` refuses it
    /// at its place as `--stores` does (it read the store by midnight days
    /// without a word).
    @Test func aManifestsBadDayStartsIsAnErrorForOneStoreToo() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("plain.yaml", menu(dayStarts: nil))
            try sandbox.write("a/inventory.yaml.journal", journal)
            try sandbox.write(
                "stores.yaml", "dayStarts: \"24:00\"\nstores:\n  a: { menu: plain.yaml, inventory: a/inventory.yaml }\n"
            )
            for command in [["log", "--by", "day"], ["usage"], ["variance"]] {
                let result = try await sandbox.juice(
                    arguments: command + ["--stores", "stores.yaml", "--store", "a"], environment: seoul)
                #expect(result.exitCode == 65)
                #expect(
                    result.stderr.contains(
                        "stores.yaml:1:12: error: 'dayStarts' must be a time in quotes, \"HH:MM\" from \"00:00\" to \"23:59\", not '24:00' in quotes [invalid-time]"
                    ), "\(result.stderr)")
            }
        }
    }
}
