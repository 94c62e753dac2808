import Testing

@testable import JuiceMaker

/// `print(error)` of every error the library throws says what `juice` says,
/// in English, not the enum's case.
@Suite struct ErrorDescriptionTests {
    @Test func aShortageListsEveryShortFruitOnALineOfItsOwn() {
        let error = StockError.insufficient([
            Shortage(fruit: "lemon", needed: 20, available: 6), Shortage(fruit: "kiwi", needed: 3, available: 0),
        ])
        #expect(
            String(describing: error) == """
                not enough fruit; nothing changed
                  lemon: 20 needed, 6 in stock, 14 more needed
                  kiwi: 3 needed, 0 in stock, 3 more needed
                """)
    }

    @Test func everyOtherRefusalIsOneSentence() {
        let cases: [(StockError, String)] = [
            (
                .aboveMaximum(fruit: "kiwi", result: 1_000_000_001),
                "kiwi would reach 1000000001, above the maximum of 1000000000; nothing changed"
            ),
            (.unknownFruit("kiwwi"), "unknown fruit 'kiwwi'"),
            (.servingsOutOfRange(-2), "invalid number of servings -2: expected a whole number from 1 to 1000000000"),
            (
                .quantityOutOfRange(recipe: "odd", fruit: "mango", quantity: 0),
                "invalid quantity 0 of fruit 'mango' in recipe 'odd': expected a whole number from 1 to 1000000000"
            ),
            (
                .amountOutOfRange(fruit: "kiwi", amount: -5),
                "invalid amount -5 for fruit 'kiwi': expected a whole number from 0 to 1000000000"
            ),
        ]
        for (error, text) in cases {
            #expect("\(error)" == text)
        }
    }

    @Test func undoAndUpdateErrorsSayTheirReason() {
        #expect("\(UndoError.alreadyUndone(3, by: 5))" == "entry 3 was undone already, by entry 5")
        #expect(
            "\(InventoryUpdateError.undo(.nothingToUndo))"
                == "nothing to undo: the journal has no make or adjust that is not undone")
        #expect(
            "\(InventoryUpdateError.refused(.unknownFruit("kiwwi")))" == "unknown fruit 'kiwwi'")
        #expect(
            "\(InventoryUpdateError.file(.notFound(path: "inventory.yaml")))" == "inventory.yaml: no such file")
        let diagnostic = Diagnostic.error(
            .unknownFruit, Message(.unknownFruitInInventory, "kiwwi", ""),
            at: SourceLocation(file: "inventory.yaml", line: 2, column: 1))
        #expect(
            "\(InventoryUpdateError.invalidInventory([diagnostic, diagnostic]))" == """
                inventory.yaml:2:1: error: unknown fruit 'kiwwi' in the inventory [unknown-fruit]
                inventory.yaml:2:1: error: unknown fruit 'kiwwi' in the inventory [unknown-fruit]
                """)
    }
}
