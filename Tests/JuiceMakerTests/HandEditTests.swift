import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// A hand edit saved while a change is being written (an editor takes no
/// lock): never written over, recorded as an `edit`, and the change made
/// again from the edited file.
@Suite struct HandEditTests {
    static let menu = "fruits:\n  banana: 10\n  kiwi: 3\nrecipes:\n  banana: { uses: { banana: 2 } }\n"

    /// Runs `body` with the menu and an inventory file at `FOLDER/i.yaml`
    /// written once (kiwi 3 to 4, journal entry 1).
    private func withInventory<T>(_ body: (String, Menu, InventoryFile) throws -> T) throws -> T {
        try TemporaryFolder.withPath { folder in
            let menu = try #require(Menu.load(text: Self.menu, assumingPath: folder + "/menu.yaml").value)
            let file = InventoryFile(path: folder + "/i.yaml")
            _ = try file.update(menu: menu, record: .adjust(reason: .delivery), Self.oneMoreKiwi)
            return try body(folder, menu, file)
        }
    }

    private static func oneMoreKiwi(_ inventory: Inventory) throws(StockError) -> Inventory {
        try inventory.adjusted(by: [StockChange(fruit: "kiwi", .add(1))])
    }

    /// What a person's editor saves: `banana` set to `count`, the rest of
    /// the text as it was (the marker too), unless `dropsMarker`; written in
    /// place, or as a new file renamed over the old one.
    private static func edit(_ path: String, banana count: Int, renaming: Bool, dropsMarker: Bool = false) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").filter { !dropsMarker || !$0.hasPrefix("# journal:") }.map {
            $0.hasPrefix("banana:") ? "banana: \(count)" : String($0)
        }
        let edited = Data((lines.joined(separator: "\n") + "\n").utf8)
        if renaming {
            try? edited.write(to: URL(fileURLWithPath: path + ".edited"))
            rename(path + ".edited", path)
        } else {
            let handle = FileHandle(forWritingAtPath: path)
            try? handle?.truncate(atOffset: 0)
            handle?.write(edited)
            try? handle?.close()
        }
    }

    private static func journal(_ folder: String) throws -> [String] {
        try String(contentsOfFile: folder + "/i.yaml.journal", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test(arguments: [(false, false), (true, false), (true, true)])
    func anEditSavedWhileAChangeIsWrittenIsKeptAndRecordedFirst(renaming: Bool, dropsMarker: Bool) throws {
        try withInventory { folder, menu, file in
            var file = file
            let calls = SharedCount()
            file.beforeReplace = {
                if calls.increment() == 1 {
                    Self.edit(folder + "/i.yaml", banana: 40, renaming: renaming, dropsMarker: dropsMarker)
                }
            }
            let update = try file.update(menu: menu, record: .adjust(reason: .delivery), Self.oneMoreKiwi)
            #expect(calls.value == 2)
            #expect(update.before.counts == ["banana": 40, "kiwi": 4])
            #expect(update.after.counts == ["banana": 40, "kiwi": 5])
            #expect(update.entries.map(\.kind) == [.edit, .adjust])
            #expect(try file.read(menu: menu).value?.counts == ["banana": 40, "kiwi": 5])
            let lines = try Self.journal(folder)
            #expect(lines.count == 3, "\(lines)")
            #expect(lines[1].contains(#""id":2,"#) && lines[1].hasSuffix(#""kind":"edit","changes":{"banana":30}}"#))
            #expect(lines[2].contains(#""id":3,"#) && lines[2].hasSuffix(#""changes":{"kiwi":1}}"#))
        }
    }

    @Test func anEditBeforeEveryReplaceStopsTheChangeAfterFiveTriesAndItChangesNothing() throws {
        try withInventory { folder, menu, file in
            var file = file
            let calls = SharedCount()
            file.beforeReplace = {
                let count = calls.increment()
                Self.edit(folder + "/i.yaml", banana: 100 + count, renaming: count % 2 == 0)
            }
            let journalBefore = try Self.journal(folder)
            #expect(throws: InventoryUpdateError.file(.changedMeanwhile(path: folder + "/i.yaml", times: 5))) {
                try file.update(menu: menu, record: .adjust(reason: .delivery), Self.oneMoreKiwi)
            }
            #expect(calls.value == InventoryFile.attempts)
            // The last edit is the stock; no entry of the change is left.
            #expect(try file.read(menu: menu).value?.counts == ["banana": 105, "kiwi": 4])
            #expect(try Self.journal(folder) == journalBefore)
        }
    }
}
