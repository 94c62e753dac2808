import Foundation
import JuiceMaker
import Logging
import TestSupport
import Testing

@testable import JuiceServer

/// The `menu`, `inventory` and `failure` events carry a file that stands
/// invalid (SPEC 16): what each stream of a store gets, worked out as the
/// store's watch does.
@Suite struct LastValidEventsTests {
    /// The JSON of the event named `name` in `text` (its `data:` lines).
    private static func data(of name: String, in text: String?) throws -> JSON {
        let text = try #require(text)
        #expect(text.hasPrefix("event: \(name)\n"), "\(text)")
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }
        return try JSON(parsing: lines.joined(separator: "\n"))
    }

    private static func request(_ fixture: Fixture, _ lastValid: LastValidStores) -> StoreRequest {
        StoreRequest(
            service: StoreService(), lastValid: lastValid, logger: Logger(label: "juice-server"), name: "main",
            address: StoreAddress(menuPath: fixture.menuPath, inventoryPath: fixture.inventoryPath), language: "en")
    }

    @Test func theMenuAndInventoryEventsOfALastValidMenuCarryItsProblem() async throws {
        try await Fixture.with { fixture in
            let request = Self.request(fixture, LastValidStores())
            let before = try #require(request.events(in: ["en"], withMenu: true)["en"])
            #expect(try Self.data(of: "menu", in: before.menu)["invalidSince"] == nil)
            try Data(LastValidTests.typo.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))

            let after = try #require(request.events(in: ["en"], withMenu: true)["en"])
            let menu = try Self.data(of: "menu", in: after.menu)
            let since = try #require(menu["invalidSince"]?.string)
            #expect(menu["diagnostics"]?.items.first { $0["severity"]?.string == "error" }?["line"] == .number(10))
            let report = try Self.data(of: "inventory", in: after.state)
            #expect(report["invalidSince"]?.string == since)
            #expect(report["inventory"] == JSON.object(["banana": .number(10), "kiwi": .number(3)]))
        }
    }

    /// Nothing read valid to fall back on: the `failure` event, with since
    /// when.
    @Test func theFailureEventOfAFileInvalidFromTheStartSaysSinceWhen() async throws {
        try await Fixture.with { fixture in
            try Data(LastValidTests.typo.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            let events = try #require(Self.request(fixture, LastValidStores()).events(in: ["en"], withMenu: true)["en"])
            #expect(events.menu == nil)
            let failure = try Self.data(of: "failure", in: events.state)
            #expect(failure["error"]?.string == "invalid-data")
            #expect(failure["invalidSince"]?.string != nil)
        }
    }
}
