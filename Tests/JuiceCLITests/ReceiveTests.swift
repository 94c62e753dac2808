import Foundation
import TestSupport
import Testing

/// `juice receive`: a saved `juice order --format json` booked as one
/// delivery, what arrived instead said with `FRUIT=N`, and a file that is
/// not an order refused at its place.
@Suite struct ReceiveTests {
    /// Each fruit's `units` in an order's JSON, read by the test.
    static func units(in order: JSON) -> [String: Int] {
        var units: [String: Int] = [:]
        for group in order["suppliers"]?.items ?? [] {
            for line in group["lines"]?.items ?? [] {
                if let fruit = line["fruit"]?.string, case .number(let count)? = line["units"] {
                    units[fruit, default: 0] += Int(count)
                }
            }
        }
        return units
    }

    /// A shop with its order saved as `order.json`; returns the order.
    static func shopWithOrder(_ sandbox: Sandbox) async throws -> JSON {
        try OrderTests.shop(sandbox)
        let order = try await sandbox.juice("order", "--format", "json")
        #expect(order.exitCode == 0)
        try sandbox.write("order.json", order.stdout)
        return try order.json()
    }

    /// The journal's last entry.
    static func lastEntry(_ sandbox: Sandbox) async throws -> JSON? {
        let log = try await sandbox.juice("log", "--format", "json")
        #expect(log.exitCode == 0)
        return try log.json()["entries"]?.items.last
    }

    @Test func aSavedOrderIsBookedAsOneDeliveryOfEveryLinesUnits() async throws {
        try await Sandbox.with { sandbox in
            let units = Self.units(in: try await Self.shopWithOrder(sandbox))
            #expect(units == ["strawberry": 36, "kiwi": 20, "mango": 1])
            let result = try await sandbox.juice("receive", "order.json")
            #expect(result.exitCode == 0)
            var expected = SupplyExample.stock
            for (fruit, count) in units { expected[fruit, default: 0] += count }
            #expect(try sandbox.stock() == expected)
            let entry = try #require(try await Self.lastEntry(sandbox))
            #expect(entry["kind"] == "adjust")
            #expect(entry["reason"] == "delivery")
            #expect(entry["changes"] == .object(units.mapValues { .number(Double($0)) }))
        }
    }

    @Test func fruitEqualsNSaysWhatArrivedInsteadEvenOfAFruitTheOrderLacks() async throws {
        try await Sandbox.with { sandbox in
            _ = try await Self.shopWithOrder(sandbox)
            let result = try await sandbox.juice("receive", "order.json", "strawberry=24", "kiwi=0", "lime=5")
            #expect(result.exitCode == 0)
            var expected = SupplyExample.stock
            expected["strawberry", default: 0] += 24
            expected["mango", default: 0] += 1
            expected["lime", default: 0] += 5
            #expect(try sandbox.stock() == expected)
            let entry = try #require(try await Self.lastEntry(sandbox))
            #expect(entry["changes"] == ["strawberry": 24, "mango": 1, "lime": 5])
        }
    }

    @Test func aDryRunChangesNothing() async throws {
        try await Sandbox.with { sandbox in
            _ = try await Self.shopWithOrder(sandbox)
            let result = try await sandbox.juice("receive", "order.json", "--dry-run", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(try result.json()["inventory"]?["strawberry"] == 40)
            #expect(try sandbox.stock() == SupplyExample.stock)
        }
    }

    @Test func anArrivalIsACountOfFruitNotAChange() async throws {
        try await Sandbox.with { sandbox in
            _ = try await Self.shopWithOrder(sandbox)
            let result = try await sandbox.juice("receive", "order.json", "kiwi=+5")
            #expect(result.exitCode == 64)
            #expect(
                result.stderrLines == [
                    "error: 'kiwi=+5' is not what arrived: write FRUIT=N, N the number of fruits that came (not packs)"
                ])
            let korean = try await sandbox.juice("receive", "order.json", "kiwi=+5", "--locale", "ko")
            #expect(korean.exitCode == 64)
            #expect(
                korean.stderrLines == [
                    "오류: 'kiwi=+5'는 들어온 양이 아닙니다: 과일=N으로 쓰세요. N은 들어온 과일 수입니다(상자 수가 아님)"
                ])
            let unknown = try await sandbox.juice("receive", "order.json", "kiwii=5")
            #expect(unknown.exitCode == 64)
            #expect(unknown.stderrLines == ["error: unknown fruit 'kiwii' (did you mean 'kiwi'?)"])
            let above = try await sandbox.juice("receive", "order.json", "kiwi=1000000001")
            #expect(above.exitCode == 64)
            #expect(
                above.stderrLines == [
                    "error: invalid count '1000000001' in 'kiwi=1000000001': expected a whole number from 0 to 1000000000"
                ])
            let file = try await sandbox.juice("receive", "order.json", "other.json")
            #expect(file.exitCode == 64)
            #expect(
                file.stderrLines == [
                    "error: 'other.json' is not what arrived: write FRUIT=N, N the number of fruits that came (not packs)"
                ])
            let nothing = try await sandbox.juice("receive", "order.json", "strawberry=0", "kiwi=0", "mango=0")
            #expect(nothing.exitCode == 64)
            #expect(nothing.stderrLines == ["error: nothing to receive: every line is 0"])
            #expect(try sandbox.stock() == SupplyExample.stock)
        }
    }

    /// A file that is not an order, and the error it gets: at the first
    /// appearance of `at`, or at `line:column` when given.
    struct BrokenOrder: Sendable, CustomTestStringConvertible {
        var text: String
        var at: String
        var place: (line: Int, column: Int)?
        var code: String
        var message: String

        var testDescription: String { code + ": " + message }
    }

    static let brokenOrders = [
        BrokenOrder(
            text: "{\n  \"suppliers\": [\n", at: "", place: (2, 17), code: "syntax",
            message: "not JSON: the file ends inside a value"),
        BrokenOrder(
            text: "{\n  \"suppliers\": [\n    {\"lines\": [{\"fruit\": \"kiwi\", \"units\": 2.5}]}\n  ]\n}\n",
            at: "2.5",
            code: "invalid-quantity", message: "the units of 'kiwi' must be a whole number from 0 to 1000000000"),
        BrokenOrder(
            text: "{\"suppliers\": [{\"lines\": [{\"fruit\": \"kiwii\", \"units\": 2}]}]}", at: "\"kiwii\"",
            code: "unknown-fruit", message: "unknown fruit 'kiwii' (did you mean 'kiwi'?)"),
        BrokenOrder(
            text: "{\"diagnostics\": []}", at: "{", code: "missing-key", message: "the order has no 'suppliers'"),
        BrokenOrder(
            text: "{\"suppliers\": {\"farm\": 1}}", at: "{\"farm\"", code: "type-mismatch",
            message: "'suppliers' must be an array, not an object"),
        BrokenOrder(
            text: "{\"stores\": [{\"store\": \"gangnam\", \"suppliers\": []}], \"total\": {}}", at: "\"stores\"",
            code: "type-mismatch",
            message: "this is a chain's order (juice order --stores): name the store whose delivery it is with --store"),
    ]

    /// Orders whose data cannot be booked as they stand: an error at their
    /// place, exit 65, as any broken file.
    static let unbookableOrders = [
        // 600000000 + 400000001 bananas: one more than a stock may hold.
        BrokenOrder(
            text: "{\"suppliers\": [{\"lines\": [{\"fruit\": \"banana\", \"units\": 600000000}]},\n"
                + "  {\"lines\": [{\"fruit\": \"banana\", \"units\": 400000001}]}]}\n",
            at: "400000001", code: "invalid-quantity",
            message: "the lines of 'banana' add up to 1000000001 units, above the maximum of 1000000000"),
        BrokenOrder(
            text: "{\n  \"suppliers\": [{\"lines\": [{\"fruit\": \"kiwi\", \"units\": 0}]}]\n}\n", at: "\"suppliers\"",
            code: "invalid-quantity",
            message: "the order brings no fruit (every line is 0, or it has none): nothing to receive"),
        BrokenOrder(
            text: "{\"suppliers\": [{\"lines\": [{\"fruit\": \"kiwi\", \"units\": 2}]}], \"extra\": 1}",
            at: "\"extra\"",
            code: "unknown-key", message: "unknown key 'extra' in the order"),
        BrokenOrder(
            text: "{\"suppliers\": [{\"lines\": [{\"fruit\": \"kiwi\", \"unit\": 2, \"units\": 2}]}]}", at: "\"unit\"",
            code: "unknown-key", message: "unknown key 'unit' in 'suppliers[0].lines[0]' (did you mean 'units'?)"),
        BrokenOrder(
            text: "{\"diagnostics\": [], \"suppliers\": []}", at: "\"suppliers\"", code: "invalid-quantity",
            message: "the order brings no fruit (every line is 0, or it has none): nothing to receive"),
    ]

    /// Each broken file is an error at its place, exit 65, nothing booked.
    @Test(arguments: brokenOrders + unbookableOrders)
    func aFileThatIsNotAnOrderIsAnErrorAtItsPlace(_ example: BrokenOrder) async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            try sandbox.write("order.json", example.text)
            let place = try example.place ?? #require(position(of: example.at, in: example.text))
            let result = try await sandbox.juice("receive", "order.json")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "order.json:\(place.line):\(place.column): error: \(example.message) [\(example.code)]"
                ])
            let json = try await sandbox.juice("receive", "order.json", "--format", "json")
            #expect(json.exitCode == 65)
            #expect(try json.json()["diagnostics"]?[0]?["code"] == .string(example.code))
            #expect(try sandbox.stock() == SupplyExample.stock)
        }
    }

    @Test func aBrokenFilesErrorIsSaidInKoreanToo() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let text = "{\"suppliers\": [{\"lines\": [{\"fruit\": \"kiwii\", \"units\": 2}]}]}"
            try sandbox.write("order.json", text)
            let place = try #require(position(of: "\"kiwii\"", in: text))
            let result = try await sandbox.juice("receive", "order.json", "--locale", "ko")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "order.json:\(place.line):\(place.column): 오류: 'kiwii'라는 과일이 없습니다 ('kiwi'를 찾으셨나요?) [unknown-fruit]"
                ])
        }
    }

    @Test func aMissingFileExits66() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.shop(sandbox)
            let result = try await sandbox.juice("receive", "nowhere.json")
            #expect(result.exitCode == 66)
            #expect(result.stderrLines == ["error: nowhere.json: no such file"])
        }
    }

    @Test func aChainsOrderIsBookedForTheStoreThatStoreNames() async throws {
        try await Sandbox.with { sandbox in
            try OrderTests.Stores.chain(sandbox)
            let order = try await sandbox.juice("order", "--stores", "recipes/stores.yaml", "--format", "json")
            try sandbox.write("chain.json", order.stdout)
            let json = try order.json()
            let hongdaeUnits = Self.units(in: try #require(json["stores"]?[1]))
            let result = try await sandbox.juice("receive", "chain.json", "--store", "hongdae")
            #expect(result.exitCode == 0)
            var expected = OrderTests.Stores.stocks["hongdae"] ?? [:]
            for (fruit, count) in hongdaeUnits { expected[fruit, default: 0] += count }
            #expect(try sandbox.stock("state/hongdae.yaml") == expected)
            #expect(try sandbox.stock("state/gangnam.yaml") == SupplyExample.stock)

            let unknown = try await sandbox.juice(
                "receive", "chain.json", "--store", "hongdae", "--stores", "recipes/other.yaml")
            #expect(unknown.exitCode == 66)
            try sandbox.write(
                "recipes/stores.yaml",
                "stores:\n  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }\n"
                    + "  jamsil: { menu: menu.yaml, inventory: ../state/jamsil.yaml }\n")
            let absent = try await sandbox.juice("receive", "chain.json", "--store", "jamsil")
            #expect(absent.exitCode == 65)
            // The `stores` array: the second in the file, after `diagnostics`.
            let place = try #require(position(of: "[", in: order.stdout, occurrence: 2))
            #expect(
                absent.stderrLines == [
                    "chain.json:\(place.line):\(place.column): error: the order has no store 'jamsil'; its stores: gangnam, hongdae [type-mismatch]"
                ])
        }
    }
}
