import Foundation
import TestSupport
import Testing

/// Undoing a count that sales sold before it rely on (SPEC 17's time order,
/// SPEC 9's undo), end to end: such a sale leaves the counted fruit out of
/// its changes, so the count cannot be undone alone.
@Suite struct SaleCountUndoTests {
    /// A generic export of one ticket, sold an hour before now: 3 Banana
    /// Juice (banana 2 each) and a Kiwi Banana (kiwi 1, banana 1).
    static func export() -> String {
        let formatter = ISO8601DateFormatter()
        let sold = formatter.string(from: Date(timeIntervalSinceNow: -3600))
        return "ticket,time,item,quantity\nS1,\(sold),Banana Juice,3\nS1,\(sold),Kiwi Banana,1\n"
    }

    /// The stock of the test's own replay in time order, from the menu's
    /// 300 of each: `sold` sales of the export, then `counted` bananas.
    static func replay(sold: Bool, counted: Int?) -> [String: Int] {
        var stock = TillShop.startStock
        if sold {
            stock["banana"]! -= 7
            stock["kiwi"]! -= 1
        }
        if let counted { stock["banana"] = counted }
        return stock
    }

    @Test func aCountThatABackdatedSaleReliesOnIsNotUndoneAloneAndTheSaleUndoneFirstFreesIt() async throws {
        try await ImportCommandTests.withShop { shop in
            let sandbox = shop.sandbox
            #expect(try await sandbox.juice("count", "banana=290").exitCode == 0)
            try sandbox.write("sales.csv", Self.export())
            #expect(try await sandbox.juice("import", "sales.csv", "--from", "csv").exitCode == 0)
            // The count saw the banana gone: 290 stays; the kiwi falls.
            #expect(try sandbox.stock() == Self.replay(sold: true, counted: 290))
            #expect(try shop.journal()[1].contains(#""usedBeforeCount":{"banana":7},"changes":{"kiwi":-1}}"#))
            let files = shop.files()
            // Undone alone, the count would give back 300 bananas, the
            // sale's 7 never taken off (the replay without the count: 293).
            for arguments in [["undo", "1"], ["undo", "1", "--dry-run"]] {
                let refused = try await sandbox.juice(arguments: arguments)
                #expect(refused.exitCode == 1, "\(arguments): \(refused.stdout)")
                #expect(
                    refused.stderr
                        == "error: entry 1 is a count that sales sold before it rely on (entries 2): their use was left"
                        + " out of the stock because the count saw that fruit gone; undo those sales first, then the"
                        + " count, and import them again\n")
                #expect(shop.files() == files)
            }
            // The way the message says: the sale, the count, the import again.
            #expect(try await sandbox.juice("undo", "2").exitCode == 0)
            #expect(try sandbox.stock() == Self.replay(sold: false, counted: 290))
            #expect(try await sandbox.juice("undo", "1").exitCode == 0)
            #expect(try sandbox.stock() == Self.replay(sold: false, counted: nil))
            #expect(try await sandbox.juice("import", "sales.csv", "--from", "csv").exitCode == 0)
            #expect(try sandbox.stock() == Self.replay(sold: true, counted: nil))
            // The journal replays to the inventory.
            var replayed = TillShop.startStock
            for line in try shop.journal() {
                let changes = try #require(line.firstMatch(of: #/"changes":\{([^}]*)\}/#)).1
                for pair in changes.split(separator: ",") {
                    let parts = pair.split(separator: ":")
                    replayed[String(parts[0].dropFirst().dropLast()), default: 0] += Int(parts[1])!
                }
            }
            #expect(replayed == Self.replay(sold: true, counted: nil))
        }
    }
}
