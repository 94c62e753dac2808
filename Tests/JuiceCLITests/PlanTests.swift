import Foundation
import TestSupport
import Testing

/// `juice plan`: the shopping list, for one store and (``Stores``) per store
/// of a chain. Its outputs on the example data, in every format, are golden
/// files, compared in ``GoldenTests``.
@Suite struct PlanTests {
    /// `buy` lists every fruit that `needed` lists, each the shortfall
    /// `needed - have` or 0, and `have` is the stock of each.
    static func expectBuyIsTheShortfall(_ plan: JSON, stock: [String: Int], sourceLocation: SourceLocation) {
        let needed = plan["needed"]?.keys ?? []
        #expect(!needed.isEmpty, sourceLocation: sourceLocation)
        #expect(plan["have"]?.keys == needed, sourceLocation: sourceLocation)
        #expect(plan["buy"]?.keys == needed, sourceLocation: sourceLocation)
        for fruit in needed {
            guard case .number(let need)? = plan["needed"]?[fruit], case .number(let have)? = plan["have"]?[fruit]
            else {
                Issue.record("\(fruit): not a number", sourceLocation: sourceLocation)
                continue
            }
            #expect(have == Double(stock[fruit] ?? -1), "have of \(fruit)", sourceLocation: sourceLocation)
            #expect(
                plan["buy"]?[fruit] == .number(max(0, need - have)), "buy of \(fruit)", sourceLocation: sourceLocation)
        }
    }

    @Test func aPlanBuysTheShortfallOfEveryFruitTheOrdersUseAndChangesNoInventory() async throws {
        try await Sandbox.with { sandbox in
            let stock = ["strawberry": 3, "banana": 12, "pineapple": 0, "kiwi": 4, "mango": 10]
            let inventory = stock.map { "\($0.key): \($0.value)\n" }.sorted().joined()
            try sandbox.write("inventory.yaml", inventory)
            let result = try await sandbox.juice(
                "plan", "strawberryBanana=3", "pineapple", "mangoKiwi=4", "kiwi", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            let plan = try result.json()
            #expect(plan["needed"]?.keys == ["banana", "kiwi", "mango", "pineapple", "strawberry"])
            Self.expectBuyIsTheShortfall(plan, stock: stock, sourceLocation: #_sourceLocation)
            #expect(sandbox.read("inventory.yaml") == Data(inventory.utf8))
        }
    }

    @Test(arguments: [[], ["--format", "json"], ["--format", "csv"]])
    func aPlanWritesNoInventory(format: [String]) async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice(arguments: ["plan", "strawberryBanana=3", "mango=2"] + format)
            #expect(result.exitCode == 0)
            #expect(!sandbox.exists("inventory.yaml"))
            #expect(!sandbox.exists("inventory.yaml.lock"))
        }
    }

    @Test func anUnknownRecipeIsAUsageErrorWithDidYouMean() async throws {
        try await Sandbox.with { sandbox in
            let text = try await sandbox.juice("plan", "strawbery=3")
            #expect(text.exitCode == 64)
            #expect(text.stdout == "")
            #expect(
                text.stderrLines == [
                    Sandbox.builtinNoteLine,
                    "error: unknown recipe 'strawbery' (did you mean 'strawberry'?); the menu's recipes: juice menu",
                ])

            let json = try await sandbox.juice("plan", "strawbery=3", "--format", "json")
            #expect(json.exitCode == 64)
            #expect(json.stderr == "")
            #expect(
                try json.json() == [
                    "ok": false, "error": "usage",
                    "message":
                        "unknown recipe 'strawbery' (did you mean 'strawberry'?)",
                    "diagnostics": [],
                ])
        }
    }

    @Test func anOrderForARecipeOnlyAStoreMenuHasIsAUsageErrorWithoutStores() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("plan", "peach", "--menu", "recipes/menu.yaml")
            #expect(result.exitCode == 64)
            #expect(result.stdout == "")
            #expect(
                result.stderrLines == [
                    "error: unknown recipe 'peach'; the menu's recipes: juice menu --menu recipes/menu.yaml"
                ])
        }
    }

    /// `juice plan --stores` on the example chain.
    @Suite struct Stores {
        @Test func everyStoreBuysTheShortfallOfEveryFruitTheOrdersUse() async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                let result = try await sandbox.juice(
                    "plan", "strawberryBanana=3", "kiwi=2", "--stores", "recipes/stores.yaml", "--format", "json")
                #expect(result.exitCode == 0)
                let stores = try result.json()["stores"]?.items ?? []
                #expect(stores.map { $0["store"]?.string } == ExampleChain.stores)
                let stocks = [
                    try sandbox.stock("state/gangnam.yaml"),
                    originalStock(try sandbox.stock("state/hongdae.yaml")), originalStock(), originalStock(),
                ]
                for (store, stock) in zip(stores, stocks) {
                    #expect(store["diagnostics"] == [])
                    // gangnam's state file lists every fruit of its menu but mango.
                    PlanTests.expectBuyIsTheShortfall(store, stock: stock, sourceLocation: #_sourceLocation)
                }
            }
        }

        @Test func aChainPlanChangesNoInventory() async throws {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                let before = try ["gangnam", "hongdae"].map { try sandbox.stock("state/\($0).yaml") }
                let result = try await sandbox.juice("plan", "strawberryBanana=3", "--stores", "recipes/stores.yaml")
                #expect(result.exitCode == 0)
                #expect(try ["gangnam", "hongdae"].map { try sandbox.stock("state/\($0).yaml") } == before)
                #expect(!sandbox.exists("state/jamsil.yaml"))
            }
        }

        // MARK: A recipe only one store has

        /// Where each store's name is in `recipes/stores.yaml` (lines 6 to 9, column 3).
        static let storeNames: [String: (line: Int, column: Int)] = [
            "gangnam": (6, 3), "hongdae": (7, 3), "jamsil": (8, 3), "seoulStation": (9, 3),
        ]

        @Test func storeNamePositionsInTheManifestAreWhereTheNamesAre() throws {
            let manifest = try String(
                contentsOf: Repository.root.appendingPathComponent("recipes/stores.yaml"), encoding: .utf8)
            for (store, place) in Self.storeNames {
                let found = try #require(position(of: "  \(store):", in: manifest))
                #expect(found.line == place.line && found.column + 2 == place.column, "\(store)")
            }
        }

        static func unknownPeach(_ store: String) -> JSON {
            let place = storeNames[store]!
            return diagnosticJSON(
                file: "recipes/stores.yaml", line: place.line, column: place.column, code: "unknown-recipe",
                message: "store '\(store)': unknown recipe 'peach'")
        }

        static func unknownPeachLine(_ store: String) -> String {
            let place = storeNames[store]!
            return
                "recipes/stores.yaml:\(place.line):\(place.column): error: store '\(store)': unknown recipe 'peach' [unknown-recipe]"
        }

        /// `peach=3 strawberryBanana=3`: only hongdae has the peach juice; the
        /// other stores get an `unknown-recipe` error at their name in the
        /// manifest, and hongdae is still planned (peach 3 × 3 = 9 of 7: buy
        /// 2; strawberry 30 of 5: buy 25; banana 3 of 12), alone in the
        /// chain's total.
        @Test(arguments: ["text", "json", "csv"])
        func anOrderForARecipeOnlyHongdaeHasIsAnErrorForTheOtherStoresAndHongdaeIsStillPlanned(format: String)
            async throws
        {
            try await Sandbox.with { sandbox in
                try ExampleChain.copy(into: sandbox)
                let result = try await sandbox.juice(
                    "plan", "peach=3", "strawberryBanana=3", "--stores", "recipes/stores.yaml", "--format", format)
                #expect(result.exitCode == 65)
                let others = ["gangnam", "jamsil", "seoulStation"]
                switch format {
                case "json":
                    #expect(result.stderr == "")
                    func failed(_ store: String) -> JSON {
                        [
                            "store": .string(store), "needed": [:], "have": [:], "buy": [:],
                            "diagnostics": [Self.unknownPeach(store)],
                        ]
                    }
                    let hongdae: JSON = [
                        "store": "hongdae", "needed": ["peach": 9, "strawberry": 30, "banana": 3],
                        "have": ["peach": 7, "strawberry": 5, "banana": 12],
                        "buy": ["peach": 2, "strawberry": 25, "banana": 0], "diagnostics": [],
                    ]
                    let expected: JSON = [
                        "diagnostics": [],
                        "stores": [failed("gangnam"), hongdae, failed("jamsil"), failed("seoulStation")],
                        "total": [
                            "needed": ["peach": 9, "strawberry": 30, "banana": 3],
                            "have": ["peach": 7, "strawberry": 5, "banana": 12],
                            "buy": ["peach": 2, "strawberry": 25, "banana": 0],
                        ],
                    ]
                    #expect(try result.json() == expected)
                case "csv":
                    #expect(result.stderrLines == others.map(Self.unknownPeachLine))
                    #expect(
                        result.stdout
                            == "store,fruit,needed,have,buy\nhongdae,peach,9,7,2\nhongdae,strawberry,30,5,25\nhongdae,banana,3,12,0\n"
                            + "*,peach,9,7,2\n*,strawberry,30,5,25\n*,banana,3,12,0\n"
                    )
                default:
                    #expect(result.stderrLines == others.map(Self.unknownPeachLine))
                    #expect(
                        result.stdoutLines == [
                            "hongdae:",
                            "  FRUIT       NEEDED  HAVE  BUY",
                            "  Peach            9     7    2",
                            "  Strawberry      30     5   25",
                            "  Banana           3    12    0",
                            "  To buy: Peach 2, Strawberry 25",
                            "",
                            "Chain total:",
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
        }

        // MARK: --stores beside --menu or --inventory

        @Test(
            arguments: [
                ["plan", "banana", "--stores", "recipes/stores.yaml", "--menu", "recipes/menu.yaml"],
                ["plan", "banana", "--stores", "recipes/stores.yaml", "--inventory", "state/gangnam.yaml"],
            ], ["text", "json"])
        func storesBesideMenuOrInventoryIsAUsageError(arguments: [String], format: String) async throws {
            try await CommandChecks.storesConflict(arguments, format: format)
        }
    }

    /// Two stores that each need 5 × 10^18 strawberries: the chain's total
    /// is 10^19, past an `Int`, said exactly in every format (it was held
    /// at 9223372036854775807 without a word).
    @Test func aChainTotalPastAnIntIsExactInEveryFormat() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/menu.yaml", "fruits:\n  strawberry: 10\nrecipes:\n  strawberry: { strawberry: 1000000000 }\n")
            try sandbox.write(
                "recipes/stores.yaml",
                "stores:\n  a: { menu: menu.yaml, inventory: ../a.yaml }\n  b: { menu: menu.yaml, inventory: ../b.yaml }\n"
            )
            let orders = Array(repeating: "strawberry=1000000000", count: 5)
            let text = try await sandbox.juice(arguments: ["plan", "--stores", "recipes/stores.yaml"] + orders)
            #expect(text.exitCode == 0)
            #expect(
                text.stdoutLines.suffix(4) == [
                    "Chain total:",
                    "  FRUIT                     NEEDED  HAVE                  BUY",
                    "  strawberry  10000000000000000000    20  9999999999999999980",
                    "  To buy: strawberry 9999999999999999980",
                ])
            let csv = try await sandbox.juice(
                arguments: ["plan", "--stores", "recipes/stores.yaml", "--format", "csv"] + orders)
            #expect(csv.stdoutLines.last == "*,strawberry,10000000000000000000,20,9999999999999999980")
            let json = try await sandbox.juice(
                arguments: ["plan", "--stores", "recipes/stores.yaml", "--format", "json"] + orders)
            #expect(json.stdout.contains("\"strawberry\" : 10000000000000000000\n"))
            #expect(json.stdout.contains("\"strawberry\" : 9999999999999999980\n"))
        }
    }
}
