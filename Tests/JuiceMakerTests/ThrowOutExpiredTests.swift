import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// `Store.throwOutExpired` (`juice waste --expired`, SPEC 18) by the
/// store's business day: with `dayStarts: "05:00"`, 02:00 on 1 December
/// is still 30 November, on which only the lot best before the 29th has
/// expired.
@Suite struct ThrowOutExpiredTests {
    private static let menu = """
        dayStarts: "05:00"
        fruits:
          kiwi: { stock: 0, cost: 3, shelfLife: 5 }
        recipes:
          kiwi: { kiwi: 1 }

        """

    private static let inventory =
        "kiwi: [{count: 3, bestBefore: 2026-11-29}, {count: 4, bestBefore: 2026-11-30}, {count: 2}]\n"

    /// `hours` after local midnight starting 2026-12-01 (negative: before).
    private static func time(hours: Int) -> JournalTime {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let midnight = calendar.date(from: DateComponents(year: 2026, month: 12, day: 1))!
        return JournalTime(seconds: Int(midnight.timeIntervalSince1970) + hours * 3600)
    }

    @Test func whatHasExpiredIsTheBusinessDaysAndUndoPutsTheSameLotsBack() throws {
        try TemporaryFolder.withPath { folder in
            try Self.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try Self.inventory.write(toFile: folder + "/inventory.yaml", atomically: true, encoding: .utf8)
            let store = try StoreService(lockTimeout: 1).open(
                StoreAddress(menuPath: folder + "/menu.yaml", inventoryPath: folder + "/inventory.yaml"))
            let before = try store.readStock().inventory

            // At 04:00 on the 30th it is still the 29th: nothing has expired, nothing is written.
            let none = try store.throwOutExpired(now: Self.time(hours: -20))
            #expect(none.before == none.after && none.entries.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder + "/inventory.yaml.journal"))

            let early = try store.throwOutExpired(dryRun: true, now: Self.time(hours: 2))
            #expect(
                early.after.lots(of: "kiwi") == [
                    Lot(count: 4, bestBefore: CalendarDate(parsing: "2026-11-30")), Lot(count: 2),
                ])
            let late = try store.throwOutExpired(now: Self.time(hours: 6))
            #expect(late.after.lots(of: "kiwi") == [Lot(count: 2)])
            let entry = try #require(late.entries.last)
            #expect(entry.kind == .adjust && entry.reason == .expired)
            #expect(entry.changes == ["kiwi": -7])
            #expect(
                entry.lots == [
                    "kiwi": [
                        .init(bestBefore: CalendarDate(parsing: "2026-11-29"), change: -3),
                        .init(bestBefore: CalendarDate(parsing: "2026-11-30"), change: -4),
                    ]
                ])
            let undone = try store.undo()
            #expect(undone.after == before)
            #expect(try store.readStock().inventory == before)
        }
    }
}
