import Foundation
import TestSupport
import Testing

/// SPEC 16's `order` entries and the deliveries that name them, shipped by
/// `juice-sync push` to a real PostgreSQL and pulled back: the copy's
/// journal is the shop's, byte for byte, and answers `juice orders` as the
/// shop does.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct OrderSyncTests {
    /// The chain's menu with a par: each store orders 1 pack of 10 bananas.
    static let menu = """
        fruits:
          banana: { name: Banana, stock: 1000000, par: 1000010, pack: 10, cost: 5, supplier: farm }
          kiwi: { name: Kiwi, stock: 1000000 }
        suppliers:
          farm: { name: Farm }
        recipes:
          banana:
            name: Banana Juice
            uses: { banana: 2 }

        """

    @Test func orderEntriesAndTheirDeliveriesShipAndPullAsTheyAre() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try Self.menu.write(
                    to: chain.folder.appendingPathComponent("recipes/menu.yaml"), atomically: true, encoding: .utf8)
                let inNorth = ["--store", "north", "--stores", ChainFixture.manifest]
                let inSouth = ["--store", "south", "--stores", ChainFixture.manifest]
                let placed = try await chain.juice(["order", "--place", "--format", "json"] + inNorth)
                #expect(try JSON(parsing: placed.stdout)["order"] == 1)
                try await chain.juice(["receive", "1", "banana=8"] + inNorth)
                try await chain.juice(["order", "--place"] + inSouth)
                try await chain.juice(["receive", "--cancel", "1"] + inSouth)
                try await chain.juice(["order", "--place"] + inSouth)
                let push = try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest])
                #expect(push.exitCode == 0, "\(push.stderr)")
                #expect(try await database.entries(of: "south").map(\.kind) == ["order", "order", "order"])
                let north = try await database.entries(of: "north")
                #expect(north.map(\.kind) == ["order", "adjust"])
                #expect(north.last?.line.contains(#""reason":"delivery","order":1,"#) == true)
                let pull = try await chain.sync([
                    "pull", "copy", "--from", database.text, "--stores", ChainFixture.manifest,
                ])
                #expect(pull.exitCode == 0, "\(pull.stderr)")
                #expect(pull.stdoutLines == ["north: pulled entries 1 to 2", "south: pulled entries 1 to 3"])
                for store in ChainFixture.stores {
                    #expect(
                        try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/\(store).yaml.journal"))
                            == Data(contentsOf: chain.journal(store)))
                }
                let copied = try await chain.juice(
                    ["orders", "--store", "south", "--stores", "copy/stores.yaml", "--format", "json"])
                let orders = try JSON(parsing: copied.stdout)["orders"]?.items ?? []
                #expect(orders.map { $0["order"] } == [3])
                #expect(
                    orders.first?["lines"] == [
                        ["supplier": "farm", "fruit": "banana", "units": 10, "packs": 1, "cost": 50]
                    ])
                let northOrders = try await chain.juice(
                    ["orders", "--store", "north", "--stores", "copy/stores.yaml", "--format", "json"])
                #expect(try JSON(parsing: northOrders.stdout)["orders"] == [])
                #expect(try await chain.reportedStock("north")["banana"] == 1_000_008)
            }
        }
    }
}
