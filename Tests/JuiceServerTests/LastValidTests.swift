import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JuiceServer
import TestSupport
import Testing

/// A bad edit never stops the bar (SPEC 16), in process: while a menu is
/// invalid the last valid one serves, makes go on against the stock on
/// disk, and the report and the menu say since when and where; while the
/// inventory is invalid, the report is the last valid stock marked stale
/// and changes are refused.
@Suite struct LastValidTests {
    /// The fixture's menu with a typo: Kiwi Banana Juice uses `kiwii`.
    static let typo = Fixture.menu.replacingOccurrences(of: "uses: { kiwi: 2", with: "uses: { kiwii: 2")

    /// The one error of ``typo``, as the API names it.
    static let typoError = (file: "menu.yaml", line: 10, column: 13)

    @Test func anInvalidMenuKeepsTheLastValidOneServingWithItsPlaceAndSinceWhen() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory("banana: 10\nkiwi: 3\n")
            try await fixture.test { client in
                #expect(try await client.call(.get, "/api/stores/main/report").status == 200)
                let edited = Date()
                try Data(Self.typo.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))

                let make = try await client.call(.post, "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
                #expect(make.status == 200, "\(make.body)")
                #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")

                let report = try JSON(parsing: try await client.call(.get, "/api/stores/main/report").body)
                #expect(report["inventory"] == JSON.object(["banana": .number(8), "kiwi": .number(3)]))
                #expect(report["stale"] == nil)
                #expect(report["recipes"]?.items.map { $0["id"]?.string } == ["banana", "kiwiBanana"])
                let since = try #require(report["invalidSince"]?.string)
                let sinceDate = try #require(try? Date(since, strategy: .iso8601))
                #expect(sinceDate >= edited.addingTimeInterval(-1) && sinceDate <= Date())
                try Self.expectTypo(in: report)

                let menu = try JSON(parsing: try await client.call(.get, "/api/stores/main/menu").body)
                #expect(menu["invalidSince"]?.string == since)
                #expect(menu["fruits"]?.items.map { $0["id"]?.string } == ["banana", "kiwi"])
                try Self.expectTypo(in: menu)

                // The command line still refuses the invalid menu.
                let juice = try await ServerProcess.juice(
                    ["report", "--menu", "menu.yaml", "--inventory", "inventory.yaml"], in: fixture.folder)
                #expect(juice.status == 65)

                // Fixed: the banner's members go.
                try Data(Fixture.menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
                let fixed = try JSON(parsing: try await client.call(.get, "/api/stores/main/report").body)
                #expect(fixed["invalidSince"] == nil)
                #expect(fixed["diagnostics"]?.items.isEmpty == true)
                let fixedMenu = try JSON(parsing: try await client.call(.get, "/api/stores/main/menu").body)
                #expect(fixedMenu["invalidSince"] == nil)
            }
        }
    }

    /// A menu invalid since the server started has no valid one to fall
    /// back on: refused as before (422, its diagnostics).
    @Test func aMenuNeverReadValidIsRefusedAsBefore() async throws {
        try await Fixture.with { fixture in
            try Data(Self.typo.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            try await fixture.test { client in
                let make = try await client.call(.post, "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
                #expect(make.status == 422)
                #expect(try JSON(parsing: make.body)["error"]?.string == "invalid-data")
                #expect(fixture.stock() == nil)
            }
        }
    }

    @Test func anInvalidInventoryShowsTheLastValidStockStaleAndRefusesChanges() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory("banana: 7\nkiwi: 3\n")
            try await fixture.test { client in
                #expect(try await client.call(.get, "/api/stores/main/report").status == 200)
                // A hand edit with a typo.
                try fixture.writeInventory("banana: -1\nkiwi: 3\n")

                let answer = try await client.call(.get, "/api/stores/main/report")
                #expect(answer.status == 200)
                let report = try JSON(parsing: answer.body)
                #expect(report["stale"] == .bool(true))
                #expect(report["invalidSince"]?.string != nil)
                #expect(report["inventory"] == JSON.object(["banana": .number(7), "kiwi": .number(3)]))
                let error = try #require(report["diagnostics"]?.items.first { $0["severity"]?.string == "error" })
                #expect(error["file"]?.string == "inventory.yaml")
                #expect(error["line"] == .number(1))
                #expect(error["column"] == .number(9))

                for (path, body) in [
                    ("make", #"{"orders": ["banana"]}"#), ("adjust", #"{"changes": ["kiwi=+1"]}"#),
                ] {
                    let refused = try await client.call(.post, "/api/stores/main/\(path)", body: body)
                    #expect(refused.status == 422, "\(path)")
                    let json = try JSON(parsing: refused.body)
                    #expect(json["error"]?.string == "invalid-data", "\(path)")
                    #expect(json["diagnostics"]?.items.first?["line"] == .number(1), "\(path)")
                }
                #expect(fixture.stock() == "banana: -1\nkiwi: 3\n")

                try fixture.writeInventory("banana: 6\nkiwi: 3\n")
                let fixed = try JSON(parsing: try await client.call(.get, "/api/stores/main/report").body)
                #expect(fixed["stale"] == nil)
                #expect(fixed["invalidSince"] == nil)
                #expect(fixed["inventory"]?["banana"] == .number(6))
            }
        }
    }

    /// A chain where one store's menu breaks: that store keeps its last
    /// valid menu and makes go on; the other stores are not touched.
    @Test func aChainStoresBrokenMenuKeepsServingAndTheOthersAreUnaffected() async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes", "state"])
            let manifest = fixture.folder.appendingPathComponent("recipes/stores.yaml").path
            let hongdaeMenu = fixture.folder.appendingPathComponent("recipes/stores/hongdae.yaml")
            try await fixture.test(ServerConfiguration(port: 0, stores: .chain(manifestPath: manifest))) { client in
                #expect(try await client.call(.get, "/api/stores/hongdae/report").status == 200)
                try await Self.expectPeachMade(
                    fixture, client, breaking: hongdaeMenu, "uses: { peach: 3 }", "uses: { peachh: 3 }",
                    mistakeAt: ("hongdae.yaml", 9))

                for store in ["gangnam", "jamsil", "seoulStation"] {
                    let other = try JSON(parsing: try await client.call(.get, "/api/stores/\(store)/report").body)
                    #expect(other["invalidSince"] == nil, "\(store)")
                    #expect(other["recipes"]?.items.isEmpty == false, "\(store)")
                }
                let gangnam = try await client.call(.post, "/api/stores/gangnam/make", body: #"{"orders": ["banana"]}"#)
                #expect(gangnam.status == 200)
            }
        }
    }

    /// The menu read at start is the last valid one: a menu broken before
    /// any request still falls back on it.
    @Test func aMenuBrokenBeforeAnyRequestFallsBackOnTheOneReadAtStart() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory("banana: 10\nkiwi: 3\n")
            try await fixture.test { client in
                try Data(Self.typo.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))

                let make = try await client.call(.post, "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
                #expect(make.status == 200, "\(make.body)")
                #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
                let report = try JSON(parsing: try await client.call(.get, "/api/stores/main/report").body)
                #expect(report["invalidSince"]?.string != nil)
                try Self.expectTypo(in: report)
            }
        }
    }

    /// On a chain, a store never requested falls back on the menu read at
    /// start when the chain's menu it extends breaks.
    @Test func aChainStoreNeverRequestedFallsBackWhenItsParentMenuBreaks() async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes", "state"])
            let manifest = fixture.folder.appendingPathComponent("recipes/stores.yaml").path
            let chainMenu = fixture.folder.appendingPathComponent("recipes/menu.yaml")
            try await fixture.test(ServerConfiguration(port: 0, stores: .chain(manifestPath: manifest))) { client in
                try await Self.expectPeachMade(
                    fixture, client, breaking: chainMenu, "uses: { banana: 2 }", "uses: { bananna: 2 }",
                    mistakeAt: ("menu.yaml", 17))
            }
        }
    }

    /// Every answer read with the kept menu says so as the report does:
    /// `invalidSince` and the invalid menu's diagnostics.
    @Test func theMenuDependentReadsCarryTheMistakeWhileTheKeptMenuServes() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory("banana: 10\nkiwi: 3\n")
            try await fixture.test { client in
                #expect(try await client.call(.get, "/api/stores/main/report").status == 200)
                try Data(Self.typo.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
                let report = try JSON(parsing: try await client.call(.get, "/api/stores/main/report").body)
                let since = try #require(report["invalidSince"]?.string)
                for route in ["order", "orders", "usage", "variance", "usage?by=day", "variance?since=today"] {
                    let answer = try await client.call(.get, "/api/stores/main/\(route)")
                    #expect(answer.status == 200, "\(route)")
                    let json = try JSON(parsing: answer.body)
                    #expect(json["invalidSince"]?.string == since, "\(route)")
                    try Self.expectTypo(in: json)
                }
                try Data(Fixture.menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
                for route in ["order", "orders", "usage", "variance"] {
                    let json = try JSON(parsing: try await client.call(.get, "/api/stores/main/\(route)").body)
                    #expect(json["invalidSince"] == nil, "\(route)")
                }
            }
        }
    }

    /// A store added to the manifest while the server runs is served at
    /// the next request, its menu kept as the last valid one; the stores
    /// already served go on.
    @Test func aStoreAddedToTheManifestIsServedWithoutARestart() async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes", "state"])
            let manifest = fixture.folder.appendingPathComponent("recipes/stores.yaml")
            try await fixture.test(ServerConfiguration(port: 0, stores: .chain(manifestPath: manifest.path))) {
                client in
                let before = try JSON(parsing: try await client.call(.get, "/api/stores").body)
                #expect(before["stores"] == ["gangnam", "hongdae", "jamsil", "seoulStation"])
                let text = try String(contentsOf: manifest, encoding: .utf8)
                try Data((text + "  yeouido: { menu: menu.yaml, inventory: ../state/yeouido.yaml }\n").utf8)
                    .write(to: manifest)

                let after = try JSON(parsing: try await client.call(.get, "/api/stores").body)
                #expect(after["stores"] == ["gangnam", "hongdae", "jamsil", "seoulStation", "yeouido"])
                let make = try await client.call(.post, "/api/stores/yeouido/make", body: #"{"orders": ["banana"]}"#)
                #expect(make.status == 200, "\(make.body)")
                let chain = try JSON(parsing: try await client.call(.get, "/api/chain").body)
                #expect(chain["stores"]?.items.compactMap { $0["store"]?.string }.last == "yeouido")
                #expect(try await client.call(.get, "/stores/yeouido").status == 200)

                // Its menu read when it was added is its last valid one.
                let chainMenu = fixture.folder.appendingPathComponent("recipes/menu.yaml")
                let menu = try String(contentsOf: chainMenu, encoding: .utf8)
                try Data(menu.replacingOccurrences(of: "uses: { banana: 2 }", with: "uses: { bananna: 2 }").utf8)
                    .write(to: chainMenu)
                let again = try await client.call(.post, "/api/stores/yeouido/make", body: #"{"orders": ["banana"]}"#)
                #expect(again.status == 200, "\(again.body)")
            }
        }
    }

    /// Hongdae's peaches in its inventory file.
    /// Breaks `menu` (`good` written `bad`), then makes a peach juice at
    /// hongdae: it is made with the kept menu (3 peaches fewer), and the
    /// report says since when and names the mistake at `mistakeAt`.
    private static func expectPeachMade(
        _ fixture: Fixture, _ client: any TestClientProtocol, breaking menu: URL, _ good: String, _ bad: String,
        mistakeAt place: (file: String, line: Int)
    ) async throws {
        let peach = try Self.peach(fixture)
        let text = try String(contentsOf: menu, encoding: .utf8)
        try Data(text.replacingOccurrences(of: good, with: bad).utf8).write(to: menu)
        let make = try await client.call(.post, "/api/stores/hongdae/make", body: #"{"orders": ["peach"]}"#)
        #expect(make.status == 200, "\(make.body)")
        #expect(try Self.peach(fixture) == peach - 3)
        let report = try JSON(parsing: try await client.call(.get, "/api/stores/hongdae/report").body)
        #expect(report["invalidSince"]?.string != nil)
        let error = try #require(report["diagnostics"]?.items.first { $0["severity"]?.string == "error" })
        #expect(error["file"]?.string == place.file)
        #expect(error["line"] == .number(Double(place.line)))
    }

    private static func peach(_ fixture: Fixture) throws -> Int {
        let text = try String(
            contentsOf: fixture.folder.appendingPathComponent("state/hongdae.yaml"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("peach: ") })
        return try #require(Int(line.dropFirst("peach: ".count)))
    }

    /// Expects `json`'s diagnostics to be the typo's error, at its place.
    private static func expectTypo(in json: JSON) throws {
        let errors = json["diagnostics"]?.items.filter { $0["severity"]?.string == "error" } ?? []
        #expect(errors.count == 1)
        #expect(errors.first?["file"]?.string == typoError.file)
        #expect(errors.first?["line"] == .number(Double(typoError.line)))
        #expect(errors.first?["column"] == .number(Double(typoError.column)))
        #expect(errors.first?["code"]?.string == "unknown-fruit")
    }
}
