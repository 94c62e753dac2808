import Foundation
import Testing

/// `juice log`, `juice undo` and `juice usage` over the journal that `make`
/// and `adjust` write beside the inventory (SPEC 9).
@Suite struct JournalTests {
    /// The day of the issue: a make, a delivery, waste and a count.
    private func day(in sandbox: Sandbox) async throws {
        #expect(try await sandbox.juice("make", "banana=2", "mangoKiwi").exitCode == 0)
        #expect(try await sandbox.juice("adjust", "banana=+12", "--reason", "delivery").exitCode == 0)
        #expect(try await sandbox.juice("adjust", "kiwi=-1", "--reason", "waste").exitCode == 0)
        #expect(try await sandbox.juice("adjust", "mango=7", "--reason", "count").exitCode == 0)
    }

    /// The journal's lines with their times taken out.
    private func lines(_ sandbox: Sandbox) throws -> [String] {
        let text = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
        return text.split(separator: "\n").map { String($0).replacing(/"time":"[^"]+",/, with: "") }
    }

    @Test func aDayLeavesOneLinePerChangeAndUndoAndUsageFollowIt() async throws {
        try await Sandbox.with { sandbox in
            try await day(in: sandbox)
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"make","orders":{"banana":2,"mangoKiwi":1},"changes":{"banana":-4,"kiwi":-1,"mango":-2}}"#,
                    #"{"id":2,"kind":"adjust","reason":"delivery","changes":{"banana":12}}"#,
                    #"{"id":3,"kind":"adjust","reason":"waste","changes":{"kiwi":-1}}"#,
                    #"{"id":4,"kind":"adjust","reason":"count","counted":{"mango":7},"changes":{"mango":-1}}"#,
                ])
            let log = try await sandbox.juice("log", "--format", "json")
            #expect(log.exitCode == 0)
            let entries = try log.json()["entries"]?.items ?? []
            #expect(
                entries.map { $0["kind"] } == [
                    .string("make"), .string("adjust"), .string("adjust"), .string("adjust"),
                ])
            #expect(entries[1]["changes"] == .object(["banana": .number(12)]))
            #expect(entries[0]["time"]?.string?.hasSuffix("Z") == true)

            // Undo takes back the latest: the count.
            let undo = try await sandbox.juice("undo")
            #expect(undo.exitCode == 0)
            #expect(undo.stdoutLines.count == 3)
            #expect(undo.stdoutLines.first == "Undid entry 4.")
            #expect(
                undo.stdoutLines.dropFirst().first?.hasSuffix("  adjust (count)  Mango -1; counted Mango 7") == true)
            #expect(undo.stdoutLines.last == "Mango: 7 → 8")
            #expect(try sandbox.stock()["mango"] == 8)
            #expect(try lines(sandbox).last == #"{"id":5,"kind":"undo","undoes":4,"changes":{"mango":1}}"#)

            let usage = try await sandbox.juice("usage", "--format", "json")
            #expect(usage.exitCode == 0)
            let json = try usage.json()
            #expect(json["recipes"] == .object(["banana": .number(2), "mangoKiwi": .number(1)]))
            #expect(
                json["fruits"]?["banana"]
                    == .object([
                        "used": .number(4), "delivered": .number(12), "wasted": .number(0), "counted": .number(0),
                        "usedCost": .null, "wastedCost": .number(0),
                    ]))
            #expect(
                json["fruits"]?["kiwi"]
                    == .object([
                        "used": .number(1), "delivered": .number(0), "wasted": .number(1), "counted": .number(0),
                        "usedCost": .null, "wastedCost": .null,
                    ]))
            // The undone count counts for nothing.
            #expect(
                json["fruits"]?["mango"]
                    == .object([
                        "used": .number(2), "delivered": .number(0), "wasted": .number(0), "counted": .number(0),
                        "usedCost": .null, "wastedCost": .number(0),
                    ]))

            // Once the delivered bananas are used, the delivery cannot be undone.
            #expect(try await sandbox.juice("make", "banana=9").exitCode == 0)
            let refused = try await sandbox.juice("undo", "2")
            #expect(refused.exitCode == 1)
            #expect(
                refused.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "error: the stock cannot go below zero; nothing changed",
                    "  Banana: 12 to remove, 0 in stock, 12 short",
                ])
            #expect(try sandbox.stock()["banana"] == 0)
            // An undone entry, and an undo, cannot be undone.
            let again = try await sandbox.juice("undo", "4")
            #expect(again.exitCode == 1)
            #expect(again.stderr == Sandbox.builtinNote + "error: entry 4 was undone already, by entry 5\n")
            #expect(try await sandbox.juice("undo", "5").exitCode == 1)
            #expect(try await sandbox.juice("undo", "99").exitCode == 64)
            // Undoing a make gives its fruit back.
            let made = try await sandbox.juice("undo", "--format", "json")
            #expect(made.exitCode == 0)
            #expect(try made.json()["inventory"]?["banana"] == .number(18))
            #expect(try made.json()["undoes"] == .number(6))
            #expect(try lines(sandbox).last == #"{"id":7,"kind":"undo","undoes":6,"changes":{"banana":18}}"#)
        }
    }

    /// The log in JSON carries the menu's warnings, as every other JSON
    /// answer does (and as the server's `GET .../log` does).
    @Test func theLogInJSONCarriesTheMenusWarnings() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "menu.yaml", "fruits: { banana: 10, lime: 3 }\nrecipes:\n  banana: { uses: { banana: 2 } }\n")
            #expect(try await sandbox.juice("make", "banana", "--menu", "menu.yaml").exitCode == 0)
            let log = try await sandbox.juice("log", "--menu", "menu.yaml", "--format", "json")
            #expect(log.exitCode == 0)
            let json = try log.json()
            #expect(json["entries"]?.items.count == 1)
            #expect(json["diagnostics"]?.items.map { $0["code"] } == [.string("unused-fruit")])
        }
    }

    @Test func aHandEditIsRecordedByTheNextWriteAsAnEdit() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "kiwi=+2").exitCode == 0)
            // A person sets mango by hand, keeping the rest.
            let text = String(decoding: try #require(sandbox.read("inventory.yaml")), as: UTF8.self)
            try sandbox.write("inventory.yaml", text.replacing("mango: 10", with: "mango: 4"))
            #expect(try await sandbox.juice("make", "banana").exitCode == 0)
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"adjust","reason":"correction","changes":{"kiwi":2}}"#,
                    #"{"id":2,"kind":"edit","changes":{"mango":-6}}"#,
                    #"{"id":3,"kind":"make","orders":{"banana":1},"changes":{"banana":-2}}"#,
                ])
            let log = try await sandbox.juice("log", "--kind", "edit")
            #expect(log.stdoutLines.count == 1)
            #expect(log.stdoutLines.first?.hasSuffix("  edit  Mango -6") == true)
        }
    }

    @Test func anInventoryOlderThanItsJournalStartsOneWithAnEdit() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("inventory.yaml", "banana: 3\nkiwi: 12\n")
            #expect(try await sandbox.juice("adjust", "kiwi=-2", "--reason", "waste").exitCode == 0)
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"edit","changes":{"banana":-7,"kiwi":2}}"#,
                    #"{"id":2,"kind":"adjust","reason":"waste","changes":{"kiwi":-2}}"#,
                ])
        }
    }

    @Test func logFiltersByTimeKindFruitAndRecipe() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "inventory.yaml.journal",
                """
                {"id":1,"time":"2026-11-20T09:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}
                {"id":2,"time":"2026-11-21T09:00:00Z","kind":"adjust","reason":"delivery","changes":{"kiwi":5}}
                {"id":3,"time":"2026-11-22T09:00:00Z","kind":"make","orders":{"mangoKiwi":1},"changes":{"kiwi":-1,"mango":-2}}

                """)
            func ids(_ arguments: String...) async throws -> [Int] {
                let result = try await sandbox.juice(
                    arguments: ["log", "--format", "csv"] + arguments, environment: ["TZ": "UTC"])
                #expect(result.exitCode == 0)
                return result.stdoutLines.dropFirst().compactMap { Int($0.prefix { $0 != "," }) }
            }
            #expect(try await ids() == [1, 2, 3])
            #expect(try await ids("--since", "2026-11-21") == [2, 3])
            #expect(try await ids("--until", "2026-11-21T09:00:00Z") == [1])
            #expect(try await ids("--since", "2026-11-21T18:00:00+09:00", "--until", "2026-11-22") == [2])
            #expect(try await ids("--kind", "make") == [1, 3])
            #expect(try await ids("--fruit", "kiwi") == [2, 3])
            #expect(try await ids("--fruit", "키위") == [2, 3])
            #expect(try await ids("--recipe", "Mango Kiwi Juice") == [3])
            let csv = try await sandbox.juice("log", "--format", "csv", "--kind", "adjust")
            #expect(
                csv.stdoutLines == [
                    "id,time,kind,reason,undoes,orders,changes", "2,2026-11-21T09:00:00Z,adjust,delivery,,,kiwi:5",
                ])
            let text = try await sandbox.juice(
                "log", "--kind", "make", "--locale", "ko", environment: ["TZ": "Asia/Seoul"])
            #expect(
                text.stdoutLines == [
                    "1  2026-11-20T18:00:00+09:00  제조  바나나쥬스: 바나나 -2",
                    "3  2026-11-22T18:00:00+09:00  제조  망키쥬스: 키위 -1, 망고 -2",
                ])
            let bad = try await sandbox.juice("log", "--since", "tomorrow")
            #expect(bad.exitCode == 64)
            #expect(
                bad.stderrLines.first
                    == "error: --since: 'tomorrow' is not a time: write today, yesterday, Nd (the last N days), a date (2026-11-22) or an RFC 3339 time (2026-11-22T09:30:00Z)"
            )
        }
    }

    @Test func aBadLineIsADiagnosticAtItsPlaceAndAnUnfinishedLastLineIsSkipped() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "inventory.yaml.journal",
                """
                {"id":1,"time":"2026-11-20T09:00:00Z","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}
                {"id":2,"time":"2026-11-21T09:00:00Z","kind":"adjust","reason":"delivery","changes":{"kiwi":"5"}}
                garbage
                {"id":3,"time":"2026-11-21T09:00:00Z","kind":"adjust","reason":"waste","changes":{"kiwi":-1}}
                {"id":4,"time":"2026-11-21T09:00:00Z","kind":"ma
                """)
            let log = try await sandbox.juice("log")
            #expect(log.exitCode == 65)
            #expect(log.stdoutLines.map { $0.prefix(2) } == ["1 ", "3 "])
            #expect(
                log.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "inventory.yaml.journal:2:93: error: 'changes.kiwi' must be a whole number from -1000000000 to 1000000000 [invalid-quantity]",
                    "inventory.yaml.journal:3:1: error: not JSON: unexpected character [syntax]",
                    "inventory.yaml.journal:5:1: warning: an unfinished last line (a write was cut short): it is skipped, and the next change removes it [syntax]",
                ])
            let validate = try await sandbox.juice("validate")
            #expect(validate.exitCode == 65)
            #expect(validate.stdoutLines.last == "inventory.yaml.journal: 2 errors, 1 warning")
            // A change refuses to build on a journal it cannot read to the end.
            let make = try await sandbox.juice("make", "banana")
            #expect(make.exitCode == 65)
            // usage counts what it can read, and fails.
            let usage = try await sandbox.juice("usage", "--format", "json")
            #expect(usage.exitCode == 65)
            #expect(try usage.json()["recipes"] == .object(["banana": .number(1)]))
            #expect(try usage.json()["fruits"]?["kiwi"]?["wasted"] == .number(1))
        }
    }

    @Test func undoDryRunIsRefusedAsTheUndoIsAndNeitherReadsPastItsEntry() async throws {
        try await Sandbox.with { sandbox in
            for fruit in ["banana", "kiwi", "banana", "kiwi", "banana", "kiwi", "banana", "kiwi"] {
                #expect(try await sandbox.juice("adjust", "\(fruit)=+1", "--format", "json").exitCode == 0)
            }
            // Line 3 (entry 3) broken by hand: entries 2 and earlier lie behind it.
            var lines = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
                .split(separator: "\n").map(String.init)
            #expect(lines.count == 8)
            lines[2] = #"{"id":3,"time":"bad","kind":"make"}"#
            try sandbox.write("inventory.yaml.journal", lines.joined(separator: "\n") + "\n")
            let files = (sandbox.read("inventory.yaml"), sandbox.read("inventory.yaml.journal"))
            let badLine =
                "inventory.yaml.journal:3:16: error: 'time' must be an RFC 3339 time, such as 2026-11-22T09:30:00Z [type-mismatch]"
            for arguments in [["undo", "2", "--dry-run"], ["undo", "2"]] {
                let text = try await sandbox.juice(arguments: arguments)
                #expect(text.exitCode == 65, "\(arguments)")
                #expect(text.stdout == "", "\(arguments)")
                #expect(text.stderrLines == [Sandbox.builtinNoteLine, badLine], "\(arguments)")
                let json = try await sandbox.juice(arguments: arguments + ["--format", "json"])
                #expect(json.exitCode == 65, "\(arguments)")
                #expect(try json.json()["ok"] == .bool(false))
                #expect(try json.json()["error"] == .string("invalid-data"))
                #expect(
                    try json.json()["diagnostics"]?.items.map { $0["line"] } == [.number(3)], "\(arguments)")
                #expect(sandbox.read("inventory.yaml") == files.0)
                #expect(sandbox.read("inventory.yaml.journal") == files.1)
            }
            // The latest entry (8) is read without reaching line 3: no
            // error is said, by the dry run nor by the undo.
            let dryRun = try await sandbox.juice("undo", "--dry-run")
            #expect(dryRun.exitCode == 0)
            #expect(dryRun.stderrLines == [Sandbox.builtinNoteLine])
            #expect(dryRun.stdoutLines.first == "Would undo entry 8.")
            #expect(sandbox.read("inventory.yaml.journal") == files.1)
            let undo = try await sandbox.juice("undo")
            #expect(undo.exitCode == 0)
            #expect(undo.stderrLines == [Sandbox.builtinNoteLine])
            #expect(undo.stdoutLines.first == "Undid entry 8.")
            // The built-in menu's initial kiwi is 10: four deliveries, one undone.
            #expect(try sandbox.stock()["kiwi"] == 13)
        }
    }

    @Test func anUndoRefusedListsTheFruitsInTheMenusOrder() async throws {
        try await Sandbox.with { sandbox in
            let delivery = try await sandbox.juice(
                "adjust", "banana=+5", "strawberry=+5", "--reason", "delivery", "--format", "json")
            #expect(delivery.exitCode == 0)
            let count = try await sandbox.juice(
                "adjust", "strawberry=2", "banana=1", "--reason", "count", "--format", "json")
            #expect(count.exitCode == 0)
            // Strawberry comes before Banana in the built-in menu.
            for arguments in [["undo", "1"], ["undo", "1", "--dry-run"]] {
                let undo = try await sandbox.juice(arguments: arguments)
                #expect(undo.exitCode == 1, "\(arguments)")
                #expect(
                    undo.stderrLines == [
                        Sandbox.builtinNoteLine, "error: the stock cannot go below zero; nothing changed",
                        "  Strawberry: 5 to remove, 2 in stock, 3 short", "  Banana: 5 to remove, 1 in stock, 4 short",
                    ], "\(arguments)")
            }
        }
    }

    @Test func aPeriodWhoseEndIsNotAfterItsStartIsAUsageError() async throws {
        try await Sandbox.with { sandbox in
            for command in ["log", "usage", "variance"] {
                for (since, until) in [("today", "yesterday"), ("2026-11-22", "2026-11-22")] {
                    let result = try await sandbox.juice(command, "--since", since, "--until", until)
                    #expect(result.exitCode == 64, "\(command)")
                    #expect(result.stdout == "")
                    #expect(
                        result.stderrLines.first
                            == "error: --until \(until) is not after --since \(since): the period would be empty",
                        "\(command)")
                }
                let day = try await sandbox.juice(command, "--since", "2026-11-22", "--until", "2026-11-23")
                #expect(day.exitCode == 0, "\(command)")
            }
        }
    }

    @Test func aWriterKilledBetweenJournalAndInventoryLeavesAnEntryTheNextWriteRemoves() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("adjust", "kiwi=+1").exitCode == 0)
            // What a writer killed after its append and before its rename
            // leaves: an entry the inventory does not include, and half a line.
            var journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            journal +=
                #"{"id":2,"time":"2026-11-21T09:00:00Z","kind":"adjust","reason":"waste","changes":{"kiwi":-11}}"#
            journal += "\n{\"id\":3,\"ti"
            try sandbox.write("inventory.yaml.journal", journal)
            let log = try await sandbox.juice("log", "--format", "json")
            #expect(log.exitCode == 0)
            #expect(try log.json()["entries"]?.items.count == 1)
            #expect(try await sandbox.juice("adjust", "kiwi=+1").exitCode == 0)
            #expect(
                try lines(sandbox) == [
                    #"{"id":1,"kind":"adjust","reason":"correction","changes":{"kiwi":1}}"#,
                    #"{"id":2,"kind":"adjust","reason":"correction","changes":{"kiwi":1}}"#,
                ])
            #expect(try sandbox.stock()["kiwi"] == 12)
        }
    }

    /// Makes an adjustment per id, then gives the entries `ids` in order,
    /// the inventory's marker naming the largest (so that none is skipped
    /// as never committed): a journal no `juice` writes.
    private func journal(withIDs ids: [Int], in sandbox: Sandbox) async throws {
        for _ in ids { #expect(try await sandbox.juice("adjust", "kiwi=+1").exitCode == 0) }
        let text = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
        let lines = text.split(separator: "\n").enumerated().map { index, line in
            line.replacing(/"id":\d+,/, with: #""id":\#(ids[index]),"#, maxReplacements: 1) + "\n"
        }
        try sandbox.write("inventory.yaml.journal", lines.joined())
        let inventory = String(decoding: try #require(sandbox.read("inventory.yaml")), as: UTF8.self)
        try sandbox.write(
            "inventory.yaml", inventory.replacing(/# journal: entry \d+,/, with: "# journal: entry \(ids.max()!),"))
    }

    /// A change after the largest id (issue 32: `last += 1` trapped, exit
    /// 132) is refused as an invalid journal, the line named: out of order
    /// when it is the only entry, past the ids there are when it follows
    /// the one before. Nothing is written; reading the journal says where
    /// its ids go wrong, and does not trap either.
    @Test(arguments: [
        (
            [Int.max],
            "inventory.yaml.journal:1:1: error: entry 9223372036854775807 is out of order: the next entry must be 1 [invalid-id]",
            [
                "inventory.yaml.journal:1:7: error: entry 9223372036854775807 is out of order: the next entry must be 1 [invalid-id]"
            ]
        ),
        (
            [Int.max - 1, Int.max],
            "inventory.yaml.journal:2:1: error: entry 9223372036854775807 has the largest id a journal can hold: no entry can follow it [limit]",
            [
                "inventory.yaml.journal:1:7: error: entry 9223372036854775806 is out of order: the next entry must be 1 [invalid-id]"
            ]
        ),
        (
            [Int.max, 1],
            "inventory.yaml.journal:2:1: error: entry 1 is out of order: the next entry must be 9223372036854775808 [invalid-id]",
            [
                "inventory.yaml.journal:1:7: error: entry 9223372036854775807 is out of order: the next entry must be 1 [invalid-id]",
                "inventory.yaml.journal:2:7: error: entry 1 is out of order: the next entry must be 9223372036854775808 [invalid-id]",
            ]
        ),
    ])
    func aChangeAfterTheLargestIDIsRefusedAndNothingTraps(ids: [Int], refusal: String, problems: [String])
        async throws
    {
        try await Sandbox.with { sandbox in
            try await journal(withIDs: ids, in: sandbox)
            let journal = sandbox.read("inventory.yaml.journal")
            let inventory = sandbox.read("inventory.yaml")
            let adjust = try await sandbox.juice("adjust", "banana=+1")
            #expect(adjust.exitCode == 65)
            #expect(adjust.stderrLines == [Sandbox.builtinNoteLine, refusal])
            #expect(sandbox.read("inventory.yaml.journal") == journal)
            #expect(sandbox.read("inventory.yaml") == inventory)
            let log = try await sandbox.juice("log")
            #expect(log.exitCode == 65)
            #expect(log.stderrLines == [Sandbox.builtinNoteLine] + problems)
        }
    }

    /// Issue 32's finding 11: a journal whose last entry does not follow the
    /// one before it (10 after 1) is not extended with 11: a change is
    /// refused, naming the line and the id expected there.
    @Test func aChangeToAJournalOutOfOrderIsRefused() async throws {
        try await Sandbox.with { sandbox in
            try await journal(withIDs: [1, 10], in: sandbox)
            let journal = sandbox.read("inventory.yaml.journal")
            let make = try await sandbox.juice("make", "banana")
            #expect(make.exitCode == 65)
            #expect(
                make.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "inventory.yaml.journal:2:1: error: entry 10 is out of order: the next entry must be 2 [invalid-id]",
                ])
            #expect(sandbox.read("inventory.yaml.journal") == journal)
        }
    }

    /// Entries each in range whose sum no stock can be (three deliveries
    /// of 10^9 kiwis, from 10) against a hand-written inventory: the gap, past what
    /// one entry records, was written as an `edit` no reader takes back
    /// (`"kiwi":-3000000007`). It is refused as an invalid journal.
    @Test func aGapPastWhatOneEntryRecordsIsRefused() async throws {
        try await Sandbox.with { sandbox in
            let delivery =
                #"{"id":ID,"time":"2026-11-20T09:00:00Z","kind":"adjust","reason":"delivery","changes":{"kiwi":1000000000}}"#
            try sandbox.write(
                "inventory.yaml.journal", (1...3).map { delivery.replacing("ID", with: "\($0)") + "\n" }.joined())
            try sandbox.write("inventory.yaml", "kiwi: 3\n")
            let adjust = try await sandbox.juice("adjust", "kiwi=+1")
            #expect(adjust.exitCode == 65)
            #expect(
                adjust.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "inventory.yaml.journal:1:1: error: the journal's entries leave 'kiwi' at 3000000010 where the inventory has 3: more than one entry can record [invalid-quantity]",
                ])
            #expect(try lines(sandbox).count == 3)
        }
    }

    @Test func usageOfAChainGivesEachStoreAndTheTotal() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            #expect(try await sandbox.juice("make", "banana", "--store", "gangnam").exitCode == 0)
            #expect(try await sandbox.juice("make", "banana=2", "--store", "hongdae").exitCode == 0)
            #expect(
                try await sandbox.juice("adjust", "banana=+5", "--reason", "delivery", "--store", "hongdae").exitCode
                    == 0)
            let usage = try await sandbox.juice("usage", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(usage.exitCode == 0)
            let json = try usage.json()
            #expect(
                json["stores"]?.items.map { $0["store"] } == [
                    .string("gangnam"), .string("hongdae"), .string("jamsil"), .string("seoulStation"),
                ])
            #expect(json["stores"]?[0]?["recipes"] == .object(["banana": .number(1)]))
            #expect(json["total"]?["recipes"] == .object(["banana": .number(3)]))
            #expect(
                json["total"]?["fruits"]?["banana"]
                    == .object([
                        "used": .number(6), "delivered": .number(5), "wasted": .number(0), "counted": .number(0),
                        "usedCost": .null, "wastedCost": .number(0),
                    ]))
            // The example menus give no prices and no costs: the totals are
            // null, and said.
            #expect(
                json["total"]?["total"] == .object(["revenue": .null, "usedCost": .null, "wastedCost": .number(0)]))
            #expect(
                json["stores"]?[2]?["total"]
                    == .object(["revenue": .number(0), "usedCost": .number(0), "wastedCost": .number(0)]))
            let csv = try await sandbox.juice("usage", "--stores", "recipes/stores.yaml", "--format", "csv")
            #expect(
                csv.stdoutLines == [
                    "store,kind,id,servings,used,delivered,wasted,counted,revenue,usedCost,wastedCost",
                    "gangnam,recipe,banana,1,,,,,,,", "gangnam,fruit,banana,,2,0,0,0,,,0", "gangnam,total,,,,,,,,,0",
                    "hongdae,recipe,banana,2,,,,,,,", "hongdae,fruit,banana,,4,5,0,0,,,0", "hongdae,total,,,,,,,,,0",
                    ",recipe,banana,3,,,,,,,", ",fruit,banana,,6,5,0,0,,,0", ",total,,,,,,,,,0",
                ])
        }
    }
}
