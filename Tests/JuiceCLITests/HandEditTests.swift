import Foundation
import TestSupport
import Testing

/// An inventory `juice` wrote lists every fruit of the menu: one that a
/// hand edit cut down is warned about, fruit by fruit, with the count each
/// missing fruit falls back to, by `validate` and by the next change.
@Suite struct HandEditTests {
    static let menu =
        "fruits:\n  apple: 10\n  grape: 10\n  orange: 10\n  lime: 7\nrecipes:\n"
        + "  appleJuice: { apple: 2 }\n  grapeJuice: { grape: 3 }\n  orangeJuice: { orange: 2 }\n  limeade: { lime: 1 }\n"

    static func warning(_ fruit: String, _ count: Int) -> String {
        "inventory.yaml:1:1: warning: fruit '\(fruit)' is not in this inventory, which juice wrote with every fruit: "
            + "it counts as the menu's initial stock, \(count) [missing-key]"
    }

    @Test func aCutDownInventoryWrittenByJuiceNamesEachFruitItFallsBackOn() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            let first = try await sandbox.juice("make", "orangeJuice", "--format", "json")
            #expect(first.exitCode == 0)
            #expect(try sandbox.stock() == ["apple": 10, "grape": 10, "orange": 8, "lime": 7])
            // The hand edit keeps juice's marker line and two fruits.
            let written = String(decoding: try #require(sandbox.read("inventory.yaml")), as: UTF8.self)
            let marker = try #require(written.split(separator: "\n").first { $0.hasPrefix("# journal:") })
            try sandbox.write("inventory.yaml", "\(marker)\napple: 12\ngrape: 40\n")

            let validate = try await sandbox.juice("validate")
            #expect(validate.exitCode == 0)
            #expect(validate.stderrLines == [Self.warning("orange", 10), Self.warning("lime", 7)])

            let make = try await sandbox.juice("make", "appleJuice")
            #expect(make.exitCode == 0)
            #expect(Array(make.stderrLines.prefix(2)) == [Self.warning("orange", 10), Self.warning("lime", 7)])
            // Orange fell back from 8 to its initial 10, recorded as the
            // hand edit; lime stayed at 7.
            #expect(try sandbox.stock() == ["apple": 10, "grape": 40, "orange": 10, "lime": 7])
            let log = try await sandbox.juice("log", "--format", "json")
            let entries = try log.json()["entries"]?.items ?? []
            #expect(entries.count == 3)
            #expect(entries[1]["kind"] == "edit")
            #expect(entries[1]["changes"] == ["apple": 2, "grape": 30, "orange": 2])

            // Written again whole: nothing more to say.
            let after = try await sandbox.juice("validate")
            #expect(after.stderr == "")
        }
    }

    @Test func aHandWrittenInventoryMayListSomeFruits() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            try sandbox.write("inventory.yaml", "apple: 12\ngrape: 40\n")
            let validate = try await sandbox.juice("validate")
            #expect(validate.exitCode == 0)
            #expect(validate.stderr == "")
            let json = try await sandbox.juice("report", "--format", "json")
            #expect(try json.json()["diagnostics"] == [])
        }
    }
}
