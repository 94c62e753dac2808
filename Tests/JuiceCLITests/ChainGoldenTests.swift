import Foundation
import Testing

/// `juice report --stores` and `juice plan --stores` on a copy of the
/// repository's example chain, compared byte for byte with the golden files
/// in `Golden/`. Set `JUICE_UPDATE_GOLDEN=1` to rewrite the golden files
/// instead of comparing (see ``ExampleChain/updatesGolden``).
///
/// The example data, and what the golden files must therefore say:
///
/// - gangnam (menu without mangoes; stock strawberry 22, banana 3, pineapple 7,
///   kiwi 4): strawberry 22/16 = 1, banana 3/2 = 1, kiwi 4/3 = 1, pineapple
///   7/2 = 3, strawberryBanana min(22/10, 3/1) = 2 (limited by strawberry);
///   no mango, mangoKiwi, peach, peachBanana (`-`).
/// - hongdae (adds peach, initial 12; stock strawberry 5, banana 12, peach 7,
///   the rest initial 10): strawberry 0 (missing 11), banana 6, kiwi 3,
///   pineapple 5, strawberryBanana 0 (missing strawberry 5), mango 3,
///   mangoKiwi 5, peach 7/3 = 2, peachBanana min(7/2, 12/1) = 3.
/// - jamsil (strawberryBanana uses strawberry 6, banana 2; no state file, so
///   initial stock 10 of each): strawberryBanana min(10/6, 10/2) = 1, the
///   rest as the chain's menu: strawberry 0 (missing 6), banana 5, kiwi 3,
///   pineapple 5, mango 3, mangoKiwi 5.
/// - seoulStation (the chain's menu, no inventory: 10 of each): strawberry 0
///   (missing 6), banana 5, kiwi 3, pineapple 5, strawberryBanana 1, mango 3,
///   mangoKiwi 5.
/// - plan strawberryBanana=3: gangnam needs strawberry 30 / has 22 / buys 8,
///   banana 3 / 3 / 0; hongdae strawberry 30 / 5 / 25, banana 3 / 12 / 0;
///   jamsil strawberry 18 / 10 / 8, banana 6 / 10 / 0; seoulStation
///   strawberry 30 / 10 / 20, banana 3 / 10 / 0.
@Suite struct ChainGoldenTests {
    static let reportFormats: [(format: String, golden: String)] = [
        ("text", "stores-report.txt"), ("json", "stores-report.json"), ("csv", "stores-report.csv"),
        ("markdown", "stores-report.md"),
    ]

    static let planFormats: [(format: String, golden: String)] = [
        ("text", "stores-plan.txt"), ("json", "stores-plan.json"), ("csv", "stores-plan.csv"),
    ]

    @Test(arguments: reportFormats)
    func storesReportOfTheExampleChainMatchesItsGoldenFile(format: String, golden: String) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", format)
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            try ExampleChain.expectGolden(result.stdout, golden)
        }
    }

    @Test(arguments: planFormats)
    func storesPlanOfTheExampleChainMatchesItsGoldenFile(format: String, golden: String) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice(
                "plan", "strawberryBanana=3", "--stores", "recipes/stores.yaml", "--format", format)
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            try ExampleChain.expectGolden(result.stdout, golden)
        }
    }

    /// The golden text matrix, checked against the example data independently
    /// of the binary, so that a wrong golden file cannot pass unnoticed.
    @Test func goldenTextReportHasTheServingsOfTheExampleData() throws {
        let text = try #require(ExampleChain.golden("stores-report.txt"))
        #expect(
            text == """
                STORE         strawberry  banana  kiwi  pineapple  strawberryBanana  mango  mangoKiwi  peach  peachBanana
                gangnam                1       1     1          3                 2      -          -      -            -
                hongdae                0       6     3          5                 0      3          5      2            3
                jamsil                 0       5     3          5                 1      3          5      -            -
                seoulStation           0       5     3          5                 1      3          5      -            -

                """)
    }

    @Test func goldenCSVReportHasTheServingsLimitsAndMissingOfTheExampleData() throws {
        let text = try #require(ExampleChain.golden("stores-report.csv"))
        #expect(
            text == """
                store,recipe,servings,limitedBy,missing
                gangnam,strawberry,1,strawberry,
                gangnam,banana,1,banana,
                gangnam,kiwi,1,kiwi,
                gangnam,pineapple,3,pineapple,
                gangnam,strawberryBanana,2,strawberry,
                hongdae,strawberry,0,strawberry,strawberry:11
                hongdae,banana,6,banana,
                hongdae,kiwi,3,kiwi,
                hongdae,pineapple,5,pineapple,
                hongdae,strawberryBanana,0,strawberry,strawberry:5
                hongdae,mango,3,mango,
                hongdae,mangoKiwi,5,mango,
                hongdae,peach,2,peach,
                hongdae,peachBanana,3,peach,
                jamsil,strawberry,0,strawberry,strawberry:6
                jamsil,banana,5,banana,
                jamsil,kiwi,3,kiwi,
                jamsil,pineapple,5,pineapple,
                jamsil,strawberryBanana,1,strawberry,
                jamsil,mango,3,mango,
                jamsil,mangoKiwi,5,mango,
                seoulStation,strawberry,0,strawberry,strawberry:6
                seoulStation,banana,5,banana,
                seoulStation,kiwi,3,kiwi,
                seoulStation,pineapple,5,pineapple,
                seoulStation,strawberryBanana,1,strawberry,
                seoulStation,mango,3,mango,
                seoulStation,mangoKiwi,5,mango,

                """)
    }

    @Test func goldenMarkdownReportIsTheMatrixAsATable() throws {
        let text = try #require(ExampleChain.golden("stores-report.md"))
        #expect(
            text == """
                | Store | strawberry | banana | kiwi | pineapple | strawberryBanana | mango | mangoKiwi | peach | peachBanana |
                | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
                | gangnam | 1 | 1 | 1 | 3 | 2 | - | - | - | - |
                | hongdae | 0 | 6 | 3 | 5 | 0 | 3 | 5 | 2 | 3 |
                | jamsil | 0 | 5 | 3 | 5 | 1 | 3 | 5 | - | - |
                | seoulStation | 0 | 5 | 3 | 5 | 1 | 3 | 5 | - | - |

                """)
    }

    /// Every store's inventory and every recipe's servings in the golden JSON.
    @Test func goldenJSONReportHasTheStockAndServingsOfEveryStore() throws {
        let report = try JSON(parsing: try #require(ExampleChain.golden("stores-report.json")))
        #expect(report.keys == ["diagnostics", "stores"])
        #expect(report["diagnostics"] == [])
        let stores = report["stores"]?.items ?? []
        #expect(stores.map { $0["store"]?.string } == ExampleChain.stores)
        let inventories: [JSON] = [
            ["strawberry": 22, "banana": 3, "pineapple": 7, "kiwi": 4],
            ["strawberry": 5, "banana": 12, "pineapple": 10, "kiwi": 10, "mango": 10, "peach": 7],
            json(originalStock()), json(originalStock()),
        ]
        #expect(stores.map { $0["inventory"] ?? .null } == inventories)
        let servings: [[String: Int]] = [
            ["strawberry": 1, "banana": 1, "kiwi": 1, "pineapple": 3, "strawberryBanana": 2],
            [
                "strawberry": 0, "banana": 6, "kiwi": 3, "pineapple": 5, "strawberryBanana": 0, "mango": 3,
                "mangoKiwi": 5, "peach": 2, "peachBanana": 3,
            ],
            [
                "strawberry": 0, "banana": 5, "kiwi": 3, "pineapple": 5, "strawberryBanana": 1, "mango": 3,
                "mangoKiwi": 5,
            ],
            [
                "strawberry": 0, "banana": 5, "kiwi": 3, "pineapple": 5, "strawberryBanana": 1, "mango": 3,
                "mangoKiwi": 5,
            ],
        ]
        for (store, expected) in zip(stores, servings) {
            #expect(store["diagnostics"] == [])
            var actual: [String: Int] = [:]
            for recipe in store["recipes"]?.items ?? [] {
                if let id = recipe["id"]?.string, case .number(let n)? = recipe["servings"] { actual[id] = Int(n) }
            }
            #expect(actual == expected, "servings of \(store["store"]?.string ?? "?")")
        }
        // A whole recipe, long form and shorthand, as in a single report.
        let hongdae = stores.count > 1 ? stores[1]["recipes"]?.items ?? [] : []
        #expect(
            hongdae.first { $0["id"] == "strawberryBanana" } == [
                "id": "strawberryBanana", "name": "Strawberry Banana Juice", "uses": ["strawberry": 10, "banana": 1],
                "servings": 0, "limitedBy": ["strawberry"], "missing": ["strawberry": 5],
            ])
        #expect(
            hongdae.first { $0["id"] == "peachBanana" } == [
                "id": "peachBanana", "name": "peachBanana", "uses": ["peach": 2, "banana": 1],
                "servings": 3, "limitedBy": ["peach"], "missing": [:],
            ])
        let jamsil = stores.count > 2 ? stores[2]["recipes"]?.items ?? [] : []
        #expect(
            jamsil.first { $0["id"] == "strawberryBanana" } == [
                "id": "strawberryBanana", "name": "Strawberry Banana Juice", "uses": ["strawberry": 6, "banana": 2],
                "servings": 1, "limitedBy": ["strawberry"], "missing": [:],
            ])
    }

    @Test func goldenPlanFilesBuyOnlyTheStrawberryShortfallOfEachStore() throws {
        #expect(
            ExampleChain.golden("stores-plan.csv") == """
                store,fruit,needed,have,buy
                gangnam,strawberry,30,22,8
                gangnam,banana,3,3,0
                hongdae,strawberry,30,5,25
                hongdae,banana,3,12,0
                jamsil,strawberry,18,10,8
                jamsil,banana,6,10,0
                seoulStation,strawberry,30,10,20
                seoulStation,banana,3,10,0

                """)
        #expect(
            ExampleChain.golden("stores-plan.txt") == """
                gangnam:
                  FRUIT       NEEDED  HAVE  BUY
                  Strawberry      30    22    8
                  Banana           3     3    0
                  To buy: Strawberry 8
                hongdae:
                  FRUIT       NEEDED  HAVE  BUY
                  Strawberry      30     5   25
                  Banana           3    12    0
                  To buy: Strawberry 25
                jamsil:
                  FRUIT       NEEDED  HAVE  BUY
                  Strawberry      18    10    8
                  Banana           6    10    0
                  To buy: Strawberry 8
                seoulStation:
                  FRUIT       NEEDED  HAVE  BUY
                  Strawberry      30    10   20
                  Banana           3    10    0
                  To buy: Strawberry 20

                """)
        let json = try JSON(parsing: try #require(ExampleChain.golden("stores-plan.json")))
        #expect(json == ChainPlanTests.expectedStrawberryBananaPlan)
    }
}
