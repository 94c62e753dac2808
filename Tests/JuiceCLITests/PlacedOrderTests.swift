import Foundation
import TestSupport
import Testing

/// SPEC 16's orders: `juice order --place` records an `order` entry,
/// what is on order nets `juice order`'s proposals, `juice orders` lists
/// the open ones, and `juice receive` books each order once (by id or by
/// file), says what arrived short, and `--cancel` withdraws one. The shop
/// is ``SupplyExample``: strawberry 4, banana 9, kiwi 2, mango 11, lime 0,
/// which orders strawberry 36 (3 packs, 10800), kiwi 20 (2 packs, no
/// cost) and mango 1 (700). Its inventory is written by hand, so the first
/// change records that hand edit as entry 1: the first order is entry 2.
@Suite struct PlacedOrderTests {
    /// The `order` entry's lines of the example's first order.
    static let firstLines: JSON = [
        ["supplier": "farm", "fruit": "strawberry", "units": 36, "packs": 3, "cost": 10800],
        ["supplier": "market", "fruit": "kiwi", "units": 20, "packs": 2, "cost": .null],
        ["supplier": .null, "fruit": "mango", "units": 1, "packs": 1, "cost": 700],
    ]

    /// The journal's entries, as `juice log --format json` lists them.
    static func entries(_ sandbox: Sandbox) async throws -> [JSON] {
        let log = try await sandbox.juice("log", "--format", "json")
        #expect(log.exitCode == 0)
        return try log.json()["entries"]?.items ?? []
    }

    /// A shop whose first order is placed as entry 2.
    static func shopWithPlacedOrder(_ sandbox: Sandbox) async throws {
        try OrderTests.shop(sandbox)
        let placed = try await sandbox.juice("order", "--place", "--format", "json")
        #expect(placed.exitCode == 0)
        #expect(try placed.json()["order"] == 2)
    }

    @Test func placeRecordsAnOrderEntryThatChangesNoStock() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let placed = try await sandbox.juice("order", "--place", "--format", "json")
            #expect(placed.exitCode == 0)
            let json = try placed.json()
            #expect(json["order"] == 2)
            #expect(json["suppliers"]?.items.count == 3)
            #expect(json["suppliers"]?[0]?["lines"]?[0]?["units"] == 36)
            #expect(try sandbox.stock() == SupplyExample.stock)
            let entries = try await Self.entries(sandbox)
            #expect(entries.map { $0["kind"] } == ["edit", "order"])
            #expect(entries.last?["changes"] == [:])
            #expect(entries.last?["lines"] == Self.firstLines)
        }
    }

    @Test func placeSaysTheOrderInText() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let placed = try await sandbox.juice("order", "--place")
            #expect(placed.exitCode == 0)
            #expect(placed.stdoutLines.first == "Order 2 placed.")
            #expect(placed.stdoutLines.contains { $0.contains("Strawberry") && $0.contains("36") })
        }
    }

    @Test func placeWithNothingToOrderWritesNothingAndAnswersNull() async throws {
        try await Sandbox.with { sandbox in
            let stock = ["strawberry": 30, "banana": 20, "kiwi": 15, "mango": 12, "lime": 0]
            try OrderTests.shop(sandbox, stock: stock)
            let placed = try await sandbox.juice("order", "--place", "--format", "json")
            #expect(placed.exitCode == 0)
            #expect(try placed.json()["order"] == .null)
            #expect(try placed.json()["suppliers"] == [])
            #expect(!sandbox.exists("inventory.yaml.journal"))
            #expect(try sandbox.stock() == stock)
            let text = try await sandbox.juice("order", "--place")
            #expect(text.exitCode == 0)
            #expect(text.stdout == "Nothing to order: nothing placed.\n")
        }
    }

    @Test func aFruitWhollyOnOrderHasNoLineAndAPlacedOrderIsNotPlacedAgain() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let order = try await sandbox.juice("order", "--format", "json")
            #expect(order.exitCode == 0)
            #expect(try order.json()["suppliers"] == [])
            let text = try await sandbox.juice("order")
            #expect(
                text.stdout
                    == "Nothing to order: what is on order covers every fruit at or below its reorder level (juice orders lists it).\n"
            )
            let again = try await sandbox.juice("order", "--place", "--format", "json")
            #expect(try again.json()["order"] == .null)
            #expect(try await Self.entries(sandbox).count == 2)
        }
    }

    @Test func onOrderCountsAndTheProposalIsWhatIsStillNeeded() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            #expect(try await sandbox.juice("receive", "2").exitCode == 0)
            // Strawberry 40 - 30 = 10: the second order brings 24 (2 packs) to 34.
            #expect(try await sandbox.juice("adjust", "strawberry=-30", "--reason", "waste").exitCode == 0)
            let second = try await sandbox.juice("order", "--place", "--format", "json")
            #expect(try second.json()["order"] == 5)
            #expect(try second.json()["suppliers"]?[0]?["lines"]?[0]?["units"] == 24)
            // Strawberry 0, 24 on order: 24 <= 29, so 6 more, 1 pack of 12.
            #expect(try await sandbox.juice("adjust", "strawberry=-10", "--reason", "waste").exitCode == 0)
            let order = try await sandbox.juice("order", "--format", "json")
            #expect(order.exitCode == 0)
            let suppliers = try order.json()["suppliers"]?.items ?? []
            #expect(suppliers.count == 1)
            #expect(
                suppliers.first?["lines"]
                    == [
                        [
                            "fruit": "strawberry", "have": 0, "onOrder": 24, "par": 30, "units": 12, "packs": 1,
                            "cost": 3600,
                        ]
                    ])
            let text = try await sandbox.juice("order")
            #expect(text.stdoutLines.contains("  FRUIT       HAVE  ON ORDER  PAR  UNITS  PACKS  COST"))
            #expect(text.stdoutLines.contains("  Strawberry     0        24   30     12      1  3600"))
        }
    }

    @Test func ordersListsTheOpenOrdersInEveryFormat() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let json = try await sandbox.juice("orders", "--format", "json")
            #expect(json.exitCode == 0)
            let orders = try json.json()["orders"]?.items ?? []
            #expect(orders.count == 1)
            #expect(orders.first?["order"] == 2)
            #expect(orders.first?["lines"] == Self.firstLines)
            #expect(orders.first?["units"] == 57)
            #expect(orders.first?["cost"] == .null)
            #expect(orders.first?["time"]?.string?.hasSuffix("Z") == true)
            let csv = try await sandbox.juice("orders", "--format", "csv")
            #expect(csv.stdoutLines.count == 4)
            #expect(csv.stdoutLines.first == "order,time,supplier,fruit,units,packs,cost")
            #expect(csv.stdoutLines[1].hasPrefix("2,") && csv.stdoutLines[1].hasSuffix(",farm,strawberry,36,3,10800"))
            #expect(csv.stdoutLines[3].hasSuffix(",,mango,1,1,700"))
            let text = try await sandbox.juice("orders")
            #expect(text.exitCode == 0)
            #expect(text.stdoutLines.first?.hasPrefix("ORDER  PLACED") == true)
            #expect(try await sandbox.juice("receive", "2").exitCode == 0)
            #expect(try await sandbox.juice("orders", "--format", "json").json()["orders"] == [])
            #expect(try await sandbox.juice("orders").stdout == "No open orders.\n")
        }
    }

    @Test func aPlacedOrderIsReceivedOnceAndTheSecondReceiveChangesNothing() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let first = try await sandbox.juice("receive", "2", "--format", "json")
            #expect(first.exitCode == 0)
            let answer = try first.json()
            #expect(answer["ok"] == true)
            #expect(answer["entry"] == 3)
            #expect(answer["order"] == 2)
            #expect(answer["short"] == [:])
            let received = ["strawberry": 40, "banana": 9, "kiwi": 22, "mango": 12, "lime": 0]
            #expect(try sandbox.stock() == received)
            let entry = try await Self.entries(sandbox).last
            #expect(entry?["reason"] == "delivery")
            #expect(entry?["order"] == 2)
            #expect(entry?["changes"] == ["strawberry": 36, "kiwi": 20, "mango": 1])

            let second = try await sandbox.juice("receive", "2", "--format", "json")
            #expect(second.exitCode == 1)
            let refusal = try second.json()
            #expect(refusal["ok"] == false)
            #expect(refusal["error"] == "already-received")
            #expect(refusal["entry"] == 3)
            #expect(try sandbox.stock() == received)
            #expect(try await Self.entries(sandbox).count == 3)

            let text = try await sandbox.juice("receive", "2")
            #expect(text.exitCode == 1)
            #expect(
                text.stderr
                    == "error: order 2 was received already, by entry 3: nothing was booked (juice undo 3 opens it again)\n"
            )
        }
    }

    /// Eight receives of one order at once: the lock decides, one books it,
    /// seven are refused, and the stock has it once.
    @Test func receivesAtOnceBookTheOrderOnce() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let results = try await ConcurrencyTests.launchAll(8, ["receive", "2"], in: sandbox)
            #expect(results.compactMap(\.exitCode).sorted() == [0, 1, 1, 1, 1, 1, 1, 1], "\(results.map(\.stderr))")
            #expect(
                results.filter { $0.exitCode == 1 }.allSatisfy {
                    $0.stderr.hasPrefix("error: order 2 was received already, by entry 3")
                })
            #expect(try sandbox.stock()["strawberry"] == 40)
            #expect(try await Self.entries(sandbox).count == 3)
        }
    }

    @Test func whatArrivedShortIsSaidAndNoLongerOnOrder() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let receipt = try await sandbox.juice("receive", "2", "strawberry=24", "kiwi=0", "--format", "json")
            #expect(receipt.exitCode == 0)
            #expect(try receipt.json()["short"] == ["strawberry": 12, "kiwi": 20])
            #expect(try sandbox.stock() == ["strawberry": 28, "banana": 9, "kiwi": 2, "mango": 12, "lime": 0])
            #expect(try await sandbox.juice("orders", "--format", "json").json()["orders"] == [])
            // Strawberry 28 <= 29: 2 more, 1 pack; kiwi 2: 2 packs. Nothing on order.
            let order = try await sandbox.juice("order", "--format", "json").json()
            #expect(order["suppliers"]?[0]?["lines"]?[0]?["units"] == 12)
            #expect(order["suppliers"]?[0]?["lines"]?[0]?["onOrder"] == 0)
            #expect(order["suppliers"]?[1]?["lines"]?[0]?["units"] == 20)
        }
    }

    @Test func shortInTextIsSaid() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let receipt = try await sandbox.juice("receive", "2", "strawberry=24", "kiwi=0")
            #expect(receipt.exitCode == 0)
            #expect(
                receipt.stdoutLines == [
                    "Order 2 received.", "Strawberry: 4 → 28", "Mango: 11 → 12",
                    "Short: Strawberry 12, Kiwi 20 (no longer on order).",
                ])
        }
    }

    @Test func undoingTheDeliveryOpensTheOrderAgain() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            #expect(try await sandbox.juice("receive", "2").exitCode == 0)
            let undo = try await sandbox.juice("undo", "--format", "json")
            #expect(undo.exitCode == 0)
            #expect(try undo.json()["undoes"] == 3)
            #expect(try sandbox.stock() == SupplyExample.stock)
            #expect(try await sandbox.juice("orders", "--format", "json").json()["orders"]?.items.count == 1)
            let again = try await sandbox.juice("receive", "2", "--format", "json")
            #expect(again.exitCode == 0)
            #expect(try again.json()["entry"] == 5)
            #expect(try sandbox.stock()["strawberry"] == 40)
        }
    }

    @Test func undoLeavesOrderEntriesAlone() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let named = try await sandbox.juice("undo", "2")
            #expect(named.exitCode == 1)
            #expect(
                named.stderr
                    == "error: entry 2 is an order, which changed no stock: juice receive --cancel withdraws an order\n"
            )
            #expect(try await Self.entries(sandbox).count == 2)
            // Before the order is only the hand edit, which no plain undo takes.
            let latest = try await sandbox.juice("undo")
            #expect(latest.exitCode == 1)
            #expect(latest.stderr == "error: nothing to undo: the journal has no make or adjust that is not undone\n")
            #expect(try await sandbox.juice("orders", "--format", "json").json()["orders"]?.items.count == 1)
        }
    }

    @Test func aCancelledOrderIsNoLongerOnOrderAndCannotBeReceived() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let cancel = try await sandbox.juice("receive", "--cancel", "2")
            #expect(cancel.exitCode == 0)
            #expect(cancel.stdout == "Order 2 cancelled: no longer on order.\n")
            let entry = try await Self.entries(sandbox).last
            #expect(entry == ["id": 3, "time": entry?["time"] ?? .null, "kind": "order", "cancels": 2, "changes": [:]])
            #expect(try await sandbox.juice("orders", "--format", "json").json()["orders"] == [])
            #expect(try await sandbox.juice("order", "--format", "json").json()["suppliers"]?.items.count == 3)
            let receive = try await sandbox.juice("receive", "2", "--format", "json")
            #expect(receive.exitCode == 1)
            #expect(try receive.json()["error"] == "cancelled")
            #expect(try receive.json()["entry"] == 3)
            #expect(try sandbox.stock() == SupplyExample.stock)
            let twice = try await sandbox.juice("receive", "--cancel", "2")
            #expect(twice.exitCode == 1)
            #expect(twice.stderr == "error: order 2 was cancelled, by entry 3: nothing was booked\n")
            let none = try await sandbox.juice("receive", "9")
            #expect(none.exitCode == 64)
            #expect(none.stderr == "error: the journal has no placed order 9: juice orders lists the open ones\n")
        }
    }

    @Test func aSavedPlacedOrderIsReceivedByItsID() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let placed = try await sandbox.juice("order", "--place", "--format", "json")
            try sandbox.write("placed.json", placed.stdout)
            let receipt = try await sandbox.juice("receive", "placed.json", "--format", "json")
            #expect(receipt.exitCode == 0)
            #expect(try receipt.json()["order"] == 2)
            #expect(try sandbox.stock()["strawberry"] == 40)
            let byID = try await sandbox.juice("receive", "2", "--format", "json")
            #expect(byID.exitCode == 1)
            #expect(try byID.json()["error"] == "already-received")
            #expect(try byID.json()["entry"] == 3)
        }
    }

    @Test func aFileOfAnOrderNeverPlacedIsReceivedOncePerContent() async throws {
        try await Sandbox.with { sandbox in
            _ = try await ReceiveTests.shopWithOrder(sandbox)
            let first = try await sandbox.juice("receive", "order.json", "--format", "json")
            #expect(first.exitCode == 0)
            #expect(try first.json()["order"] == .null)
            #expect(try first.json()["entry"] == 2)
            let entry = try await Self.entries(sandbox).last
            #expect(entry?["orderHash"]?.string?.count == 16)
            let again = try await sandbox.juice("receive", "order.json", "--format", "json")
            #expect(again.exitCode == 1)
            #expect(try again.json()["error"] == "already-received")
            #expect(try again.json()["entry"] == 2)
            #expect(try sandbox.stock()["strawberry"] == 40)
            let text = try await sandbox.juice("receive", "order.json")
            #expect(text.stderr == "error: this order file was received already, by entry 2: nothing was booked\n")
            // Another content (the same order, a byte more) is another file.
            let saved = try #require(sandbox.read("order.json"))
            try sandbox.write("other.json", bytes: Array(saved) + [UInt8(ascii: " ")])
            #expect(try await sandbox.juice("receive", "other.json").exitCode == 0)
            #expect(try sandbox.stock()["strawberry"] == 76)
        }
    }

    @Test func usageAndVarianceIgnoreOrderEntries() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            #expect(try await sandbox.juice("receive", "--cancel", "2").exitCode == 0)
            let usage = try await sandbox.juice("usage", "--format", "json")
            #expect(usage.exitCode == 0)
            #expect(try usage.json()["fruits"] == [:])
            let variance = try await sandbox.juice("variance", "--format", "json")
            #expect(variance.exitCode == 0)
            let log = try await sandbox.juice("log")
            #expect(log.exitCode == 0)
            #expect(log.stdoutLines.count == 3)
            #expect(log.stdoutLines[1].hasSuffix("  order  Strawberry 36, Kiwi 20, Mango 1"))
            #expect(log.stdoutLines[2].hasSuffix("  cancel of order 2  no change"))
        }
    }

    @Test func aDryRunReceivesNothingAndMistakesAreUsageErrors() async throws {
        try await Sandbox.with { sandbox in
            try await Self.shopWithPlacedOrder(sandbox)
            let dry = try await sandbox.juice("receive", "2", "kiwi=5", "--dry-run", "--format", "json")
            #expect(dry.exitCode == 0)
            #expect(try dry.json()["dryRun"] == true)
            #expect(try dry.json()["inventory"]?["kiwi"] == 7)
            #expect(try dry.json()["short"] == ["kiwi": 15])
            #expect(try dry.json()["order"] == 2)
            #expect(try sandbox.stock() == SupplyExample.stock)
            #expect(try await Self.entries(sandbox).count == 2)
            let nothing = try await sandbox.juice("receive")
            #expect(nothing.exitCode == 64)
            #expect(
                nothing.stderr.hasPrefix(
                    "error: name the order received: its id (juice orders lists them) or a saved order file"))
            let both = try await sandbox.juice("receive", "2", "--cancel", "2")
            #expect(both.exitCode == 64)
            #expect(try await sandbox.juice("receive", "--cancel", "0").exitCode == 64)
        }
    }

    @Test func orderKeysOnAnotherKindOfEntryAreRefusedAtTheirPlace() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            try sandbox.write(
                "inventory.yaml.journal",
                #"{"id":1,"time":"2026-11-29T06:00:00Z","kind":"adjust","reason":"waste","order":1,"changes":{}}"#
                    + "\n")
            let log = try await sandbox.juice("log")
            #expect(log.exitCode == 65)
            #expect(
                log.stderr.contains(
                    "inventory.yaml.journal:1:72: error: 'order' belongs only in an entry of a delivery [unknown-key]"))
        }
    }

    @Test func anOrderEntryThatChangesStockIsRefusedAtItsPlace() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            try sandbox.write(
                "inventory.yaml.journal",
                #"{"id":1,"time":"2026-11-29T06:00:00Z","kind":"order","changes":{"kiwi":3},"lines":[]}"# + "\n")
            let log = try await sandbox.juice("log")
            #expect(log.exitCode == 65)
            #expect(
                log.stderr.contains(
                    "inventory.yaml.journal:1:64: error: an order changes no stock: its 'changes' must be {}"))
        }
    }

    /// A chain: each store places and receives its own orders (`--store
    /// NAME`), and the chain's `juice order --stores` counts each store's
    /// open orders: gangnam's is wholly covered, hongdae's unchanged.
    @Test func aChainsStoresPlaceAndReceiveTheirOwnOrdersAndTheChainsOrderCountsThem() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.Stores.chain(sandbox)
            let gangnam = ["--store", "gangnam", "--stores", "recipes/stores.yaml"]
            let hongdae = ["--store", "hongdae", "--stores", "recipes/stores.yaml"]
            let placed = try await sandbox.juice(arguments: ["order", "--place", "--format", "json"] + gangnam)
            #expect(placed.exitCode == 0)
            #expect(try placed.json()["order"] == 2)
            let chain = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(chain.exitCode == 0)
            let stores = try chain.json()["stores"]?.items ?? []
            #expect(stores.map { $0["store"] } == ["gangnam", "hongdae"])
            #expect(stores.first?["suppliers"] == [])
            #expect(
                stores.last?["suppliers"]
                    == OrderTests.expectedSuppliers(
                        OrderTests.Stores.stocks["hongdae"] ?? [:], names: OrderTests.englishNames))
            #expect(try chain.json()["total"]?["packs"] == 5)
            #expect(
                try await sandbox.juice(arguments: ["orders", "--format", "json"] + gangnam).json()["orders"]?.items
                    .count == 1)
            #expect(
                try await sandbox.juice(arguments: ["orders", "--format", "json"] + hongdae).json()["orders"] == [])
            let elsewhere = try await sandbox.juice(arguments: ["receive", "2"] + hongdae)
            #expect(elsewhere.exitCode == 64)
            let received = try await sandbox.juice(arguments: ["receive", "2", "--format", "json"] + gangnam)
            #expect(received.exitCode == 0)
            #expect(try received.json()["entry"] == 3)
            #expect(try sandbox.stock("state/gangnam.yaml")["strawberry"] == 40)
            #expect(try sandbox.stock("state/hongdae.yaml") == OrderTests.Stores.stocks["hongdae"])
            let noStore = try await sandbox.juice("order", "--place", "--stores", "recipes/stores.yaml")
            #expect(noStore.exitCode == 64)
        }
    }
}
