import Foundation
import Testing

/// `juice report --stores` on the example chain: the CSV's rows, a broken
/// store among good ones, and paths relative to another working directory.
@Suite struct ChainReportTests {
    /// The recipe ids of each store's menu, in menu order.
    static let menus: [(store: String, recipes: [String])] = [
        ("gangnam", ["strawberry", "banana", "kiwi", "pineapple", "strawberryBanana"]),
        (
            "hongdae",
            [
                "strawberry", "banana", "kiwi", "pineapple", "strawberryBanana", "mango", "mangoKiwi", "peach",
                "peachBanana",
            ]
        ),
        ("jamsil", ["strawberry", "banana", "kiwi", "pineapple", "strawberryBanana", "mango", "mangoKiwi"]),
        ("seoulStation", ["strawberry", "banana", "kiwi", "pineapple", "strawberryBanana", "mango", "mangoKiwi"]),
    ]

    static let jamsilTypoMessage =
        "unknown fruit 'strawbery' in recipe 'strawberryBanana' (did you mean 'strawberry'?)"

    /// Breaks jamsil's menu with a typo in its own strawberry banana juice and
    /// returns where the diagnostic must point.
    static func breakJamsil(_ sandbox: Sandbox) throws -> (line: Int, column: Int) {
        let text = try ExampleChain.edit(
            sandbox, "recipes/stores/jamsil.yaml", replacing: "uses: { strawberry: 6", with: "uses: { strawbery: 6")
        let place = try #require(position(of: "strawbery", in: text))
        #expect(place.line == 6 && place.column == 13)
        return place
    }

    static func jamsilTypoLine(_ place: (line: Int, column: Int)) -> String {
        "recipes/stores/jamsil.yaml:\(place.line):\(place.column): error: \(jamsilTypoMessage) [unknown-fruit]"
    }

    // MARK: - CSV

    @Test func storesCSVHasItsHeaderAndExactlyOneRowPerStoreAndRecipeOfItsMenu() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "csv")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            #expect(result.stdoutLines.first == "store,recipe,servings,limitedBy,missing")
            let rows = csvRows(result)
            let expectedCount = 5 + 9 + 7 + 7  // gangnam, hongdae, jamsil, seoulStation
            #expect(rows.count == expectedCount)
            #expect(rows.allSatisfy { $0.count == 5 })
            let expected = Self.menus.flatMap { store, recipes in recipes.map { [store, $0] } }
            #expect(rows.map { Array($0.prefix(2)) } == expected)
        }
    }

    // MARK: - A broken store among good ones

    @Test func typoInOneStoreMenuIsReportedAtItsPlaceAndTheOtherStoresStillInText() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let place = try Self.breakJamsil(sandbox)
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == [Self.jamsilTypoLine(place)])
            #expect(
                result.stdoutLines == [
                    "STORE         strawberry  banana  kiwi  pineapple  strawberryBanana  mango  mangoKiwi  peach  peachBanana",
                    "gangnam                1       1     1          3                 2      -          -      -            -",
                    "hongdae                0       6     3          5                 0      3          5      2            3",
                    "seoulStation           0       5     3          5                 1      3          5      -            -",
                    "",
                    "Not reported, see the diagnostics: jamsil",
                ])
        }
    }

    @Test func typoInOneStoreMenuLeavesNoRowsForItInCSVAndAllRowsOfTheOthers() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let place = try Self.breakJamsil(sandbox)
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "csv")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == [Self.jamsilTypoLine(place)])
            #expect(result.stdoutLines.first == "store,recipe,servings,limitedBy,missing")
            let expected = Self.menus.filter { $0.store != "jamsil" }.flatMap { store, recipes in
                recipes.map { [store, $0] }
            }
            #expect(csvRows(result).map { Array($0.prefix(2)) } == expected)
            // The good stores' rows are exactly those of the unbroken chain.
            let golden = try #require(ExampleChain.golden("stores-report.csv"))
            let goldenRows = golden.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("jamsil,") }
            #expect(result.stdoutLines == goldenRows)
        }
    }

    @Test func typoInOneStoreMenuGivesItDiagnosticsAndEmptyReportInJSONWithEmptyStderr() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let place = try Self.breakJamsil(sandbox)
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "json")
            #expect(result.exitCode == 65)
            #expect(result.stderr == "")
            let json = try result.json()
            #expect(json["diagnostics"] == [])
            let stores = json["stores"]?.items ?? []
            #expect(stores.map { $0["store"]?.string } == ExampleChain.stores)
            let jamsil = try #require(stores.first { $0["store"] == "jamsil" })
            #expect(
                jamsil == [
                    "store": "jamsil", "inventory": [:], "recipes": [],
                    "diagnostics": [
                        diagnosticJSON(
                            file: "recipes/stores/jamsil.yaml", line: place.line, column: place.column,
                            code: "unknown-fruit", message: Self.jamsilTypoMessage)
                    ],
                ])
            // The other stores are reported exactly as in the unbroken chain.
            let golden = try JSON(parsing: try #require(ExampleChain.golden("stores-report.json")))
            let others = stores.filter { $0["store"] != "jamsil" }
            #expect(others == golden["stores"]?.items.filter { $0["store"] != "jamsil" })
            #expect(others.count == 3)
        }
    }

    @Test func typoInOneStoreMenuIsListedUnderTheMarkdownTable() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let place = try Self.breakJamsil(sandbox)
            let result = try await sandbox.juice("report", "--stores", "recipes/stores.yaml", "--format", "markdown")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == [Self.jamsilTypoLine(place)])
            #expect(
                result.stdoutLines == [
                    "| Store | strawberry | banana | kiwi | pineapple | strawberryBanana | mango | mangoKiwi | peach | peachBanana |",
                    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
                    "| gangnam | 1 | 1 | 1 | 3 | 2 | - | - | - | - |",
                    "| hongdae | 0 | 6 | 3 | 5 | 0 | 3 | 5 | 2 | 3 |",
                    "| seoulStation | 0 | 5 | 3 | 5 | 1 | 3 | 5 | - | - |",
                    "",
                    "Not reported, see the diagnostics: jamsil",
                ])
        }
    }

    // MARK: - Paths relative to another working directory

    @Test func storesManifestGivenFromTheParentFolderReportsTheSameNumbers() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox, at: "copy")
            let outside = try await sandbox.juice("report", "--stores", "copy/recipes/stores.yaml", "--format", "json")
            let inside = try await JuiceProcess.run(
                ["report", "--stores", "recipes/stores.yaml", "--format", "json"], in: sandbox.file("copy"))
            #expect(outside.exitCode == 0)
            #expect(inside.exitCode == 0)
            #expect(outside.stderr == "")
            let outsideJSON = try outside.json()
            #expect(outsideJSON == (try inside.json()))
            #expect(outsideJSON["stores"]?.items.map { $0["store"]?.string } == ExampleChain.stores)
            // And both equal the golden report: the state files were found from outside too.
            let golden = try JSON(parsing: try #require(ExampleChain.golden("stores-report.json")))
            #expect(outsideJSON == golden)
        }
    }

    @Test func storesCSVFromTheParentFolderEqualsTheCSVFromInside() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox, at: "copy")
            let outside = try await sandbox.juice("report", "--stores", "copy/recipes/stores.yaml", "--format", "csv")
            #expect(outside.exitCode == 0)
            #expect(outside.stderr == "")
            #expect(outside.stdout == ExampleChain.golden("stores-report.csv"))
        }
    }

    /// The banana juice is kept by every store, so a typo in it breaks all
    /// four; each names the chain's menu by the joined, normalised path.
    @Test func diagnosticInAParentMenuNamesItByTheNormalisedPathFromTheWorkingDirectory() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox, at: "copy")
            let text = try ExampleChain.edit(
                sandbox, "copy/recipes/menu.yaml", replacing: "uses: { banana: 2 }", with: "uses: { bananna: 2 }")
            let place = try #require(position(of: "bananna", in: text))
            #expect(place.line == 16 && place.column == 13)
            let message = "unknown fruit 'bananna' in recipe 'banana' (did you mean 'banana'?)"

            let textResult = try await sandbox.juice("report", "--stores", "copy/recipes/stores.yaml")
            #expect(textResult.exitCode == 65)
            #expect(textResult.stderrLines == ["copy/recipes/menu.yaml:16:13: error: \(message) [unknown-fruit]"])
            #expect(!textResult.stderr.contains(".."))
            #expect(
                textResult.stdoutLines.last
                    == "Not reported, see the diagnostics: gangnam, hongdae, jamsil, seoulStation")

            let jsonResult = try await sandbox.juice(
                "report", "--stores", "copy/recipes/stores.yaml", "--format", "json")
            #expect(jsonResult.exitCode == 65)
            #expect(jsonResult.stderr == "")
            let expected = diagnosticJSON(
                file: "copy/recipes/menu.yaml", line: 16, column: 13, code: "unknown-fruit", message: message)
            let stores = try jsonResult.json()["stores"]?.items ?? []
            #expect(stores.map { $0["store"]?.string } == ExampleChain.stores)
            for store in stores {
                #expect(store["diagnostics"] == [expected], "diagnostics of \(store["store"]?.string ?? "?")")
            }

            let github = try await sandbox.juice(
                "validate", "--stores", "copy/recipes/stores.yaml", "--format", "github")
            #expect(github.exitCode == 65)
            #expect(
                github.stdoutLines == ["::error file=copy/recipes/menu.yaml,line=16,col=13::\(message) [unknown-fruit]"]
            )
        }
    }
}
