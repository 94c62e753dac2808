import Foundation
import Testing

/// `juice plan`: the shopping list, per store with `--stores`, and for one store.
@Suite struct ChainPlanTests {
    /// `juice plan strawberryBanana=3 --stores recipes/stores.yaml --format json`
    /// on the example chain: strawberry is short everywhere (gangnam 22 of 30,
    /// hongdae 5 of 30, jamsil 10 of 18, seoulStation 10 of 30); banana never is.
    static let expectedStrawberryBananaPlan: JSON = [
        "diagnostics": [],
        "stores": [
            [
                "store": "gangnam", "needed": ["strawberry": 30, "banana": 3], "have": ["strawberry": 22, "banana": 3],
                "buy": ["strawberry": 8, "banana": 0], "diagnostics": [],
            ],
            [
                "store": "hongdae", "needed": ["strawberry": 30, "banana": 3], "have": ["strawberry": 5, "banana": 12],
                "buy": ["strawberry": 25, "banana": 0], "diagnostics": [],
            ],
            [
                "store": "jamsil", "needed": ["strawberry": 18, "banana": 6], "have": ["strawberry": 10, "banana": 10],
                "buy": ["strawberry": 8, "banana": 0], "diagnostics": [],
            ],
            [
                "store": "seoulStation", "needed": ["strawberry": 30, "banana": 3],
                "have": ["strawberry": 10, "banana": 10], "buy": ["strawberry": 20, "banana": 0], "diagnostics": [],
            ],
        ],
    ]

    @Test func storesPlanBuysExactlyTheStrawberryShortfallOfEachStoreAndNoBanana() async throws {
        // buy lists every fruit the orders use, as needed and have do (SPEC 6): banana 0.
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice(
                "plan", "strawberryBanana=3", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let json = try result.json()
            #expect(json == Self.expectedStrawberryBananaPlan)
            #expect(json["stores"]?.items.allSatisfy { $0["buy"]?["banana"] == 0 } == true)
        }
    }

    @Test func storesPlanChangesNoInventory() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let before = try ["gangnam", "hongdae"].map { try sandbox.stock("state/\($0).yaml") }
            let result = try await sandbox.juice("plan", "strawberryBanana=3", "--stores", "recipes/stores.yaml")
            #expect(result.exitCode == 0)
            #expect(try ["gangnam", "hongdae"].map { try sandbox.stock("state/\($0).yaml") } == before)
            #expect(!sandbox.exists("state/jamsil.yaml"))
        }
    }

    // MARK: - A recipe only one store has

    /// Where each store's name is in `recipes/stores.yaml` (lines 5 to 8, column 3).
    static let storeNames: [String: (line: Int, column: Int)] = [
        "gangnam": (5, 3), "hongdae": (6, 3), "jamsil": (7, 3), "seoulStation": (8, 3),
    ]

    static func unknownPeachLine(_ store: String) -> String {
        let place = storeNames[store]!
        return
            "recipes/stores.yaml:\(place.line):\(place.column): error: store '\(store)': unknown recipe 'peach' [unknown-recipe]"
    }

    @Test func storeNamePositionsInTheManifestAreWhereTheNamesAre() throws {
        let manifest = try String(
            contentsOf: ExampleChain.repository.appendingPathComponent("recipes/stores.yaml"), encoding: .utf8)
        for (store, place) in Self.storeNames {
            let found = try #require(position(of: "  \(store):", in: manifest))
            #expect(found.line == place.line && found.column + 2 == place.column, "\(store)")
        }
    }

    @Test func orderForARecipeOnlyHongdaeHasIsAnUnknownRecipeErrorForTheOtherStoresInJSON() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("plan", "peach", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            #expect(result.stderr == "")
            func failed(_ store: String) -> JSON {
                let place = Self.storeNames[store]!
                return [
                    "store": .string(store), "needed": [:], "have": [:], "buy": [:],
                    "diagnostics": [
                        diagnosticJSON(
                            file: "recipes/stores.yaml", line: place.line, column: place.column, code: "unknown-recipe",
                            message: "store '\(store)': unknown recipe 'peach'")
                    ],
                ]
            }
            let expected: JSON = [
                "diagnostics": [],
                "stores": [
                    failed("gangnam"),
                    [
                        "store": "hongdae", "needed": ["peach": 3], "have": ["peach": 7], "buy": ["peach": 0],
                        "diagnostics": [],
                    ],
                    failed("jamsil"),
                    failed("seoulStation"),
                ],
            ]
            #expect(try result.json() == expected)
        }
    }

    @Test func orderForARecipeOnlyHongdaeHasStillPlansHongdaeInText() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice(
                "plan", "peach=3", "strawberryBanana=3", "--stores", "recipes/stores.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == ["gangnam", "jamsil", "seoulStation"].map(Self.unknownPeachLine))
            // peach 3 × 3 = 9 of 7: buy 2; strawberry 30 of 5: buy 25.
            #expect(
                result.stdoutLines == [
                    "hongdae:",
                    "  FRUIT       NEEDED  HAVE  BUY",
                    "  Peach            9     7    2",
                    "  Strawberry      30     5   25",
                    "  Banana           3    12    0",
                    "  To buy: Peach 2, Strawberry 25",
                    "",
                    "Not planned, see the diagnostics: gangnam, jamsil, seoulStation",
                ])
        }
    }

    @Test func orderForARecipeOnlyHongdaeHasGivesOnlyHongdaeRowsInCSV() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice(
                "plan", "peach=3", "--stores", "recipes/stores.yaml", "--format", "csv")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == ["gangnam", "jamsil", "seoulStation"].map(Self.unknownPeachLine))
            #expect(result.stdout == "store,fruit,needed,have,buy\nhongdae,peach,9,7,2\n")
        }
    }

    // MARK: - One store, without --stores

    @Test func singleStorePlanOnTheBuiltinMenuNeedsHasAndBuysExactly() async throws {
        try await Sandbox.with { sandbox in
            let json = try await sandbox.juice("plan", "strawberryBanana=3", "mango=2", "--format", "json")
            #expect(json.exitCode == 0)
            #expect(json.stderr == "")
            #expect(
                try json.json() == [
                    "needed": ["strawberry": 30, "banana": 3, "mango": 6],
                    "have": ["strawberry": 10, "banana": 10, "mango": 10],
                    "buy": ["strawberry": 20, "banana": 0, "mango": 0],
                    "diagnostics": [],
                ])

            let text = try await sandbox.juice("plan", "strawberryBanana=3", "mango=2")
            #expect(text.exitCode == 0)
            #expect(text.stderr == "")
            #expect(
                text.stdoutLines == [
                    "FRUIT       NEEDED  HAVE  BUY",
                    "Strawberry      30    10   20",
                    "Banana           3    10    0",
                    "Mango            6    10    0",
                    "To buy: Strawberry 20",
                ])

            let csv = try await sandbox.juice("plan", "strawberryBanana=3", "mango=2", "--format", "csv")
            #expect(csv.exitCode == 0)
            #expect(csv.stdout == "fruit,needed,have,buy\nstrawberry,30,10,20\nbanana,3,10,0\nmango,6,10,0\n")
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func singleStorePlanWithAnUnknownRecipeIsAUsageErrorWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice("plan", "strawbery=3")
            #expect(text.exitCode == 64)
            #expect(text.stdout == "")
            #expect(text.stderrLines == ["error: unknown recipe 'strawbery' (did you mean 'strawberry'?)"])

            let json = try await sandbox.juice("plan", "strawbery=3", "--format", "json")
            #expect(json.exitCode == 64)
            #expect(json.stderr == "")
            #expect(
                try json.json() == [
                    "ok": false, "error": "usage",
                    "message": "unknown recipe 'strawbery' (did you mean 'strawberry'?)", "diagnostics": [],
                ])
        }
    }

    @Test func singleStorePlanForARecipeOnlyAStoreMenuHasIsAUsageError() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("plan", "peach", "--menu", "recipes/menu.yaml")
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(result.stderrLines == ["error: unknown recipe 'peach'"])
        }
    }
}
