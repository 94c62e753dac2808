import Foundation
import TestSupport
import Testing

/// Money in `juice usage` (SPEC 16), in every format and for a chain, and
/// totals past what a 64-bit number holds printed exactly ("Numbers never
/// wrap").
@Suite struct UsageMoneyOutputTests {
    private let menu = """
        fruits:
          banana: { stock: 50, cost: 1000000000 }
          kiwi: 20
        recipes:
          banana: { uses: { banana: 1 }, price: 1000000000 }
          kiwi: { uses: { kiwi: 1 } }

        """

    /// Ten makes of 10^9 servings at 10^9 each: 10^19 in revenue and in
    /// cost, past `Int.max` (about 9.2 × 10^18); a waste of 3 bananas; a
    /// kiwi juice, which has no price, of a kiwi, which has no cost.
    private var journal: String {
        (1...10).map { id in
            #"{"id":\#(id),"time":"2026-11-26T09:00:0\#(id % 10)Z","kind":"make","orders":{"banana":1000000000},"changes":{"banana":-1000000000}}"#
        }.joined(separator: "\n") + "\n"
            + #"{"id":11,"time":"2026-11-26T10:00:00Z","kind":"adjust","reason":"waste","changes":{"banana":-3}}"#
            + "\n"
            + #"{"id":12,"time":"2026-11-26T10:01:00Z","kind":"make","orders":{"kiwi":1},"changes":{"kiwi":-1}}"#
            + "\n"
    }

    @Test func revenueAndCostsAreShownExactlyAndNullOverAMissingPrice() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", menu)
            try sandbox.write("inventory.yaml.journal", journal)
            let store = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]
            let text = try await sandbox.juice(arguments: ["usage"] + store, environment: ["TZ": "UTC"])
            #expect(text.exitCode == 0)
            #expect(
                text.stdoutLines == [
                    "RECIPE         MADE               REVENUE", "banana  10000000000  10000000000000000000",
                    "kiwi              1                     -", "TOTAL                                   -", "",
                    "FRUIT          USED  DELIVERED  WASTED  COUNTED             USED COST  WASTED COST",
                    "banana  10000000000          0       3        0  10000000000000000000   3000000000",
                    "kiwi              1          0       0        0                     -            0",
                    "TOTAL                                                               -   3000000000",
                ])
            #expect(
                text.stderr.split(separator: "\n").map(String.init) == [
                    "menu.yaml:1:1: warning: recipes without a price: 'kiwi'; the revenue over them is not known (null); give each a `price:` in the menu [missing-key]",
                    "menu.yaml:1:1: warning: fruits without a cost: 'kiwi'; the cost of what was used or wasted of them is not known (null); give each a `cost:` in the menu [missing-key]",
                ])
            let csv = try await sandbox.juice(
                arguments: ["usage", "--format", "csv"] + store, environment: ["TZ": "UTC"])
            #expect(
                csv.stdoutLines == [
                    "kind,id,servings,used,delivered,wasted,counted,revenue,usedCost,wastedCost",
                    "recipe,banana,10000000000,,,,,10000000000000000000,,", "recipe,kiwi,1,,,,,,,",
                    "fruit,banana,,10000000000,0,3,0,,10000000000000000000,3000000000", "fruit,kiwi,,1,0,0,0,,,0",
                    "total,,,,,,,,,3000000000",
                ])
            let markdown = try await sandbox.juice(
                arguments: ["usage", "--format", "markdown"] + store, environment: ["TZ": "UTC"])
            #expect(
                markdown.stdoutLines == [
                    "| Recipe | Made | Revenue |", "| --- | ---: | ---: |",
                    "| banana | 10000000000 | 10000000000000000000 |", "| kiwi | 1 | – |", "| TOTAL |  | – |", "",
                    "| Fruit | Used | Delivered | Wasted | Counted | Used cost | Wasted cost |",
                    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
                    "| banana | 10000000000 | 0 | 3 | 0 | 10000000000000000000 | 3000000000 |",
                    "| kiwi | 1 | 0 | 0 | 0 | – | 0 |", "| TOTAL |  |  |  |  | – | 3000000000 |",
                ])
            let json = try await sandbox.juice(
                arguments: ["usage", "--format", "json"] + store, environment: ["TZ": "UTC"])
            // The numbers as written, digit for digit.
            for line in [
                #""banana" : 10000000000000000000"#, #""usedCost" : 10000000000000000000"#,
                #""kiwi" : null"#, #""revenue" : null"#, #""usedCost" : null"#, #""wastedCost" : 3000000000"#,
            ] {
                #expect(json.stdout.contains(line), "\(line)")
            }
            let parsed = try json.json()
            #expect(
                parsed["total"] == .object(["revenue": .null, "usedCost": .null, "wastedCost": .number(3_000_000_000)]))
            #expect(parsed["fruits"]?["kiwi"]?["usedCost"] == .null)
            #expect(parsed["fruits"]?["kiwi"]?["wastedCost"] == .number(0))
            #expect(parsed["diagnostics"]?.items.count == 2)
            // Without the kiwi juice, every total is known.
            let banana = try await sandbox.juice(
                arguments: ["usage", "--until", "2026-11-26T10:01:00Z", "--format", "csv"] + store,
                environment: ["TZ": "UTC"])
            #expect(banana.stdoutLines.last == "total,,,,,,,10000000000000000000,10000000000000000000,3000000000")
            #expect(banana.stderr.isEmpty)
        }
    }

    /// Each store's money by its own menu, and the chain's: the sum of
    /// the stores', 2 × 10^19, exact.
    @Test func aChainsMoneyIsEachStoresAndTheirSum() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", menu)
            try sandbox.write("a/inventory.yaml.journal", journal)
            try sandbox.write("b/inventory.yaml.journal", journal)
            try sandbox.write(
                "stores.yaml",
                "stores:\n  a: { menu: menu.yaml, inventory: a/inventory.yaml }\n"
                    + "  b: { menu: menu.yaml, inventory: b/inventory.yaml }\n")
            let json = try await sandbox.juice("usage", "--stores", "stores.yaml", "--format", "json")
            #expect(json.exitCode == 0)
            let parsed = try json.json()
            #expect(parsed["stores"]?[0]?["total"]?["wastedCost"] == .number(3_000_000_000))
            #expect(parsed["stores"]?[1]?["revenue"]?["kiwi"] == .null)
            #expect(parsed["total"]?["total"]?["wastedCost"] == .number(6_000_000_000))
            #expect(json.stdout.contains(#""banana" : 20000000000000000000"#))
            #expect(json.stdout.contains(#""usedCost" : 20000000000000000000"#))
            let csv = try await sandbox.juice("usage", "--stores", "stores.yaml", "--format", "csv")
            #expect(
                csv.stdoutLines.first
                    == "store,kind,id,servings,used,delivered,wasted,counted,revenue,usedCost,wastedCost")
            #expect(csv.stdoutLines.contains(",recipe,banana,20000000000,,,,,20000000000000000000,,"))
            #expect(csv.stdoutLines.last == ",total,,,,,,,,,6000000000")
        }
    }

    /// A store whose journal cannot be read (a folder in its place) stays
    /// in the chain's JSON, in the manifest's order, with empty maps and a
    /// `null` total, by period and by day; the warnings of the stores after
    /// it are said at their own menus (they were said at the menu of the
    /// store before, the stores matched to the manifest's menus by place).
    @Test func aStoreWhoseJournalCannotBeReadStaysInTheChainsJSON() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", menu)
            try sandbox.write("b/menu.yaml", menu)
            try FileManager.default.createDirectory(
                at: sandbox.file("a/inventory.yaml.journal"), withIntermediateDirectories: true)
            try sandbox.write("b/inventory.yaml.journal", journal)
            try sandbox.write(
                "stores.yaml",
                "stores:\n  a: { menu: menu.yaml, inventory: a/inventory.yaml }\n"
                    + "  b: { menu: b/menu.yaml, inventory: b/inventory.yaml }\n")
            let json = try await sandbox.juice(
                arguments: ["usage", "--stores", "stores.yaml", "--format", "json"], environment: ["TZ": "UTC"])
            #expect(json.exitCode == 65)
            let parsed = try json.json()
            #expect(parsed["stores"]?.items.map { $0["store"]?.string } == ["a", "b"])
            #expect(
                parsed["stores"]?[0]
                    == .object([
                        "store": .string("a"), "recipes": .object([:]), "revenue": .object([:]),
                        "fruits": .object([:]),
                        "total": .object(["revenue": .null, "usedCost": .null, "wastedCost": .null]),
                    ]))
            #expect(parsed["stores"]?[1]?["recipes"]?["kiwi"] == .number(1))
            #expect(parsed["total"]?["total"]?["wastedCost"] == .number(3_000_000_000))
            #expect(
                parsed["diagnostics"]?.items.map { "\($0["file"]?.string ?? ""):\($0["code"]?.string ?? "")" } == [
                    "stores.yaml:missing-file", "b/menu.yaml:missing-key", "b/menu.yaml:missing-key",
                ])
            let text = try await sandbox.juice(
                arguments: ["usage", "--stores", "stores.yaml"], environment: ["TZ": "UTC"])
            #expect(text.exitCode == 65)
            #expect(text.stderrLines.filter { $0.hasPrefix("b/menu.yaml:1:1: warning:") }.count == 2)
            #expect(!text.stderr.contains("\nmenu.yaml:1:1:") && !text.stderr.hasPrefix("menu.yaml"))
            let days = try await sandbox.juice(
                arguments: ["usage", "--stores", "stores.yaml", "--by", "day", "--format", "json"],
                environment: ["TZ": "UTC"])
            #expect(days.exitCode == 65)
            let byDay = try days.json()
            #expect(byDay["stores"]?[0] == .object(["store": .string("a"), "days": .array([])]))
            #expect(byDay["stores"]?[1]?["days"]?.items.map { $0["day"]?.string } == ["2026-11-26"])
        }
    }
}
