import Foundation
import TestSupport
import Testing

/// `juice import` of a ticket whose numbers pass a count's bound
/// (1,000,000,000): refused whole at the quantity that takes it past, never
/// booked as a saturated number (Documentation/Menus.md's limits).
@Suite struct ImportBoundTests {
    /// The shop's map, with items of many servings to a unit.
    static let map = TestSalesMap(
        items: [
            "Banana Juice": ("banana", 1), "Banana Crate": ("banana", 2000), "Kiwi Tray": ("kiwiBanana", 600),
            "Banana Tray": ("banana", 600),
        ],
        modifiers: ["Extra Banana": .fruits(["banana": 1])], ignore: ["Straw"])

    /// A generic export: a good ticket, then `rows` (item, quantity) of
    /// ticket `BIG`.
    static func export(_ rows: [(item: String, quantity: Int)]) -> String {
        var text = "ticket,time,item,quantity\nGOOD,2026-11-28T10:00:00Z,Banana Juice,1\n"
        for (item, quantity) in rows { text += "BIG,2026-11-28T10:05:00Z,\(item),\(quantity)\n" }
        return text
    }

    static let cases: [(rows: [(item: String, quantity: Int)], line: Int, message: String)] = [
        // 1,000,000 × 2,000 servings: 2,000,000,000 servings.
        (
            [("Banana Crate", 1_000_000)], 3,
            "column 'quantity' takes the ticket's servings of banana past 1000000000 [invalid-quantity]"
        ),
        // Two lines of 600,000,000 servings each: the second takes the sum past.
        (
            [("Kiwi Tray", 1_000_000), ("Kiwi Tray", 1_000_000)], 4,
            "column 'quantity' takes the ticket's servings of kiwiBanana past 1000000000 [invalid-quantity]"
        ),
        // 600,000,000 servings, 2 bananas each: the fruit passes, the servings do not.
        (
            [("Banana Juice", 3), ("Banana Tray", 1_000_000)], 4,
            "column 'quantity' takes the ticket's use of banana past 1000000000 [invalid-quantity]"
        ),
    ]

    @Test(arguments: cases.indices)
    func aTicketPastTheBoundIsRefusedWholeAtTheQuantityThatTakesItPast(case index: Int) async throws {
        let (rows, line, message) = Self.cases[index]
        try await ImportCommandTests.withShop(map: Self.map) { shop in
            let text = Self.export(rows)
            try shop.sandbox.write("sales.csv", text)
            let row = text.split(separator: "\n")[line - 1]
            let column = row.count - row.split(separator: ",").last!.count + 1
            for dryRun in [[], ["--dry-run"]] {
                let result = try await shop.sandbox.juice(arguments: ["import", "sales.csv", "--from", "csv"] + dryRun)
                #expect(result.exitCode == 65, "\(result.stderr)")
                #expect(
                    result.stderrLines == [
                        ImportCommandTests.absentNote, "sales.csv:\(line):\(column): error: \(message)",
                    ])
                #expect(result.stdout == "")
                // Nothing of the call booked, the good ticket included.
                #expect(shop.files() == [nil, nil])
            }
        }
    }
}
