import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

@Suite struct InventoryTests {
    let menu = Menu.builtin

    func places(_ text: String) -> [String] {
        JuiceMakerTests.places(Inventory.load(text: text, assumingPath: "inventory.yaml", menu: menu).diagnostics)
    }

    @Test func anEmptyInventoryIsTheMenusInitialStock() throws {
        for text in ["", "# nothing yet\n", "~\n"] {
            let loaded = Inventory.load(text: text, assumingPath: "inventory.yaml", menu: menu)
            #expect(loaded.value == Inventory(initialStockOf: menu))
            #expect(loaded.diagnostics.isEmpty)
        }
    }

    @Test func aListedFruitOverridesTheInitialStock() throws {
        let inventory = try #require(
            Inventory.load(text: "kiwi: 4\nmango: 0\n", assumingPath: "i.yaml", menu: menu).value)
        #expect(inventory.counts == ["strawberry": 10, "banana": 10, "pineapple": 10, "kiwi": 4, "mango": 0])
    }

    @Test func anUnknownFruitOrABadCountIsAnErrorAtItsPlace() {
        #expect(
            places("kiwi: 4\nstrawbery: 3\nmango: -1\nbanana: 2.5\nx-note: 1\n") == [
                "2:1 unknown-fruit", "3:8 invalid-quantity", "4:9 invalid-quantity", "5:1 unknown-fruit",
            ])
        #expect(places("[kiwi]\n") == ["1:1 type-mismatch"])
        #expect(places("kiwi: 1\nkiwi: 2\n") == ["2:1 duplicate-key"])
    }

    @Test func theWrittenTextListsEveryFruitInMenuOrderAndReadsBack() throws {
        let inventory = Inventory(counts: ["strawberry": 1, "banana": 2, "pineapple": 3, "kiwi": 4, "mango": 5])
        let text = inventory.yamlText(for: menu)
        #expect(
            text.split(separator: "\n").dropFirst() == [
                "strawberry: 1", "banana: 2", "pineapple: 3", "kiwi: 4", "mango: 5",
            ])
        #expect(Inventory.load(text: text, assumingPath: "i.yaml", menu: menu).value == inventory)
    }
}

@Suite struct InventoryFileTests {
    let menu = Menu.builtin

    @Test func aMissingFileIsTheInitialStockAndTheFirstChangeCreatesIt() throws {
        try TemporaryFolder.withPath { folder in
            let file = InventoryFile(path: folder + "/inventory.yaml")
            #expect(try file.read(menu: menu).value == Inventory(initialStockOf: menu))
            let order = try menu.order(parsing: "banana=2")
            let update = try file.update(menu: menu, record: .make([order])) { inventory throws(StockError) in
                try inventory.making([order])
            }
            #expect(update.after["banana"] == 6)
            #expect(try file.read(menu: menu).value?["banana"] == 6)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(names == ["inventory.yaml", "inventory.yaml.journal", "inventory.yaml.lock"])
        }
    }

    @Test func aRefusedTransactionWritesNothing() throws {
        try TemporaryFolder.withPath { folder in
            let file = InventoryFile(path: folder + "/inventory.yaml")
            let order = try menu.order(parsing: "strawberry")
            #expect(
                throws: InventoryUpdateError.refused(
                    .insufficient([Shortage(fruit: "strawberry", needed: 16, available: 10)]))
            ) {
                try file.update(menu: menu, record: .make([order])) { inventory throws(StockError) in
                    try inventory.making([order])
                }
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func aChangeOfAFruitTheMenuLacksIsRefusedNotDropped() throws {
        try TemporaryFolder.withPath { folder in
            let file = InventoryFile(path: folder + "/inventory.yaml")
            let changes = [StockChange(fruit: "kiwi", .add(1)), StockChange(fruit: "kiwwi", .add(5))]
            #expect(throws: InventoryUpdateError.refused(.unknownFruit("kiwwi"))) {
                try file.update(menu: menu, record: .adjust(reason: .delivery)) { inventory throws(StockError) in
                    try inventory.adjusted(by: changes)
                }
            }
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(!FileManager.default.fileExists(atPath: file.journal.path))
        }
    }

    @Test func undoTakesBackAnAdjustThatAddedAndOneThatRemoved() throws {
        try TemporaryFolder.withPath { folder in
            let file = InventoryFile(path: folder + "/inventory.yaml")
            let changes = [StockChange(fruit: "kiwi", .add(4)), StockChange(fruit: "mango", .remove(3))]
            _ = try file.update(menu: menu, record: .adjust(reason: .delivery)) { inventory throws(StockError) in
                try inventory.adjusted(by: changes)
            }
            let undone = try file.undo(menu: menu)
            #expect(undone.before.counts["kiwi"] == 14)
            #expect(undone.before.counts["mango"] == 7)
            #expect(undone.after == Inventory(initialStockOf: menu))
        }
    }

    @Test func anInvalidFileIsNotChanged() throws {
        try TemporaryFolder.withPath { folder in
            let path = folder + "/inventory.yaml"
            try "kiwi: lots\n".write(toFile: path, atomically: false, encoding: .utf8)
            let file = InventoryFile(path: path)
            #expect(throws: InventoryUpdateError.self) {
                try file.update(menu: menu, record: .adjust(reason: .count)) { inventory throws(StockError) in inventory
                }
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "kiwi: lots\n")
        }
    }

    @Test func aFolderThatDoesNotExistCannotHoldTheInventory() throws {
        try TemporaryFolder.withPath { folder in
            let file = InventoryFile(path: folder + "/missing/inventory.yaml")
            let change = StockChange(fruit: "kiwi", .add(1))
            let expected = InventoryUpdateError.file(.folderMissing(path: file.path))
            #expect(throws: expected) {
                try file.update(menu: menu, record: .adjust(reason: .delivery)) { inventory throws(StockError) in
                    try inventory.adjusted(by: [change])
                }
            }
        }
    }

    @Test func aWaitIsShownInWholeSecondsWhenItIsOneAndNeverTraps() {
        #expect(FileError.seconds(10) == "10")
        #expect(FileError.seconds(0.5) == "0.5")
        #expect(FileError.seconds(.infinity) == "inf")
        #expect(FileError.seconds(1e300) == "1e+300")
        #expect(FileError.locked(lockPath: "a.lock", waitedSeconds: .infinity).description.contains("after inf s"))
    }
}
