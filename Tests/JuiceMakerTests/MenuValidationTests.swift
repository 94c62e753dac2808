import Testing

@testable import JuiceMaker

/// Each diagnostic code, at its exact line and column.
@Suite struct MenuValidationTests {
    @Test func aTypoInARecipesFruitIsAnUnknownFruitAtTheKeyWithASuggestion() throws {
        let loaded = loadMenu(
            """
            fruits:
              strawberry: 10
              banana: 10
            recipes:
              strawberryBanana: { strawbery: 10, banana: 1 }
            """)
        let diagnostic = try #require(loaded.diagnostics.first { $0.severity == .error })
        #expect(loaded.value == nil)
        #expect(
            diagnostic.description
                == "menu.yaml:5:23: error: unknown fruit 'strawbery' in recipe 'strawberryBanana' (did you mean 'strawberry'?) [unknown-fruit]"
        )
    }

    @Test func unknownKeysAreReportedAtTheKeyWithASuggestion() {
        let loaded = loadMenu(
            """
            fruits:
              kiwi: { stok: 3 }
            recipes:
              kiwi: { uses: { kiwi: 3 }, nmae: Kiwi Juice }
            recipe: {}
            """)
        #expect(
            loaded.diagnostics.map(\.description) == [
                "menu.yaml:2:11: error: unknown key 'stok' in fruit 'kiwi' (did you mean 'stock'?) [unknown-key]",
                "menu.yaml:4:30: error: unknown key 'nmae' in recipe 'kiwi' (did you mean 'name'?) [unknown-key]",
                "menu.yaml:5:1: error: unknown key 'recipe' in the menu (did you mean 'recipes'?) [unknown-key]",
            ])
    }

    @Test func aMenuWithoutRecipesLacksAKeyAtItsFirstCharacter() {
        #expect(places("fruits: { kiwi: 1 }\n") == ["1:1 missing-key", "1:11 unused-fruit"])
    }

    @Test func aLongFormRecipeWithoutUsesLacksAKeyAtItsFirstKey() {
        let text = """
            fruits: { kiwi: 1 }
            recipes:
              kiwi:
                name: Kiwi Juice
                use: { kiwi: 3 }
            """
        #expect(places(text) == ["1:11 unused-fruit", "4:5 missing-key", "5:5 unknown-key"])
    }

    @Test func aDuplicateKeyIsReportedAtTheSecondOccurrenceWithANoteAtTheFirst() throws {
        let loaded = loadMenu(
            """
            fruits:
              kiwi: 1
              kiwi: 2
            recipes: { kiwi: { kiwi: 1 } }
            """)
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.code == .duplicateKey)
        #expect(diagnostic.location == SourceLocation(file: "menu.yaml", line: 3, column: 3))
        #expect(diagnostic.notes.map(\.location) == [SourceLocation(file: "menu.yaml", line: 2, column: 3)])
        #expect(loaded.diagnostics.count == 1)
    }

    @Test(arguments: [
        "1.5", "2.0", "+2", "0x10", "1_000", "\"2\"", "!!int 2", "two", "0", "-1", "1000000001",
        "99999999999999999999999999", "~", "''",
    ])
    func aQuantityNotInPlainDigitsFromOneToABillionIsInvalid(quantity: String) {
        #expect(places("fruits: { kiwi: 9 }\nrecipes:\n  kiwi: { kiwi: \(quantity) }\n") == ["3:17 invalid-quantity"])
    }

    @Test func aQuotedOrTaggedNumberSaysSo() {
        let messages = loadMenu("fruits: { a: \"2\", b: !!int 3 }\nrecipes: { r: { a: 1, b: 1 } }\n").diagnostics.map(
            \.message)
        #expect(
            messages == [
                "the stock of fruit 'a' is '2' in quotes; it must be a whole number from 0 to 1000000000, written in plain digits",
                "the stock of fruit 'b' is '3' with the tag !!int; it must be a whole number from 0 to 1000000000, written in plain digits",
            ])
    }

    @Test func quantitiesWithLeadingZerosAreDecimal() throws {
        let menu = try #require(loadMenu("fruits: { kiwi: 010 }\nrecipes: { kiwi: { kiwi: 007 } }\n").value)
        #expect(menu.fruit(id: "kiwi")?.initialStock == 10)
        #expect(menu.recipe(id: "kiwi")?.ingredients.first?.quantity == 7)
    }

    @Test func aStockMayBeZeroAndAtMostABillion() {
        #expect(places("fruits: { a: 0, b: 1000000000 }\nrecipes: { r: { a: 1, b: 1 } }\n") == [])
        #expect(
            places("fruits: { a: 0, b: 1000000001 }\nrecipes: { r: { a: 1, b: 1 } }\n") == ["1:20 invalid-quantity"])
    }

    @Test func idsOutsideTheRuleAreInvalidAtTheKey() {
        let text = """
            fruits:
              1kiwi: 3
              x-lime: 3
              kiwi: 3
            recipes:
              kiwi juice: { kiwi: 1 }
            """
        #expect(places(text) == ["2:3 invalid-id", "3:3 invalid-id", "6:3 invalid-id"])
    }

    @Test func aRecipeThatUsesNoFruitIsEmptyAtItsKey() {
        let text = """
            fruits: { kiwi: 3 }
            recipes:
              kiwi: { kiwi: 1 }
              nothing: {}
              alsoNothing: { uses: {}, name: Air }
              onlyMetadata: { x-note: later }
            """
        #expect(places(text) == ["4:3 empty-recipe", "5:3 empty-recipe", "6:3 empty-recipe"])
    }

    @Test func aNodeOfTheWrongKindIsATypeMismatchAtTheNode() {
        let text = """
            fruits: [kiwi]
            recipes:
              kiwi: 3
            """
        #expect(places(text) == ["1:9 type-mismatch", "3:9 type-mismatch"])
        #expect(places("- fruits\n") == ["1:1 type-mismatch"])
        #expect(
            places("fruits: { kiwi: { name: [Kiwi] } }\nrecipes: { kiwi: { kiwi: 1 } }\n") == ["1:25 type-mismatch"])
    }

    @Test func yamlThatDoesNotParseIsASyntaxErrorAtLibyamlsPlace() throws {
        let loaded = loadMenu("fruits:\n  kiwi: [1, 2\nrecipes: {}\n")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.code == .syntax)
        // libyaml sees the flow sequence unclosed where the next key starts.
        #expect("\(diagnostic.location.line):\(diagnostic.location.column)" == "3:8")
        #expect(loaded.diagnostics.count == 1)
    }

    @Test func aFileMustHoldExactlyOneDocument() {
        #expect(places("") == ["1:1 syntax"])
        #expect(places("# only a comment\n") == ["1:1 syntax"])
        #expect(places("fruits: {a: 1}\nrecipes: {a: {a: 1}}\n---\nfruits: {}\n") == ["3:1 syntax"])
    }

    @Test func nestingPastTheLimitIsALimitDiagnostic() throws {
        let deep = String(repeating: "[", count: 100_000)
        let diagnostic = try #require(loadMenu("fruits: " + deep).diagnostics.first)
        #expect(diagnostic.code == .limit)
        #expect(diagnostic.message.contains("nesting-depth"))
        #expect(diagnostic.location.line == 1)
    }

    @Test func anAliasBombIsALimitDiagnostic() throws {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(previous)]\n"
        }
        let diagnostic = try #require(loadMenu(text).diagnostics.first)
        #expect(diagnostic.code == .limit)
        #expect(diagnostic.message.contains("alias-expansion"))
    }

    @Test func aFruitNoRecipeUsesIsOnlyAWarning() throws {
        let loaded = loadMenu("fruits: { kiwi: 3, lime: 2 }\nrecipes: { kiwi: { kiwi: 1 } }\n")
        #expect(loaded.value != nil)
        #expect(
            loaded.diagnostics.map(\.description) == [
                "menu.yaml:1:20: warning: fruit 'lime' is used by no recipe [unused-fruit]"
            ])
    }

    @Test func extensionKeysAreIgnoredAtTheTopAndInFruitsAndRecipes() throws {
        let text = """
            x-owner: Gangnam
            fruits:
              kiwi: { stock: 3, x-color: green }
            recipes:
              kiwi: { kiwi: 3, x-note: shorthand }
              kiwiDouble: { uses: { kiwi: 6 }, x-seasonal: true }
            """
        let loaded = loadMenu(text)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.value?.recipe(id: "kiwi")?.ingredients == [Recipe.Ingredient(fruit: "kiwi", quantity: 3)])
    }

    @Test func anExtensionKeyIsOneWhoseFirstTwoCodePointsAreXAndHyphen() {
        // `-` followed by a combining accent is one character but still
        // starts the key with the code points `x` and `-`: ignored, like the
        // id rule, which also reads code points, not characters.
        let loaded = loadMenu("fruits: { kiwi: 3 }\nrecipes: { kiwi: { kiwi: 3, \"x-\u{301}note\": 1 } }\n")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.value?.recipe(id: "kiwi")?.ingredients == [Recipe.Ingredient(fruit: "kiwi", quantity: 3)])
    }

    @Test func aRecipeMayShareItsIdWithAFruit() throws {
        let menu = try #require(loadMenu("fruits: { kiwi: 3 }\nrecipes: { kiwi: { kiwi: 3 } }\n").value)
        #expect(menu.fruit(id: "kiwi") != nil)
        #expect(menu.recipe(id: "kiwi") != nil)
    }

    @Test func everyProblemIsReportedInOneRunInFileOrder() {
        let text = """
            fruits:
              kiwi: -1
              mango: { stock: 2, colour: yellow }
            recipes:
              mangoKiwi: { mango: 2, kiwii: 1 }
              mango: { mango: 1.5 }
            """
        // kiwi is unused too: the only recipe naming it misspells it.
        #expect(
            places(text) == [
                "2:3 unused-fruit", "2:9 invalid-quantity", "3:22 unknown-key", "5:26 unknown-fruit",
                "6:19 invalid-quantity",
            ])
    }

    @Test func aFruitWithAnInvalidStockIsStillDeclaredForItsRecipes() {
        #expect(places("fruits: { kiwi: many }\nrecipes: { kiwi: { kiwi: 3 } }\n") == ["1:17 invalid-quantity"])
    }

    @Test func columnsCountCharactersNotBytes() {
        let text = "fruits:\n  kiwi: { name: { ko: 키위 }, stok: 1 }\nrecipes: { kiwi: { kiwi: 1 } }\n"
        #expect(places(text) == ["2:29 unknown-key"])
    }

    @Test func aTabWhereIndentationBelongsIsNamedInTheSyntaxError() {
        let loaded = loadMenu("fruits:\n\tkiwi: 1\nrecipes: { kiwi: { kiwi: 1 } }\n")
        #expect(places(loaded.diagnostics) == ["2:1 syntax"])
        #expect(loaded.diagnostics.first?.message.hasSuffix("(a tab: YAML indents with spaces only)") == true)
        // A syntax error elsewhere says nothing of tabs, even after a
        // multi-byte name on the same line.
        let other = loadMenu("fruits: { 키위: [ }\n")
        #expect(other.diagnostics.allSatisfy { !$0.message.contains("tab") })
    }

    @Test func isTabCountsColumnsInScalarsAcrossEveryKindOfLineBreak() {
        let bytes = Array("a\r\nb\rk\u{D0A4}\t\n\t".utf8)
        #expect(YAMLDocument.isTab(line: 3, column: 3, in: bytes))
        #expect(!YAMLDocument.isTab(line: 3, column: 2, in: bytes))
        #expect(YAMLDocument.isTab(line: 4, column: 1, in: bytes))
        #expect(!YAMLDocument.isTab(line: 9, column: 1, in: bytes))
    }
}
