import Foundation
import TestSupport
import Testing

/// Times as a person reads them (SPEC 13): text in the local time zone
/// with its offset, JSON and the journal in UTC, and the days a person
/// names for `--since` and `--until`.
@Suite struct LocalTimeTests {
    /// 01:15:45 on the 26th in Seoul, 11:15:45 on the 25th in New York.
    private let make =
        #"{"id":1,"time":"2026-11-25T16:15:45Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}"#

    @Test(arguments: [
        ("Asia/Seoul", "1  2026-11-26T01:15:45+09:00  make  Banana Juice: Banana -2"),
        ("America/New_York", "1  2026-11-25T11:15:45-05:00  make  Banana Juice: Banana -2"),
        ("UTC", "1  2026-11-25T16:15:45+00:00  make  Banana Juice: Banana -2"),
    ])
    func theLogShowsLocalTimesWithTheirOffsetAndJSONStaysUTC(zone: String, line: String) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml.journal", make + "\n")
            let text = try await sandbox.juice("log", environment: ["TZ": zone])
            #expect(text.exitCode == 0)
            #expect(text.stdoutLines == [line])
            let json = try await sandbox.juice("log", "--format", "json", environment: ["TZ": zone])
            #expect(try json.json()["entries"]?[0]?["time"] == .string("2026-11-25T16:15:45Z"))
            let csv = try await sandbox.juice("log", "--format", "csv", environment: ["TZ": zone])
            #expect(csv.stdoutLines.last?.hasPrefix("1,2026-11-25T16:15:45Z,") == true)
        }
    }

    /// A local date is its local midnight: the entry is on the 26th in
    /// Seoul and on the 25th in New York.
    @Test func aDateIsTheLocalDay() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml.journal", make + "\n")
            for (zone, count) in [("Asia/Seoul", 1), ("America/New_York", 0)] {
                let result = try await sandbox.juice(
                    "log", "--since", "2026-11-26", "--format", "csv", environment: ["TZ": zone])
                #expect(result.stdoutLines.count - 1 == count, "\(zone)")
            }
        }
    }

    /// `today`, `yesterday` and `Nd` from the clock: an entry of three days
    /// ago (72 hours) and one of now (all again when the local day changed
    /// while `juice` ran).
    @Test(arguments: ["Asia/Seoul", "America/New_York"])
    func daysAreCountedBackFromLocalMidnight(zone: String) async throws {
        let environment: [String: String?] = ["TZ": zone]
        let periods = [
            ["--since", "today"], ["--since", "1d"], ["--since", "yesterday"], ["--since", "3d"],
            ["--since", "4d"], ["--until", "today"],
        ]
        try await Sandbox.with { sandbox in
            let (logs, usage) = try await LocalDate.onOneDay(in: try #require(TimeZone(identifier: zone))) { now in
                let formatter = ISO8601DateFormatter()
                let old = formatter.string(from: now.addingTimeInterval(-72 * 3600))
                let new = formatter.string(from: now)
                try sandbox.write(
                    "inventory.yaml.journal",
                    """
                    {"id":1,"time":"\(old)","kind":"adjust","reason":"delivery","changes":{"kiwi":2}}
                    {"id":2,"time":"\(new)","kind":"adjust","reason":"waste","changes":{"kiwi":-1}}

                    """)
                var logs: [ProcessResult] = []
                for period in periods {
                    let arguments = ["log", "--format", "csv"] + period
                    logs.append(try await sandbox.juice(arguments: arguments, environment: environment))
                }
                let usage = try await sandbox.juice(
                    "usage", "--since", "today", "--format", "json", environment: environment)
                return (logs, usage)
            }
            let ids = logs.map { result in
                #expect(result.exitCode == 0, "\(result.stderr)")
                return result.stdoutLines.dropFirst().compactMap { Int($0.prefix { $0 != "," }) }
            }
            // Local midnight today is at most 24 hours before now, and 72
            // hours ago is before the midnight of two days ago.
            #expect(ids == [[2], [2], [2], [2], [1, 2], [1]])
            #expect(usage.exitCode == 0)
            #expect(try usage.json()["fruits"]?["kiwi"]?["wasted"] == .number(1))
            #expect(try usage.json()["fruits"]?["kiwi"]?["delivered"] == .number(0))
            for bad in ["0d", "-1d", "tomorrow", "d"] {
                let result = try await sandbox.juice("usage", "--since", bad, environment: environment)
                #expect(result.exitCode == 64, "\(bad)")
            }
        }
    }

    /// 23:00 on the 25th and 01:00 and 10:00 on the 26th in Seoul; two
    /// entries on the 25th and one on the 26th in UTC.
    private let days = """
        {"id":1,"time":"2026-11-25T14:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}
        {"id":2,"time":"2026-11-25T16:00:00Z","kind":"make","orders":{"banana":2},"changes":{"banana":-4}}
        {"id":3,"time":"2026-11-26T01:00:00Z","kind":"adjust","reason":"delivery","changes":{"kiwi":5}}

        """

    @Test func logAndUsageByDayHaveARowPerLocalDay() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml.journal", days)
            let seoul: [String: String?] = ["TZ": "Asia/Seoul"]
            let log = try await sandbox.juice("log", "--by", "day", environment: seoul)
            #expect(log.exitCode == 0)
            #expect(
                log.stdoutLines == [
                    "DAY         ENTRIES  CHANGES", "2026-11-25        1  Banana -2",
                    "2026-11-26        2  Banana -4, Kiwi +5",
                ])
            let csv = try await sandbox.juice("log", "--by", "day", "--format", "csv", environment: ["TZ": "UTC"])
            #expect(csv.stdoutLines == ["day,entries,changes", "2026-11-25,2,banana:-6", "2026-11-26,1,kiwi:5"])
            let json = try await sandbox.juice(
                "log", "--by", "day", "--kind", "make", "--format", "json", environment: seoul)
            #expect(
                try json.json()["days"]
                    == .array([
                        .object([
                            "day": .string("2026-11-25"), "entries": .number(1),
                            "changes": .object(["banana": .number(-2)]),
                        ]),
                        .object([
                            "day": .string("2026-11-26"), "entries": .number(1),
                            "changes": .object(["banana": .number(-4)]),
                        ]),
                    ]))

            // The built-in menu gives no prices and no costs.
            func fruit(used: Double = 0, delivered: Double = 0) -> JSON {
                .object([
                    "used": .number(used), "delivered": .number(delivered), "wasted": .number(0), "counted": .number(0),
                    "usedCost": used == 0 ? .number(0) : .null, "wastedCost": .number(0),
                ])
            }
            let total: JSON = .object(["revenue": .null, "usedCost": .null, "wastedCost": .number(0)])
            let usage = try await sandbox.juice("usage", "--by", "day", "--format", "json", environment: seoul)
            #expect(usage.exitCode == 0)
            #expect(
                try usage.json()
                    == .object([
                        "days": .array([
                            .object([
                                "day": .string("2026-11-25"), "recipes": .object(["banana": .number(1)]),
                                "revenue": .object(["banana": .null]), "fruits": .object(["banana": fruit(used: 2)]),
                                "total": total,
                            ]),
                            .object([
                                "day": .string("2026-11-26"), "recipes": .object(["banana": .number(2)]),
                                "revenue": .object(["banana": .null]),
                                "fruits": .object(["banana": fruit(used: 4), "kiwi": fruit(delivered: 5)]),
                                "total": total,
                            ]),
                        ]),
                        "diagnostics": .array([
                            .object([
                                "file": .string("<built-in menu>"), "line": .number(1), "column": .number(1),
                                "severity": .string("warning"), "code": .string("missing-key"),
                                "message": .string(
                                    "recipes without a price: 'banana'; the revenue over them is not known (null); give each a `price:` in the menu"
                                ),
                            ]),
                            .object([
                                "file": .string("<built-in menu>"), "line": .number(1), "column": .number(1),
                                "severity": .string("warning"), "code": .string("missing-key"),
                                "message": .string(
                                    "fruits without a cost: 'banana'; the cost of what was used or wasted of them is not known (null); give each a `cost:` in the menu"
                                ),
                            ]),
                        ]),
                    ]))
            let text = try await sandbox.juice("usage", "--by", "day", "--since", "2026-11-26", environment: seoul)
            #expect(
                text.stdoutLines == [
                    "2026-11-26", "RECIPE        MADE  REVENUE", "Banana Juice     2        -",
                    "TOTAL                     -", "",
                    "FRUIT   USED  DELIVERED  WASTED  COUNTED  USED COST  WASTED COST",
                    "Banana     4          0       0        0          -            0",
                    "Kiwi       0          5       0        0          0            0",
                    "TOTAL                                             -            0",
                ])
            let usageCSV = try await sandbox.juice(
                "usage", "--by", "day", "--format", "csv", environment: ["TZ": "UTC"])
            #expect(
                usageCSV.stdoutLines == [
                    "day,kind,id,servings,used,delivered,wasted,counted,revenue,usedCost,wastedCost",
                    "2026-11-25,recipe,banana,3,,,,,,,", "2026-11-25,fruit,banana,,6,0,0,0,,,0",
                    "2026-11-25,total,,,,,,,,,0", "2026-11-26,fruit,kiwi,,0,5,0,0,,0,0", "2026-11-26,total,,,,,,,0,0,0",
                ])
        }
    }

    /// A chain by day: each store's days, and each day's total.
    @Test func aChainsUsageByDayHasEachStoresDaysAndEachDaysTotal() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("a/inventory.yaml.journal", days)
            try sandbox.write(
                "b/inventory.yaml.journal",
                #"{"id":1,"time":"2026-11-26T02:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}"#
                    + "\n")
            try sandbox.write(
                "stores.yaml",
                "stores:\n  a: { menu: menu.yaml, inventory: a/inventory.yaml }\n"
                    + "  b: { menu: menu.yaml, inventory: b/inventory.yaml }\n")
            try sandbox.write(
                "menu.yaml", "fruits: { banana: 10, kiwi: 10 }\nrecipes:\n  banana: { uses: { banana: 2 } }\n")
            let result = try await sandbox.juice(
                "usage", "--stores", "stores.yaml", "--by", "day", "--format", "json", environment: ["TZ": "Asia/Seoul"]
            )
            #expect(result.exitCode == 0)
            let json = try result.json()
            #expect(
                json["stores"]?[0]?["days"]?.items.map { $0["day"] } == [.string("2026-11-25"), .string("2026-11-26")])
            #expect(json["stores"]?[1]?["days"]?.items.map { $0["day"] } == [.string("2026-11-26")])
            // The 26th: a's two servings and b's one.
            #expect(json["total"]?["days"]?[1]?["recipes"] == .object(["banana": .number(3)]))
            #expect(json["total"]?["days"]?[1]?["fruits"]?["banana"]?["used"] == .number(6))
            let csv = try await sandbox.juice(
                "usage", "--stores", "stores.yaml", "--by", "day", "--format", "csv", environment: ["TZ": "Asia/Seoul"])
            #expect(
                csv.stdoutLines.first
                    == "day,store,kind,id,servings,used,delivered,wasted,counted,revenue,usedCost,wastedCost")
            #expect(csv.stdoutLines.contains("2026-11-26,,recipe,banana,3,,,,,,,"))
            // b has no entry on the 25th: no rows, not even a total.
            #expect(!csv.stdoutLines.contains { $0.hasPrefix("2026-11-25,b,") })
        }
    }
}
