import Foundation
import TestSupport
import Testing

/// `juice waste --expired` end to end (SPEC 18): every expired lot out as
/// one entry of reason `expired`, counted as waste with its cost, undone
/// lot by lot; nothing written when nothing has expired.
@Suite struct WasteCommandTests {
    private let utc: [String: String?] = ["TZ": "UTC"]

    private static let menu = """
        fruits:
          kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 0, cost: 3, shelfLife: 5 }
          mango: { name: { en: Mango, ko: 망고 }, stock: 0, shelfLife: 3 }
          banana: { name: { en: Banana, ko: 바나나 }, stock: 0 }
        recipes:
          kiwi: { uses: { kiwi: 1 } }
          mango: { uses: { mango: 1 } }
          banana: { uses: { banana: 1 } }

        """

    /// The UTC date `days` after today, `YYYY-MM-DD`.
    static func date(daysFromToday days: Int) -> String {
        LocalDate.string(daysFromToday: days, in: TimeZone(identifier: "UTC")!)!
    }

    private func juice(_ sandbox: Sandbox, _ arguments: String...) async throws -> ProcessResult {
        try await sandbox.juice(
            arguments: arguments + ["--menu", "menu.yaml", "--inventory", "inventory.yaml"], environment: utc)
    }

    @Test func everyExpiredLotGoesAsOneEntryThatUsageCountsAndUndoPutsBack() async throws {
        try await Sandbox.with { sandbox in
            // A lot best before yesterday has expired; one of today has not.
            let (yesterday, today) = (Self.date(daysFromToday: -1), Self.date(daysFromToday: 0))
            let kiwi =
                "kiwi: [{count: 4, bestBefore: 2020-01-01}, {count: 2, bestBefore: 2020-02-01}, "
                + "{count: 5, bestBefore: 2999-01-01}, {count: 3}]"
            let mango = "mango: [{count: 3, bestBefore: \(yesterday)}, {count: 1, bestBefore: \(today)}]"
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("inventory.yaml", "\(kiwi)\n\(mango)\nbanana: 7\n")
            let result = try await juice(sandbox, "waste", "--expired")
            // The business day turned between the writing and the run.
            guard Self.date(daysFromToday: 0) == today else { return }
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stdoutLines == ["Kiwi: 14 → 8 (6 expired)", "Mango: 4 → 1 (3 expired)"])
            #expect(result.stderr.isEmpty)
            #expect(try sandbox.line(of: "kiwi") == "kiwi: [{count: 5, bestBefore: 2999-01-01}, {count: 3}]")
            #expect(try sandbox.line(of: "mango") == "mango: [{count: 1, bestBefore: \(today)}]")
            #expect(try sandbox.line(of: "banana") == "banana: 7")
            let journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            let entries = journal.split(separator: "\n").map { try? JSON(parsing: String($0)) }
            // The hand-written stock first, as an edit; then the one change.
            #expect(entries.count == 2)
            let entry = try #require(entries.last ?? nil)
            #expect(entry["kind"] == .string("adjust"))
            #expect(entry["reason"] == .string("expired"))
            #expect(entry["changes"] == .object(["kiwi": .number(-6), "mango": .number(-3)]))
            #expect(
                entry["lots"]
                    == .object([
                        "kiwi": .array([
                            .object(["bestBefore": .string("2020-01-01"), "change": .number(-4)]),
                            .object(["bestBefore": .string("2020-02-01"), "change": .number(-2)]),
                        ]),
                        "mango": .array([.object(["bestBefore": .string(yesterday), "change": .number(-3)])]),
                    ]))

            let usage = try await juice(sandbox, "usage", "--format", "json").json()
            #expect(usage["fruits"]?["kiwi"]?["wasted"] == .number(6))
            #expect(usage["fruits"]?["kiwi"]?["wastedCost"] == .number(18))
            #expect(usage["fruits"]?["mango"]?["wasted"] == .number(3))
            #expect(usage["fruits"]?["mango"]?["wastedCost"] == .null)
            let log = try await juice(sandbox, "log", "--locale", "ko")
            #expect(log.stdoutLines.last?.contains("조정 (기한 지남)  키위 -6, 망고 -3") == true, "\(log.stdout)")
            #expect(try await juice(sandbox, "count", "kiwi=8").exitCode == 0)
            let variance = try await juice(sandbox, "variance", "--format", "json").json()
            let kiwiVariance = variance["fruits"]?.items.first { $0["fruit"] == .string("kiwi") }
            #expect(kiwiVariance?["wasted"] == .number(6))
            #expect(kiwiVariance?["variance"] == .number(0))
            #expect(try await juice(sandbox, "undo").exitCode == 0)

            let undo = try await juice(sandbox, "undo")
            #expect(undo.exitCode == 0, "\(undo.stderr)")
            #expect(undo.stdoutLines.dropFirst(2) == ["Kiwi: 8 → 14", "Mango: 1 → 4"])
            #expect(try sandbox.line(of: "kiwi") == kiwi)
            #expect(try sandbox.line(of: "mango") == mango)
        }
    }

    @Test func withNothingExpiredItSaysSoWritesNothingAndExitsZero() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            let inventory = "kiwi: [{count: 5, bestBefore: 2999-01-01}, {count: 3}]\nmango: 2\nbanana: 1\n"
            try sandbox.write("inventory.yaml", inventory)
            let text = try await juice(sandbox, "waste", "--expired")
            #expect(text.exitCode == 0)
            #expect(text.stdout == "Nothing has expired: nothing was thrown out.\n")
            #expect(text.stderr.isEmpty)
            let korean = try await juice(sandbox, "waste", "--expired", "--locale", "ko")
            #expect(korean.exitCode == 0)
            #expect(korean.stdout == "기한이 지난 과일이 없어 아무것도 버리지 않았습니다.\n")
            let json = try await juice(sandbox, "waste", "--expired", "--format", "json")
            #expect(json.exitCode == 0)
            let document = try json.json()
            #expect(document.keys.sorted() == ["diagnostics", "inventory", "lots", "ok", "thrownOut"])
            #expect(document["thrownOut"] == .object([:]))
            #expect(document["inventory"]?["kiwi"] == .number(8))
            #expect(!sandbox.exists("inventory.yaml.journal"))
            #expect(sandbox.read("inventory.yaml") == Data(inventory.utf8))
        }
    }

    /// An inventory in a folder that does not exist is the menu's initial
    /// stock: nothing has expired, nothing is written, so no folder (nor
    /// lock) is needed: exit 0, as with any stock with nothing expired.
    @Test func withTheInventorysFolderMissingNothingHasExpiredAndItExitsZero() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            let text = try await sandbox.juice(
                arguments: ["waste", "--expired", "--menu", "menu.yaml", "--inventory", "nofolder/inventory.yaml"],
                environment: utc)
            #expect(text.exitCode == 0, "\(text.stderr)")
            #expect(text.stdout == "Nothing has expired: nothing was thrown out.\n")
            #expect(text.stderr == Sandbox.absentNote("nofolder/inventory.yaml"))
            #expect(!sandbox.exists("nofolder"))
        }
    }

    @Test func aDryRunShowsTheStockBeforeAndAfterAndChangesNothing() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            let inventory = "kiwi: [{count: 4, bestBefore: 2020-01-01}, {count: 3}]\nmango: 2\nbanana: 1\n"
            try sandbox.write("inventory.yaml", inventory)
            let result = try await juice(sandbox, "waste", "--expired", "--dry-run", "--format", "json")
            #expect(result.exitCode == 0)
            let document = try result.json()
            #expect(document["dryRun"] == .bool(true))
            #expect(document["thrownOut"] == .object(["kiwi": .number(4)]))
            #expect(document["before"]?["kiwi"] == .number(7))
            #expect(document["inventory"]?["kiwi"] == .number(3))
            #expect(sandbox.read("inventory.yaml") == Data(inventory.utf8))
            let korean = try await juice(sandbox, "waste", "--expired", "--locale", "ko")
            #expect(korean.exitCode == 0)
            #expect(korean.stdout == "키위: 7 → 3 (기한 지난 4개)\n")
        }
    }

    /// One store of a chain, by `--store`, as `adjust` takes it; `--stores`
    /// alone, `waste` without `--expired` and `adjust --reason expired`
    /// are usage errors.
    @Test func aChainsStoreIsNamedAsAdjustNamesIt() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.menu)
            try sandbox.write("north/inventory.yaml", "kiwi: [{count: 4, bestBefore: 2020-01-01}, {count: 3}]\n")
            try sandbox.write("south/inventory.yaml", "kiwi: [{count: 2, bestBefore: 2020-01-01}]\n")
            try sandbox.write(
                "stores.yaml",
                "stores:\n  north: { menu: menu.yaml, inventory: north/inventory.yaml }\n"
                    + "  south: { menu: menu.yaml, inventory: south/inventory.yaml }\n")
            let north = try await sandbox.juice(
                arguments: ["waste", "--expired", "--stores", "stores.yaml", "--store", "north", "--format", "json"],
                environment: utc)
            #expect(north.exitCode == 0, "\(north.stderr)")
            let document = try north.json()
            #expect(document.keys.sorted() == ["diagnostics", "entry", "inventory", "ok", "thrownOut"])
            #expect(document["thrownOut"] == .object(["kiwi": .number(4)]))
            #expect(try sandbox.line(of: "kiwi", in: "north/inventory.yaml") == "kiwi: 3")
            #expect(
                try sandbox.line(of: "kiwi", in: "south/inventory.yaml")
                    == "kiwi: [{count: 2, bestBefore: 2020-01-01}]")

            let alone = try await sandbox.juice("waste", "--expired", "--stores", "stores.yaml")
            #expect(alone.exitCode == 64)
            #expect(
                alone.stderr.hasPrefix(
                    "error: --stores names the manifest in which --store NAME finds the store; add --store"),
                "\(alone.stderr)")
            let nowhere = try await sandbox.juice("waste", "--expired", "--stores", "stores.yaml", "--store", "east")
            #expect(nowhere.exitCode == 64)
            let bare = try await sandbox.juice("waste", "--stores", "stores.yaml", "--store", "north")
            #expect(bare.exitCode == 64)
            #expect(
                bare.stderr.hasPrefix(
                    "error: juice waste throws out expired fruit: give --expired (to book other waste: "
                        + "juice adjust FRUIT=-N --reason waste)."))
            let byHand = try await sandbox.juice(
                "adjust", "kiwi=-1", "--reason", "expired", "--stores", "stores.yaml", "--store", "south")
            #expect(byHand.exitCode == 64)
            #expect(byHand.stderr.hasPrefix("error: The value 'expired' is invalid for '--reason <reason>'"))
            #expect(
                try sandbox.line(of: "kiwi", in: "south/inventory.yaml")
                    == "kiwi: [{count: 2, bestBefore: 2020-01-01}]")
        }
    }
}
