import Foundation
import TestSupport
import Testing

/// What the reviews of SPEC 16's orders found, each as it was seen: the
/// shop is ``PlacedOrderTests/shopWithPlacedOrder(_:)``'s, order 2 placed
/// (strawberry 36, kiwi 20, mango 1).
@Suite struct OrderReviewTests {
    @Test(arguments: ["\"2\"", "true", "[2]"])
    func aSavedPlacedOrderWhoseIDIsNotANumberIsRefusedNotBookedAsAFile(id: String) async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let placed = try await sandbox.juice("order", "--place", "--format", "json")
            let edited = placed.stdout.replacingOccurrences(of: "\"order\" : 2,", with: "\"order\" : \(id),")
            #expect(edited != placed.stdout)
            try sandbox.write("placed.json", edited)
            let refused = try await sandbox.juice("receive", "placed.json")
            #expect(refused.exitCode == 65)
            #expect(refused.stderr.contains("[type-mismatch]"))
            #expect(refused.stderr.contains("'order' must be an order's id (a whole number from 1)"))
            #expect(try sandbox.stock() == SupplyExample.stock)
            // The order is still open, and booked once by its id.
            #expect(try await sandbox.juice("receive", "2").exitCode == 0)
            #expect(try await sandbox.juice("receive", "2").exitCode == 1)
            #expect(try sandbox.stock()["strawberry"] == SupplyExample.stock["strawberry"]! + 36)
        }
    }

    @Test(arguments: ["3.0", "-3", "0"])
    func aSavedOrderIDThatIsNoWholeNumberFromOneSaysSo(id: String) async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            let saved = try await sandbox.juice("order", "--format", "json")
            try sandbox.write(
                "placed.json",
                saved.stdout.replacingOccurrences(
                    of: "{\n", with: "{\n  \"order\" : \(id),\n", options: [], range: saved.stdout.range(of: "{\n")))
            let refused = try await sandbox.juice("receive", "placed.json")
            #expect(refused.exitCode == 65)
            #expect(
                refused.stderr.contains(
                    "placed.json:2:13: error: 'order' must be an order's id, a whole number from 1, not \(id) [type-mismatch]"
                ))
        }
    }

    @Test func receivingAnOrderWhereNothingArrivedIsAUsageErrorAndTheOrderStaysOpen() async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            let refused = try await sandbox.juice("receive", "2", "strawberry=0", "kiwi=0", "mango=0")
            #expect(refused.exitCode == 64)
            #expect(refused.stderr == "error: nothing to receive: every line is 0\n")
            #expect(try sandbox.stock() == SupplyExample.stock)
            let open = try await sandbox.juice("orders", "--format", "json")
            #expect(try open.json()["orders"]?.items.map { $0["order"] } == [2])
        }
    }

    @Test func aBrokenOrderEntryMakesOrderAndOrdersExit65AfterTheirAnswer() async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            let journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            try sandbox.write(
                "inventory.yaml.journal",
                journal.replacingOccurrences(of: "\"kind\":\"order\"", with: "\"kind\":\"order\",\"note\":\"fax\""))
            let order = try await sandbox.juice("order", "--format", "json")
            #expect(order.exitCode == 65)
            #expect(try order.json()["diagnostics"]?.items.contains { $0["severity"] == "error" } == true)
            let orders = try await sandbox.juice("orders")
            #expect(orders.exitCode == 65)
            #expect(orders.stderr.contains("unknown key 'note'"))
        }
    }

    @Test func anOrdersTotalsAreExactPastAnInt() async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            let journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            let big =
                "{\"supplier\":\"farm\",\"fruit\":\"strawberry\",\"units\":1000000000,\"packs\":1000000000,\"cost\":9000000000000000000}"
            let lines = journal.components(separatedBy: "\n").map { line in
                guard line.contains("\"kind\":\"order\"") else { return line }
                let start = line.range(of: "\"lines\":[")!.upperBound
                let end = line[start...].range(of: "]")!.lowerBound
                return line.replacingCharacters(in: start..<end, with: [big, big, big].joined(separator: ","))
            }
            try sandbox.write("inventory.yaml.journal", lines.joined(separator: "\n"))
            let orders = try await sandbox.juice("orders", "--format", "json")
            #expect(orders.exitCode == 0)
            #expect(orders.stdout.contains("\"cost\" : 27000000000000000000,"))
            #expect(orders.stdout.contains("\"units\" : 3000000000\n"))
            let text = try await sandbox.juice("orders")
            #expect(
                text.stdoutLines.last?.split(separator: " ")
                    == ["TOTAL", "3000000000", "3000000000", "27000000000000000000"])
        }
    }

    @Test func undoingACancelSaysItIsOneAndHowToOrderAgain() async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            #expect(try await sandbox.juice("receive", "--cancel", "2").exitCode == 0)
            let undo = try await sandbox.juice("undo", "3")
            #expect(undo.exitCode == 1)
            #expect(
                undo.stderr
                    == "error: entry 3 withdrew order 2, and a withdrawal stands: to order it after all, juice order --place\n"
            )
        }
    }

    @Test func aSavedFilesShortfallIsSaidWithoutAnOrderToLeave() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let saved = try await sandbox.juice("order", "--format", "json")
            try sandbox.write("order.json", saved.stdout)
            let received = try await sandbox.juice("receive", "order.json", "kiwi=15")
            #expect(received.exitCode == 0)
            #expect(received.stdoutLines.last == "Short: Kiwi 5.")
        }
    }

    @Test(arguments: ["csv", "markdown"])
    func placingInATableFormatSaysTheIDOnStderr(format: String) async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let placed = try await sandbox.juice("order", "--place", "--format", format)
            #expect(placed.exitCode == 0)
            #expect(placed.stderr.contains("Order 2 placed.\n"))
            #expect(!placed.stdout.contains("Order 2 placed."))
        }
    }

    @Test func aCancelWithLinesSaysTheyDoNotBelongThere() async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            #expect(try await sandbox.juice("receive", "--cancel", "2").exitCode == 0)
            let journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            try sandbox.write(
                "inventory.yaml.journal",
                journal.replacingOccurrences(of: "\"cancels\":2", with: "\"cancels\":2,\"lines\":[]"))
            let validate = try await sandbox.juice("validate", "--inventory", "inventory.yaml")
            #expect(validate.exitCode == 65)
            #expect(
                validate.stderr.contains(
                    "error: 'lines' does not belong in an entry of an order's cancel [unknown-key]"))
        }
    }

    @Test(arguments: ["0", "00", "99999999999999999999"])
    func digitsThatAreNoOrderIDAreAUsageErrorNotAMissingFile(id: String) async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            let refused = try await sandbox.juice("receive", id)
            #expect(refused.exitCode == 64)
            #expect(
                refused.stderr.hasPrefix(
                    "error: '\(id)' is not an order's id: give the number juice order --place printed\n"))
        }
    }

    /// A hand edit can write what `juice` never does; `validate` says it at
    /// the entry's line, and receiving refuses while it stands.
    @Test func aDeliveryBookedTwiceOrOfACancelledOrderIsAnErrorAtItsLine() async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            #expect(try await sandbox.juice("receive", "2").exitCode == 0)
            #expect(try await sandbox.juice("adjust", "banana=+1", "--reason", "delivery").exitCode == 0)
            let journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            var lines = journal.split(separator: "\n").map(String.init)
            // Entry 4, a delivery of no order, made order 2's again.
            let twice = lines[3].replacingOccurrences(
                of: "\"reason\":\"delivery\"", with: "\"reason\":\"delivery\",\"order\":2")
            #expect(twice != lines[3])
            lines[3] = twice
            try sandbox.write("inventory.yaml.journal", lines.joined(separator: "\n") + "\n")
            let validate = try await sandbox.juice("validate", "--inventory", "inventory.yaml")
            #expect(validate.exitCode == 65)
            #expect(
                validate.stderr.contains(
                    "inventory.yaml.journal:4:1: error: entry 4 names order 2, which entry 3 received already: a delivery booked twice, or a received order cancelled [invalid-id]"
                ), "\(validate.stderr)")
            // A cancel of entry 1, an edit: no order.
            lines[3] = lines[3].replacingOccurrences(of: "\"order\":2", with: "\"order\":1")
            try sandbox.write("inventory.yaml.journal", lines.joined(separator: "\n") + "\n")
            let again = try await sandbox.juice("validate", "--inventory", "inventory.yaml")
            #expect(
                again.stderr.contains(
                    "inventory.yaml.journal:4:1: error: entry 4 names order 1, which no entry before it placed [invalid-id]"
                ), "\(again.stderr)")
        }
    }

    @Test func anOrderWithNoLineIsAnError() async throws {
        try await Sandbox.with { sandbox in
            try await PlacedOrderTests.shopWithPlacedOrder(sandbox)
            let journal = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
            let start = try #require(journal.range(of: "\"lines\":["))
            let end = try #require(journal[start.upperBound...].range(of: "}]"))
            try sandbox.write(
                "inventory.yaml.journal", journal.replacingCharacters(in: start.upperBound..<end.upperBound, with: "]"))
            let validate = try await sandbox.juice("validate", "--inventory", "inventory.yaml")
            #expect(validate.exitCode == 65)
            #expect(validate.stderr.contains("error: an order's 'lines' has at least one line [invalid-quantity]"))
        }
    }
}
