import Foundation
import TestSupport
import Testing

/// `juice variance`: the counts of a period against the book, checked
/// against a replay of the journal written here, from the spec's words
/// (SPEC 13).
@Suite struct VarianceTests {
    static let menu = """
        fruits:
          banana: { name: { en: Banana, ko: 바나나 }, stock: 10, cost: 300 }
          kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 10, cost: 500 }
          mango: { name: { en: Mango, ko: 망고 }, stock: 10 }
        recipes:
          banana: { uses: { banana: 2 } }
          mangoKiwi: { uses: { kiwi: 1, mango: 2 } }

        """

    /// Two days: a delivery undone the next day, makes, waste, a
    /// correction, a make undone, a count of two fruits, a make after it,
    /// a count written before `counted` existed, and the next morning.
    static let journal = """
        {"id":1,"time":"2026-11-25T09:00:00Z","kind":"adjust","reason":"delivery","changes":{"banana":5}}
        {"id":2,"time":"2026-11-25T10:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}
        {"id":3,"time":"2026-11-25T11:00:00Z","kind":"adjust","reason":"delivery","changes":{"kiwi":4}}
        {"id":4,"time":"2026-11-26T08:00:00Z","kind":"make","orders":{"banana":2,"mangoKiwi":1},"changes":{"banana":-4,"kiwi":-1,"mango":-2}}
        {"id":5,"time":"2026-11-26T09:00:00Z","kind":"adjust","reason":"delivery","changes":{"banana":12}}
        {"id":6,"time":"2026-11-26T09:30:00Z","kind":"adjust","reason":"waste","changes":{"kiwi":-1}}
        {"id":7,"time":"2026-11-26T10:00:00Z","kind":"adjust","reason":"correction","changes":{"mango":1}}
        {"id":8,"time":"2026-11-26T11:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}
        {"id":9,"time":"2026-11-26T12:00:00Z","kind":"undo","undoes":3,"changes":{"kiwi":-4}}
        {"id":10,"time":"2026-11-26T12:30:00Z","kind":"undo","undoes":8,"changes":{"banana":2}}
        {"id":11,"time":"2026-11-26T18:00:00Z","kind":"adjust","reason":"count","counted":{"banana":20,"kiwi":6},"changes":{"banana":-1,"kiwi":-2}}
        {"id":12,"time":"2026-11-26T19:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}
        {"id":13,"time":"2026-11-26T20:00:00Z","kind":"adjust","reason":"count","changes":{"mango":-1}}
        {"id":14,"time":"2026-11-27T09:00:00Z","kind":"adjust","reason":"delivery","changes":{"banana":10}}

        """

    /// One entry as the replay reads it.
    struct Entry {
        var id: Int
        var time: String
        var kind: String
        var reason: String?
        var undoes: Int?
        var changes: [String: Int]
        var counted: [String: Int]?

        init(_ json: JSON) {
            func counts(_ value: JSON?) -> [String: Int] {
                (value?.object ?? [:]).mapValues { value in
                    if case .number(let number) = value { return Int(number) }
                    return 0
                }
            }
            if case .number(let id) = json["id"] { self.id = Int(id) } else { id = 0 }
            time = json["time"]?.string ?? ""
            kind = json["kind"]?.string ?? ""
            reason = json["reason"]?.string
            if case .number(let undoes) = json["undoes"] { self.undoes = Int(undoes) }
            changes = counts(json["changes"])
            counted = json["counted"].map { counts($0) }
        }
    }

    /// The figures of `fruit` from `since` to `until` (UTC times compared
    /// as text), as SPEC 13 words them: up to the fruit's last count in
    /// the period; undone entries and undos count for nothing.
    static func replay(_ fruit: String, initial: Int, cost: Int?, since: String, until: String) -> JSON {
        let entries = journal.split(separator: "\n").map { Entry(try! JSON(parsing: String($0))) }
        let ignored = Set(entries.compactMap(\.undoes) + entries.filter { $0.kind == "undo" }.map(\.id))
        let kept = entries.filter { !ignored.contains($0.id) }
        let period = kept.filter { $0.time >= since && $0.time < until }
        let isCount = { (entry: Entry) in
            entry.kind == "adjust" && entry.reason == "count"
                && (entry.counted?[fruit] != nil || (entry.counted == nil && entry.changes[fruit] != nil))
        }
        let lastCount = period.last(where: isCount)
        let window = period.filter { lastCount == nil || $0.id <= lastCount!.id }
        let start = initial + kept.filter { $0.time < since }.reduce(0) { $0 + ($1.changes[fruit] ?? 0) }
        func sum(_ matches: (Entry) -> Bool) -> Int {
            window.filter(matches).reduce(0) { $0 + ($1.changes[fruit] ?? 0) }
        }
        let used = -sum { $0.kind == "make" }
        let delivered = sum { $0.reason == "delivery" }
        let wasted = -sum { $0.reason == "waste" }
        let corrected = sum { $0.reason == "correction" || $0.kind == "edit" }
        let expected = start + delivered - used - wasted + corrected
        // What was stated: the number kept, or the stock the count left
        // (every entry up to it, undone ones included).
        let counted = lastCount.map { count in
            count.counted?[fruit]
                ?? initial + entries.filter { $0.id <= count.id }.reduce(0) { $0 + ($1.changes[fruit] ?? 0) }
        }
        let variance = counted.map { $0 - expected }
        func number(_ value: Int?) -> JSON { value.map { .number(Double($0)) } ?? .null }
        return .object([
            "fruit": .string(fruit), "start": number(start), "used": number(used), "delivered": number(delivered),
            "wasted": number(wasted), "corrected": number(corrected), "expected": number(expected),
            "counted": number(counted), "variance": number(variance),
            "varianceCost": number(variance.flatMap { variance in cost.map { variance * $0 } }),
            "share": variance.map { used == 0 ? .null : .number(Double($0) / Double(used)) } ?? .null,
        ])
    }

    private func store(in sandbox: Sandbox, at folder: String = "") throws {
        try sandbox.write(folder + "menu.yaml", Self.menu)
        try sandbox.write(folder + "inventory.yaml.journal", Self.journal)
    }

    private let fruits = [("banana", 300), ("kiwi", 500), ("mango", nil)] as [(String, Int?)]

    @Test func theFiguresAreTheJournalsReplayedUpToEachFruitsLastCount() async throws {
        try await Sandbox.with { sandbox in
            try store(in: sandbox)
            let result = try await sandbox.juice(
                "variance", "--menu", "menu.yaml", "--since", "2026-11-26", "--until", "2026-11-27", "--format",
                "json", environment: ["TZ": "UTC"])
            #expect(result.exitCode == 0)
            let json = try result.json()
            let expected = fruits.map {
                Self.replay(
                    $0.0, initial: 10, cost: $0.1, since: "2026-11-26T00:00:00Z", until: "2026-11-27T00:00:00Z")
            }
            #expect(json["fruits"] == .array(expected))
            // By hand: banana 13 + 12 - 4 = 21 expected, 20 counted; kiwi
            // 10 - 1 - 1 = 8, 6 counted; mango 10 - 2 + 1 = 9, 8 counted.
            #expect(json["fruits"]?[0]?["variance"] == .number(-1))
            #expect(json["fruits"]?[1]?["share"] == .number(-2))
            #expect(json["fruits"]?[2]?["varianceCost"] == .null)
            #expect(json["total"] == .object(["varianceCost": .number(-1300)]))
            #expect(json["diagnostics"] == .array([]))
        }
    }

    @Test func textShowsEveryFigureAndSaysWhatWasNotCounted() async throws {
        try await Sandbox.with { sandbox in
            try store(in: sandbox)
            let counted = try await sandbox.juice(
                "variance", "--menu", "menu.yaml", "--since", "2026-11-26", "--until", "2026-11-27",
                environment: ["TZ": "UTC"])
            #expect(counted.exitCode == 0)
            #expect(
                counted.stdoutLines == [
                    "FRUIT   START  USED  DELIVERED  WASTED  CORRECTED  EXPECTED  COUNTED  VARIANCE  VARIANCE COST    SHARE",
                    "Banana     13     4         12       0          0        21       20        -1           -300   -25.0%",
                    "Kiwi       10     1          0       1          0         8        6        -2          -1000  -200.0%",
                    "Mango      10     2          0       0          1         9        8        -1              -   -50.0%",
                    "TOTAL                                                                                   -1300",
                ])
            // The next morning has no count.
            let morning = try await sandbox.juice(
                "variance", "--menu", "menu.yaml", "--since", "2026-11-27", "--locale", "ko",
                environment: ["TZ": "UTC"])
            #expect(morning.exitCode == 0)
            #expect(morning.stdoutLines.last == "이 기간에 세지 않은 과일 (차이 없음): 바나나, 키위, 망고")
            let json = try await sandbox.juice(
                "variance", "--menu", "menu.yaml", "--since", "2026-11-27", "--format", "json",
                environment: ["TZ": "UTC"])
            let banana = Self.replay(
                "banana", initial: 10, cost: 300, since: "2026-11-27T00:00:00Z", until: "9999")
            #expect(try json.json()["fruits"]?[0] == banana)
            #expect(banana["counted"] == .null)
            #expect(try json.json()["total"] == .object(["varianceCost": .null]))
        }
    }

    @Test func csvAndMarkdownCarryTheSameFigures() async throws {
        try await Sandbox.with { sandbox in
            try store(in: sandbox)
            let csv = try await sandbox.juice(
                "variance", "--menu", "menu.yaml", "--since", "2026-11-26", "--until", "2026-11-27", "--format",
                "csv", environment: ["TZ": "UTC"])
            #expect(
                csv.stdoutLines == [
                    "fruit,start,used,delivered,wasted,corrected,expected,counted,variance,varianceCost,share",
                    "banana,13,4,12,0,0,21,20,-1,-300,-0.25",
                    "kiwi,10,1,0,1,0,8,6,-2,-1000,-2.0",
                    "mango,10,2,0,0,1,9,8,-1,,-0.5",
                    ",,,,,,,,,-1300,",
                ])
            let markdown = try await sandbox.juice(
                "variance", "--menu", "menu.yaml", "--since", "2026-11-26", "--until", "2026-11-27", "--format",
                "markdown", environment: ["TZ": "UTC"])
            #expect(
                markdown.stdoutLines == [
                    "| Fruit | Start | Used | Delivered | Wasted | Corrected | Expected | Counted | Variance | Variance cost | Share |",
                    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
                    "| Banana | 13 | 4 | 12 | 0 | 0 | 21 | 20 | -1 | -300 | -25.0% |",
                    "| Kiwi | 10 | 1 | 0 | 1 | 0 | 8 | 6 | -2 | -1000 | -200.0% |",
                    "| Mango | 10 | 2 | 0 | 0 | 1 | 9 | 8 | -1 | – | -50.0% |",
                    "| TOTAL |  |  |  |  |  |  |  |  | -1300 |  |",
                ])
        }
    }

    @Test func aChainHasEachStoreAndTheChainsTotal() async throws {
        try await Sandbox.with { sandbox in
            try store(in: sandbox, at: "a/")
            try sandbox.write("b/menu.yaml", Self.menu)
            // Store b counted once: a kiwi short.
            try sandbox.write(
                "b/inventory.yaml.journal",
                #"{"id":1,"time":"2026-11-26T18:00:00Z","kind":"adjust","reason":"count","counted":{"kiwi":9},"changes":{"kiwi":-1}}"#
                    + "\n")
            try sandbox.write(
                "stores.yaml",
                """
                stores:
                  a: { menu: a/menu.yaml, inventory: a/inventory.yaml }
                  b: { menu: b/menu.yaml, inventory: b/inventory.yaml }

                """)
            let result = try await sandbox.juice(
                "variance", "--stores", "stores.yaml", "--since", "2026-11-26", "--until", "2026-11-27", "--format",
                "json", environment: ["TZ": "UTC"])
            #expect(result.exitCode == 0)
            let json = try result.json()
            #expect(json["stores"]?.items.map { $0["store"] } == [.string("a"), .string("b")])
            #expect(json["stores"]?[0]?["total"] == .object(["varianceCost": .number(-1300)]))
            #expect(json["stores"]?[1]?["fruits"]?[1]?["variance"] == .number(-1))
            #expect(json["stores"]?[1]?["fruits"]?[0]?["counted"] == .null)
            #expect(json["stores"]?[1]?["total"] == .object(["varianceCost": .number(-500)]))
            #expect(json["total"] == .object(["varianceCost": .number(-1800)]))
            let text = try await sandbox.juice(
                "variance", "--stores", "stores.yaml", "--since", "2026-11-26", "--until", "2026-11-27",
                environment: ["TZ": "UTC"])
            #expect(text.exitCode == 0)
            #expect(text.stdoutLines.last == "Not counted in this period (no variance): b: Banana, Mango")
        }
    }

    /// A store that cannot be read (its menu missing, its inventory not
    /// valid, its journal a folder) stays in the chain's JSON, in the
    /// manifest's order, with no fruits and a `null` total, as `report
    /// --stores` lists it; the run exits 65 after the answer.
    @Test func aStoreThatCannotBeReadStaysInTheChainsJSON() async throws {
        try await Sandbox.with { sandbox in
            try store(in: sandbox, at: "a/")
            try sandbox.write("c/inventory.yaml", "banana: many\n")
            try sandbox.write("d/inventory.yaml", "banana: 5\n")
            try FileManager.default.createDirectory(
                at: sandbox.file("d/inventory.yaml.journal"), withIntermediateDirectories: false)
            try sandbox.write(
                "stores.yaml",
                """
                stores:
                  b: { menu: nothing.yaml, inventory: b/inventory.yaml }
                  a: { menu: a/menu.yaml, inventory: a/inventory.yaml }
                  c: { menu: a/menu.yaml, inventory: c/inventory.yaml }
                  d: { menu: a/menu.yaml, inventory: d/inventory.yaml }

                """)
            let result = try await sandbox.juice(
                "variance", "--stores", "stores.yaml", "--since", "2026-11-26", "--until", "2026-11-27", "--format",
                "json", environment: ["TZ": "UTC"])
            #expect(result.exitCode == 65)
            let json = try result.json()
            #expect(json["stores"]?.items.map { $0["store"]?.string } == ["b", "a", "c", "d"])
            for (index, name) in [(0, "b"), (2, "c"), (3, "d")] {
                #expect(
                    json["stores"]?[index]
                        == .object([
                            "store": .string(name), "fruits": .array([]), "total": .object(["varianceCost": .null]),
                        ]))
            }
            #expect(json["stores"]?[1]?["total"] == .object(["varianceCost": .number(-1300)]))
            #expect(json["total"] == .object(["varianceCost": .number(-1300)]))
        }
    }

    /// Issue 33: ten fruits, each counted 10^9 short at 10^9 apiece, come to
    /// −10^19, past what an Int holds: the total was printed wrapped
    /// (8446744073709551616). It is exact, in text and JSON.
    @Test func aTotalPastWhatAnIntHoldsIsExactNotWrapped() async throws {
        try await Sandbox.with { sandbox in
            let fruits = (0..<10).map { "f\($0)" }
            try sandbox.write(
                "menu.yaml",
                "fruits:\n" + fruits.map { "  \($0): { stock: 1000000000, cost: 1000000000 }\n" }.joined()
                    + "recipes:\n  all: { f0: 1 }\n")
            let count = try await sandbox.juice(
                arguments: ["count"] + fruits.map { "\($0)=0" } + ["--menu", "menu.yaml"])
            #expect(count.exitCode == 0)
            let json = try await sandbox.juice("variance", "--menu", "menu.yaml", "--format", "json")
            #expect(json.exitCode == 0)
            #expect(json.stdout.contains(#""varianceCost" : -1000000000000000000,"#))
            #expect(
                json.stdout.contains(#""total" : {\#n    "varianceCost" : -10000000000000000000\#n  }"#),
                "\(json.stdout)")
            let text = try await sandbox.juice("variance", "--menu", "menu.yaml")
            #expect(text.exitCode == 0)
            #expect(text.stdoutLines.last?.hasSuffix(" -10000000000000000000") == true, "\(text.stdout)")
        }
    }
}
