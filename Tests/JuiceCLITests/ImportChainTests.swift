import Foundation
import TestSupport
import Testing

/// `juice import --stores` without `--store` (SPEC 17): one export of a
/// chain's tills, each ticket booked in the store of its `Location`, every
/// figure against the test's own replay of each store's tickets.
@Suite struct ImportChainTests {
    static let stores = ["gangnam", "hongdae", "jamsil"]

    /// A sale at 2026-11-28 04:45:07 UTC plus `minutes`.
    static func at(_ minutes: Int) -> Int { ImportCommandTests.at(minutes) }

    /// The chain's day: Gangnam's and Hongdae's tickets (Hongdae written
    /// in other case and spaces), Busan (a till location no store is
    /// named, jamsil's), Jeju (no store at all), a refund, a ticket held
    /// back.
    static let sales: [TillSale] = [
        TillSale(
            id: "C-1", utc: at(0), location: "Gangnam",
            lines: [.init(item: "Banana Juice", quantity: 2, modifiers: [("Extra Banana", 1)])]),
        TillSale(
            id: "C-2", utc: at(5), location: " HONGDAE ",
            lines: [.init(item: "Kiwi Banana", size: "Large", quantity: 1)]),
        TillSale(id: "C-3", utc: at(10), location: "Busan", lines: [.init(item: "딸기 주스", quantity: 3)]),
        TillSale(id: "C-4", utc: at(15), location: "Jeju", lines: [.init(item: "Banana Juice", quantity: 1)]),
        TillSale(
            id: "C-1", utc: at(20), location: "Gangnam",
            lines: [.init(item: "Banana Juice", quantity: 1, refund: true)]),
        TillSale(
            id: "C-5", utc: at(25), location: "hongdae",
            lines: [.init(item: "Banana Juic", quantity: 1), .init(item: "Banana Juice", quantity: 1)]),
        TillSale(
            id: "C-6", utc: at(30), location: "Gangnam",
            lines: [.init(item: "Mango Kiwi, \"Fresh\"", quantity: 2, modifiers: [("Kiwi & Mango", 1)])]),
    ]

    /// The sales of the stores a till location is, by `locations`
    /// (location key to store): the test's own routing.
    static func sales(of store: String, _ sales: [TillSale], locations: [String: String] = [:]) -> [TillSale] {
        sales.filter { sale in
            let key = sale.location.trimmingCharacters(in: .whitespaces).lowercased()
            return (locations[key] ?? key) == store
        }
    }

    @Test func eachTicketIsBookedInTheStoreOfItsLocationAndOtherLocationsAreListed() async throws {
        try await Self.withChain { chain in
            try chain.sandbox.write("square.csv", TillSampleFile.square(Self.sales))
            var replays = Dictionary(uniqueKeysWithValues: Self.stores.map { ($0, TillReplay()) })
            let expected = Self.stores.map { store in
                replays[store]!.importing(Self.sales(of: store, Self.sales), prefix: "square")
            }
            // The test's own figures: Gangnam 2 tickets and a refund,
            // Hongdae 2 read (one held back), nothing for jamsil.
            #expect(expected[0].read == 2 && expected[0].booked == 2 && expected[0].refunded == 1)
            #expect(expected[1].read == 2 && expected[1].heldBack == 1)
            #expect(expected[2].read == 0)
            let result = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--from", "square")
            // Tickets of no store, and one held back: not all booked.
            #expect(result.exitCode == 65, "\(result.stderr)")
            let mapPath = "recipes/sales.yaml"
            #expect(
                result.stdoutLines
                    == ["gangnam:"] + expected[0].textLines(mapPath: mapPath).map { "  " + $0 } + ["hongdae:"]
                    + expected[1].textLines(mapPath: mapPath, suggestions: ["Banana Juic": "Banana Juice"]).map {
                        "  " + $0
                    } + [
                        "No rows for: jamsil.",
                        "Location Busan is no store of recipes/stores.yaml: its tickets are not booked (1). "
                            + "Say which store it is with --location 'Busan=STORE' and import again.",
                        "Location Jeju is no store of recipes/stores.yaml: its tickets are not booked (1). "
                            + "Say which store it is with --location 'Jeju=STORE' and import again.",
                        "Chain: 4 tickets read: 3 booked, 0 already booked, 1 held back, 0 booked short.",
                    ])
            #expect(result.stderrLines == [])
            for store in Self.stores {
                #expect(try chain.sandbox.stock("state/\(store).yaml") == replays[store]!.stock, "\(store)")
                #expect(try chain.journal(of: store) == replays[store]!.journal, "\(store)")
            }

            // Busan is jamsil's till: the same export again books Busan's
            // ticket there and nothing twice.
            let busan = replays["jamsil"]!.importing(
                Self.sales(of: "jamsil", Self.sales, locations: ["busan": "jamsil"]), prefix: "square")
            #expect(busan.booked == 1)
            let again = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--location", "Busan=jamsil", "--format",
                "json")
            #expect(again.exitCode == 65)
            let json = try again.json()
            #expect(
                try json["noStore"] == JSON(parsing: #"[{"location":"Jeju","refunded":0,"tickets":1,"voided":0}]"#))
            #expect(json["stores"]?[2]?["store"] == .string("jamsil"))
            #expect(json["stores"]?[2]?["tickets"]?["booked"] == .number(1))
            #expect(json["stores"]?[0]?["tickets"]?["alreadyBooked"] == .number(2))
            #expect(json["stores"]?[0]?["tickets"]?["booked"] == .number(0))
            #expect(
                try json["total"]?["tickets"]
                    == JSON(
                        parsing:
                            #"{"alreadyBooked":3,"booked":1,"heldBack":1,"read":5,"refunded":1,"short":0,"voided":0}"#
                    ))
            #expect(try json["total"]?["servings"] == JSON(parsing: #"{"strawberry":3}"#))
            for store in Self.stores {
                #expect(try chain.sandbox.stock("state/\(store).yaml") == replays[store]!.stock, "\(store)")
                #expect(try chain.journal(of: store) == replays[store]!.journal, "\(store)")
            }
        }
    }

    @Test func aRowThatCannotBeReadBooksNothingInAnyStore() async throws {
        try await Self.withChain { chain in
            // Gangnam's and Hongdae's tickets come first; the last row's
            // quantity is no number.
            var text = TillSampleFile.square(Array(Self.sales[0..<2]))
            text += "2026-11-28,14:30:07,Seoul,Juice,Banana Juice,abc,,,,,,,,C-9,P-C-9,,,Payment,jamsil\n"
            try chain.sandbox.write("square.csv", text)
            let before = chain.files()
            let result = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--from", "square")
            #expect(result.exitCode == 65)
            #expect(result.stdout == "")
            #expect(result.stderrLines.first?.hasPrefix("square.csv:4:") == true, "\(result.stderr)")
            #expect(chain.files() == before, "a store kept part of a refused import")
        }
    }

    @Test func aDryRunOfTheChainSaysWhatWouldBeBookedAndWritesNothing() async throws {
        try await Self.withChain { chain in
            try chain.sandbox.write("square.csv", TillSampleFile.square(Self.sales))
            let before = chain.files()
            var replays = Dictionary(uniqueKeysWithValues: Self.stores.map { ($0, TillReplay()) })
            let gangnam = replays["gangnam"]!.importing(Self.sales(of: "gangnam", Self.sales), prefix: "square")
            let result = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--dry-run", "--format", "json",
                "--location", "busan=jamsil", "--location", "JEJU=gangnam")
            #expect(result.exitCode == 65, "Hongdae's ticket is held back")
            let json = try result.json()
            #expect(json["dryRun"] == .bool(true))
            #expect(try json["noStore"] == JSON(parsing: "[]"))
            // Jeju's ticket is Gangnam's too now.
            #expect(json["stores"]?[0]?["tickets"]?["booked"] == .number(Double(gangnam.booked + 1)))
            #expect(try json["stores"]?[2]?["servings"] == JSON(parsing: #"{"strawberry":3}"#))
            #expect(chain.files() == before)
        }
    }

    @Test func theLocationsOfAChainAreNamedWithTheirStores() async throws {
        try await Self.withChain { chain in
            try chain.sandbox.write("square.csv", TillSampleFile.square(Self.sales))
            let before = chain.files()
            let bare = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--location", "Busan")
            #expect(bare.exitCode == 64)
            #expect(
                bare.stderrLines.first
                    == "error: --location Busan with --stores and no --store says which store a till location is: "
                    + "--location 'Busan=STORE'")
            let nowhere = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--location", "Busan=busan")
            #expect(nowhere.exitCode == 64, "\(nowhere.stderr)")
            #expect(
                nowhere.stderrLines.last
                    == "error: no store 'busan' in recipes/stores.yaml; its stores: gangnam, hongdae, jamsil")
            let two = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--store", "gangnam", "--location", "A",
                "--location", "B")
            #expect(two.exitCode == 64)
            #expect(two.stderrLines.first?.hasPrefix("error: --location NAME=STORE says which store") == true)
            #expect(chain.files() == before)
        }
    }

    @Test func rowsThatNameNoLocationGoToTheStoreNamedForThem() async throws {
        try await Self.withChain { chain in
            var sales = Array(Self.sales[0..<2])
            sales.append(
                TillSale(id: "C-7", utc: Self.at(40), location: "", lines: [.init(item: "딸기 주스", quantity: 2)]))
            try chain.sandbox.write("square.csv", TillSampleFile.square(sales))
            let left = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--from", "square")
            #expect(left.exitCode == 65)
            #expect(
                left.stdoutLines.dropLast().last
                    == "Tickets that name no location are not booked (1): say which store they are with "
                    + "--location '=STORE' and import again.")
            var hongdae = TillReplay()
            hongdae.importing(Self.sales(of: "hongdae", sales), prefix: "square")
            #expect(try chain.sandbox.stock("state/hongdae.yaml") == hongdae.stock)
            let named = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--from", "square", "--location", "=hongdae")
            #expect(named.exitCode == 0, "\(named.stdout)")
            hongdae.importing(sales.filter { $0.location.isEmpty }, prefix: "square")
            #expect(try chain.sandbox.stock("state/hongdae.yaml") == hongdae.stock)
            #expect(try chain.journal(of: "hongdae") == hongdae.journal)
        }
    }

    @Test func aRecipeOneStoresMenuLacksHoldsBackItsTicketsThereAndBooksThemElsewhere() async throws {
        try await Self.withChain { chain in
            try chain.sandbox.write("recipes/small.yaml", "extends: menu.yaml\nrecipes:\n  mangoKiwi: ~\n")
            try chain.sandbox.write(
                "recipes/stores.yaml",
                "stores:\n  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }\n"
                    + "  hongdae: { menu: small.yaml, inventory: ../state/hongdae.yaml }\n"
                    + "  jamsil: { menu: menu.yaml, inventory: ../state/jamsil.yaml }\n")
            let mangoKiwi = TillSale.Line(item: "Mango Kiwi, \"Fresh\"", quantity: 1)
            let sales = [
                TillSale(id: "M-1", utc: Self.at(0), location: "gangnam", lines: [mangoKiwi]),
                TillSale(id: "M-2", utc: Self.at(1), location: "hongdae", lines: [mangoKiwi]),
            ]
            try chain.sandbox.write("square.csv", TillSampleFile.square(sales))
            let result = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--from", "square", "--format", "json")
            #expect(result.exitCode == 65)
            let json = try result.json()
            let unknown = json["diagnostics"]?.items.first { $0["code"]?.string == "unknown-recipe" }
            #expect(unknown?["severity"]?.string == "warning")
            #expect(unknown?["message"]?.string == "unknown recipe 'mangoKiwi' (for store hongdae)")
            #expect(json["stores"]?[0]?["servings"] == .object(["mangoKiwi": .number(1)]))
            #expect(json["stores"]?[1]?["tickets"]?["heldBack"] == .number(1))
            #expect(
                try json["stores"]?[1]?["heldBack"]
                    == JSON(parsing: #"[{"key":"square:M-2","unknown":["Mango Kiwi, \"Fresh\""]}]"#))
        }
    }

    @Test func storesThatKeepOneInventoryOrAreNamedAlikeCannotBeImportedInto() async throws {
        try await Self.withChain { chain in
            try chain.sandbox.write("square.csv", TillSampleFile.square(Self.sales))
            let before = chain.files()
            try chain.sandbox.write(
                "recipes/stores.yaml",
                "stores:\n  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }\n"
                    + "  jamsil: { menu: menu.yaml, inventory: ../state/gangnam.yaml }\n")
            let shared = try await chain.sandbox.juice("import", "square.csv", "--stores", "recipes/stores.yaml")
            #expect(shared.exitCode == 65)
            #expect(
                shared.stderrLines.last
                    == "recipes/stores.yaml:1:1: error: stores gangnam and jamsil keep one inventory, "
                    + "state/gangnam.yaml: a chain's import cannot book them apart [duplicate-key]")
            try chain.sandbox.write(
                "recipes/stores.yaml",
                "stores:\n  gangnam: { menu: menu.yaml, inventory: ../state/gangnam.yaml }\n"
                    + "  Gangnam: { menu: menu.yaml, inventory: ../state/jamsil.yaml }\n")
            let alike = try await chain.sandbox.juice("import", "square.csv", "--stores", "recipes/stores.yaml")
            #expect(alike.exitCode == 65)
            #expect(
                alike.stderrLines.last
                    == "recipes/stores.yaml:1:1: error: stores gangnam and Gangnam differ only in case: "
                    + "a till location named so would be either [duplicate-key]")
            let twice = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--location", "Busan=jamsil", "--location",
                "busan=gangnam")
            #expect(twice.exitCode == 64)
            #expect(twice.stderrLines.first == "error: --location busan names two stores, jamsil and gangnam: name one")
            #expect(chain.files() == before)
        }
    }

    @Test func aChainsImportIsSaidInKorean() async throws {
        try await Self.withChain { chain in
            try chain.sandbox.write("square.csv", TillSampleFile.square(Array(Self.sales[0..<4])))
            var replays = Dictionary(uniqueKeysWithValues: Self.stores.map { ($0, TillReplay()) })
            let expected = Self.stores.map { store in
                replays[store]!.importing(Self.sales(of: store, Array(Self.sales[0..<4])), prefix: "square")
            }
            let result = try await chain.sandbox.juice(
                "import", "square.csv", "--stores", "recipes/stores.yaml", "--from", "square", "--locale", "ko")
            #expect(result.exitCode == 65)
            #expect(
                result.stdoutLines
                    == ["gangnam:"] + expected[0].textLines(korean: true).map { "  " + $0 } + ["hongdae:"]
                    + expected[1].textLines(korean: true).map { "  " + $0 } + [
                        "행이 없는 매장: jamsil.",
                        "포스기 매장 Busan은 recipes/stores.yaml의 매장이 아니어서 그 영수증을 기록하지 않았습니다(1장). "
                            + "--location 'Busan=매장'으로 어느 매장인지 지정하고 다시 가져오십시오.",
                        "포스기 매장 Jeju는 recipes/stores.yaml의 매장이 아니어서 그 영수증을 기록하지 않았습니다(1장). "
                            + "--location 'Jeju=매장'으로 어느 매장인지 지정하고 다시 가져오십시오.",
                        "체인: 영수증 2장을 읽었습니다: 2장 기록, 0장은 이미 기록됨, 0장 보류, 0장은 재고보다 많이 팔림.",
                    ])
        }
    }

    // MARK: - The chain

    /// A sandbox with the shop's menu for three stores, their manifest
    /// and the chain's map beside it.
    struct Chain {
        let sandbox: Sandbox

        /// Store `store`'s journal, each `recorded` written `R`.
        func journal(of store: String) throws -> [String] {
            guard let data = sandbox.read("state/\(store).yaml.journal") else { return [] }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
                String($0).replacing(#/"recorded":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/#, with: "\"recorded\":R")
            }
        }

        /// Every store's inventory and journal bytes.
        func files() -> [Data?] {
            ImportChainTests.stores.flatMap {
                [sandbox.read("state/\($0).yaml"), sandbox.read("state/\($0).yaml.journal")]
            }
        }
    }

    static func withChain(_ body: (Chain) async throws -> Void) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", TillShop.menu)
            try sandbox.write("recipes/sales.yaml", TestSalesMap.shop.yaml)
            try sandbox.write(
                "recipes/stores.yaml",
                "stores:\n" + stores.map { "  \($0): { menu: menu.yaml, inventory: ../state/\($0).yaml }\n" }.joined())
            for store in stores {
                try sandbox.write(
                    "state/\(store).yaml",
                    TillShop.fruits.map { "\($0.id): \(TillShop.initialStock)\n" }.joined())
            }
            try await body(Chain(sandbox: sandbox))
        }
    }
}
