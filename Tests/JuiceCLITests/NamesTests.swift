import Foundation
import Testing

/// Recipes and fruits named on the command line by id or by display name
/// (SPEC 8), the hints for common mistakes, and `juice menu`, which shows
/// what to type.
@Suite struct NamesTests {
    @Test func aRecipeIsOrderedByItsKoreanOrEnglishNameInAnyASCIICase() async throws {
        try await Sandbox.with { sandbox in
            #expect(try await sandbox.juice("make", "딸바쥬스").exitCode == 0)
            #expect(try sandbox.stock()["strawberry"] == 0)
            #expect(try sandbox.stock()["banana"] == 9)
            let english = try await sandbox.juice("make", "banana juice=2")
            #expect(english.stdoutLines.first == "2 × Banana Juice are ready. Enjoy!")
            #expect(try sandbox.stock()["banana"] == 5)
            #expect(try await sandbox.juice("make", "MANGOKIWI").exitCode == 0)
            #expect(try sandbox.stock()["mango"] == 8)
        }
    }

    @Test func aFruitIsAdjustedAndPlannedByItsName() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("adjust", "딸기=+3", "Kiwi=-1")
            #expect(result.stdoutLines == ["Strawberry: 10 → 13", "Kiwi: 10 → 9"])
            let plan = try await sandbox.juice("plan", "Strawberry Banana Juice=2", "--format", "csv")
            #expect(plan.stdoutLines == ["fruit,needed,have,buy", "strawberry,20,13,7", "banana,2,10,0"])
        }
    }

    /// A menu's names with an escape, a carriage return or a
    /// right-to-left override pass `validate` (a name is any text) and are
    /// shown in text with them escaped: printed raw, the escape sequence
    /// cleared the line, the override turned it around. JSON escapes as
    /// JSON does.
    @Test func aMenuNameWithAControlCharacterIsShownEscapedInText() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/menu.yaml",
                #"""
                fruits:
                  kiwi: { name: "Ki\e[2Kwi", stock: 2, par: 10, pack: 5, supplier: farm }
                  lime: { name: "Li\rme", stock: 3 }
                suppliers:
                  farm: { name: "Fa\u202Erm", minimum: 1 }
                recipes:
                  kiwiLime: { name: "Kiwi\e]0;x\aLime", uses: { kiwi: 1, lime: 1 } }
                """#)
            #expect(try await sandbox.juice("validate").exitCode == 0)
            let report = try await sandbox.juice("report")
            #expect(
                report.stdoutLines == [
                    "FRUIT          STOCK",
                    "Ki\\u{1B}[2Kwi      2",
                    "Li me              3",
                    "",
                    "JUICE                    SERVINGS  LIMITED BY     MISSING",
                    "Kiwi\\u{1B}]0;x\\u{7}Lime         2  Ki\\u{1B}[2Kwi",
                ], "\(report.stdoutLines)")
            let forecast = try await sandbox.juice("forecast", "--days", "1")
            #expect(forecast.stdoutLines.dropFirst().first?.hasPrefix("Ki\\u{1B}[2Kwi  weekday") == true)
            let order = try await sandbox.juice("order")
            #expect(
                order.stdoutLines == [
                    "Fa\\u{202E}rm (farm)",
                    "  FRUIT          HAVE  PAR  UNITS  PACKS  COST",
                    "  Ki\\u{1B}[2Kwi     2   10     10      2     -",
                    "  TOTAL                                2     -",
                ], "\(order.stdoutLines)")
            for result in [report, forecast, order] {
                #expect(
                    !result.stdout.unicodeScalars.contains {
                        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
                    },
                    "\(result.stdout.unicodeScalars.map(\.value))")
            }
            let json = try await sandbox.juice("report", "--format", "json")
            #expect(json.stdout.contains(#""Kiwi\u001b]0;x\u0007Lime""#), "\(json.stdout)")
        }
    }

    /// A failure's text quotes a name with its control characters escaped,
    /// as a diagnostic does: a recipe given on the command line, a fruit's
    /// name from the menu in a shortage. JSON keeps the name, escaped as
    /// JSON escapes.
    @Test func aFailureQuotesANameWithAControlCharacterEscaped() async throws {
        try await Sandbox.with { sandbox in
            let unknown = try await sandbox.juice("make", "ba\u{1B}[2Knana")
            #expect(unknown.exitCode == 64)
            #expect(
                unknown.stderrLines.last
                    == "error: unknown recipe 'ba\\u{1B}[2Knana'; the menu's recipes: juice menu",
                "\(unknown.stderrLines)")
            try sandbox.write(
                "recipes/menu.yaml",
                #"""
                fruits:
                  kiwi: { name: "Ki\e[2Kwi", stock: 2 }
                recipes:
                  kiwi: { uses: { kiwi: 3 } }
                """#)
            let short = try await sandbox.juice("make", "kiwi")
            #expect(short.exitCode == 1)
            #expect(short.stderrLines.contains { $0.hasPrefix("  Ki\\u{1B}[2Kwi: ") }, "\(short.stderrLines)")
            #expect(!short.stderr.unicodeScalars.contains("\u{1B}"), "\(short.stderrLines)")
        }
    }

    @Test func aNameThatFitsSeveralRecipesIsAUsageErrorListingTheirIds() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "recipes/menu.yaml",
                """
                fruits: { kiwi: 10, lime: 10 }
                recipes:
                  kiwi: { name: Fresh, uses: { kiwi: 1 } }
                  lime: { name: { en: Fresh, ko: 라임 }, uses: { lime: 1 } }
                """)
            let result = try await sandbox.juice("make", "Fresh")
            #expect(result.exitCode == 64)
            #expect(result.stderrLines.last == "error: 'Fresh' names several: kiwi, lime; write one of these ids")
            #expect(try await sandbox.juice("make", "라임").exitCode == 0)
        }
    }

    @Test func aCountGivenAsASecondWordSaysToWriteRecipeEqualsN() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("make", "banana", "2")
            #expect(result.exitCode == 64)
            #expect(
                result.stderrLines.last == "error: '2' is not a recipe: to order 2 servings of 'banana', write banana=2"
            )
            #expect(!sandbox.exists("inventory.yaml"))
        }
    }

    @Test func aFruitGivenToMakePointsAtAdjustAndARecipeGivenToAdjustPointsAtMake() async throws {
        try await Sandbox.with { sandbox in
            let make = try await sandbox.juice("make", "파인애플")
            #expect(make.exitCode == 64)
            #expect(
                make.stderrLines.last
                    == "error: '파인애플' is a fruit, not a recipe: the juices that use it are pineapple; "
                    + "to change its stock, write juice adjust 파인애플=+N")
            let adjust = try await sandbox.juice("adjust", "Strawberry Banana Juice=+1")
            #expect(adjust.exitCode == 64)
            #expect(
                adjust.stderrLines.last
                    == "error: 'Strawberry Banana Juice' is a recipe, not a fruit: to make it, write juice make 'Strawberry Banana Juice'"
            )
        }
    }

    @Test func aSuggestionMustBePlausibleNotMerelyTheNearest() async throws {
        try await Sandbox.with { sandbox in
            let far = try await sandbox.juice("make", "a")
            #expect(far.stderrLines.last == "error: unknown recipe 'a'; the menu's recipes: juice menu")
            let near = try await sandbox.juice("make", "mangoKiwii")
            #expect(
                near.stderrLines.last
                    == "error: unknown recipe 'mangoKiwii' (did you mean 'mangoKiwi'?); the menu's recipes: juice menu")
            let name = try await sandbox.juice("make", "Mango Kiwi Juic")
            #expect(
                name.stderrLines.last
                    == "error: unknown recipe 'Mango Kiwi Juic' (did you mean 'Mango Kiwi Juice'?); the menu's recipes: juice menu"
            )
        }
    }

    @Test func theMenuOfAStoreListsWhatItsMenuHas() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            let result = try await sandbox.juice("menu", "--store", "gangnam", "--format", "csv")
            #expect(result.exitCode == 0)
            #expect(!result.stdout.contains("mango"))
            #expect(
                result.stdoutLines.contains(
                    "recipe,strawberryBanana,Strawberry Banana Juice,,strawberry:10;banana:1,,,,,,,")
            )
            let misuse = try await sandbox.juice("menu", "--inventory", "state/gangnam.yaml")
            #expect(misuse.exitCode == 64)
        }
    }
}
