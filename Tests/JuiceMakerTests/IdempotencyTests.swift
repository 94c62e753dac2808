import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// A change asked again with its idempotency key: made once, answered as
/// the first time, kept in the journal; a key of another change refused.
@Suite struct IdempotencyTests {
    static let menu = """
        fruits:
          banana: 10
          kiwi: 3
        recipes:
          banana: { uses: { banana: 2 } }
          kiwiBanana: { uses: { kiwi: 1, banana: 1 } }
        """

    private func withStore<T>(_ body: (String, Store) throws -> T) throws -> T {
        try JuiceMakerTests.withStore(menu: Self.menu, body)
    }

    private func journal(_ folder: String) throws -> [String] {
        try String(contentsOfFile: folder + "/i.yaml.journal", encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private let key = IdempotencyKey("tap-1")!

    @Test(arguments: ["a", "tap_1-B9", String(repeating: "k", count: 64)])
    func aKeyIsOneToSixtyFourLettersDigitsUnderscoresOrHyphens(text: String) {
        #expect(IdempotencyKey(text)?.text == text)
    }

    @Test(arguments: ["", String(repeating: "k", count: 65), "a b", "키", "a/b", "a.b"])
    func anythingElseIsNoKey(text: String) {
        #expect(IdempotencyKey(text) == nil)
    }

    @Test func aMakeAskedAgainWithItsKeyMakesOneJuiceAndAnswersWithTheStockAfterIt() throws {
        try withStore { folder, store in
            let orders = try store.orders(parsing: ["banana"])
            let first = try store.make(orders, key: key)
            #expect(!first.repeated)
            #expect(first.after.counts == ["banana": 8, "kiwi": 3])
            _ = try store.adjust(try store.stockChanges(parsing: ["kiwi=+1"]), reason: .delivery)

            let again = try store.make(orders, key: key)
            #expect(again.repeated)
            #expect(again.before.counts == first.before.counts)
            #expect(again.after.counts == first.after.counts)
            #expect(again.entries == [first.entries.last!])
            #expect(try store.readStock().inventory.counts == ["banana": 8, "kiwi": 4])
            let lines = try journal(folder)
            #expect(lines.count == 2)
            #expect(lines[0].hasSuffix(#""kind":"make","orders":{"banana":1},"key":"tap-1","changes":{"banana":-2}}"#))
        }
    }

    @Test func aKeyOfAnotherChangeIsRefusedAndChangesNothing() throws {
        try withStore { folder, store in
            _ = try store.make(try store.orders(parsing: ["banana"]), key: key)
            let before = try String(contentsOfFile: folder + "/i.yaml", encoding: .utf8)
            #expect(throws: StoreError.keyReused(key, entry: 1)) {
                try store.make(try store.orders(parsing: ["kiwiBanana"]), key: key)
            }
            #expect(throws: StoreError.keyReused(key, entry: 1)) {
                try store.adjust(try store.stockChanges(parsing: ["banana=-2"]), reason: .waste, key: key)
            }
            #expect(try String(contentsOfFile: folder + "/i.yaml", encoding: .utf8) == before)
            #expect(try journal(folder).count == 1)
        }
    }

    @Test func anAdjustAskedAgainAnswersOnlyForTheSameCountsFromTheSameStock() throws {
        try withStore { folder, store in
            let count = try store.stockChanges(parsing: ["kiwi=7"])
            _ = try store.adjust(count, reason: .count, key: key)
            _ = try store.make(try store.orders(parsing: ["kiwiBanana"]))
            let again = try store.adjust(count, reason: .count, key: key)
            #expect(again.repeated && again.after.counts == ["banana": 10, "kiwi": 7])
            // `kiwi=+4` from 3 also gives 7, but as a delivery, not a count.
            #expect(throws: StoreError.keyReused(key, entry: 1)) {
                try store.adjust(try store.stockChanges(parsing: ["kiwi=+4"]), reason: .delivery, key: key)
            }
            #expect(throws: StoreError.keyReused(key, entry: 1)) {
                try store.adjust(try store.stockChanges(parsing: ["kiwi=8"]), reason: .count, key: key)
            }
            #expect(try journal(folder).count == 2)
        }
    }

    @Test func anUndoAskedAgainUndoesOnce() throws {
        try withStore { folder, store in
            let orders = try store.orders(parsing: ["banana"])
            _ = try store.make(orders)
            _ = try store.make(orders)
            let first = try store.undo(key: key)
            let again = try store.undo(key: key)
            #expect(first.entries.last?.undoes == 2 && again.entries.last?.undoes == 2)
            #expect(again.repeated && again.after.counts == ["banana": 8, "kiwi": 3])
            #expect(throws: StoreError.keyReused(key, entry: 3)) { try store.undo(entry: 1, key: key) }
            #expect(try journal(folder).count == 3)
        }
    }

    @Test func aKeyIsRememberedForADayOnly() throws {
        try TemporaryFolder.withPath { folder in
            let menu = try #require(Menu.load(text: Self.menu, assumingPath: "menu.yaml").value)
            let file = InventoryFile(path: folder + "/i.yaml")
            let start = JournalTime(seconds: 1_795_339_800)
            func make(at time: JournalTime) throws -> InventoryUpdate {
                try file.update(menu: menu, record: .make(orders: ["banana": 1]), key: key, time: time) {
                    inventory throws(StockError) in
                    try inventory.adjusted(by: [StockChange(fruit: "banana", .remove(2))])
                }
            }
            #expect(try !make(at: start).repeated)
            #expect(try make(at: JournalTime(seconds: start.seconds + IdempotencyKey.window)).repeated)
            #expect(try !make(at: JournalTime(seconds: start.seconds + IdempotencyKey.window + 1)).repeated)
            #expect(try file.read(menu: menu).value?.counts == ["banana": 6, "kiwi": 3])
        }
    }

    /// A keyed undo finds its entry as the key's search reads the journal
    /// back over the last day, and reads on past the day for an older one
    /// (the journal's bytes read once): the same entry, and the same
    /// refusals, as an undo without a key.
    @Test func aKeyedUndoFindsItsEntryWithinTheDayAndBeyondIt() throws {
        try TemporaryFolder.withPath { folder in
            let menu = try #require(Menu.load(text: Self.menu, assumingPath: "menu.yaml").value)
            let file = InventoryFile(path: folder + "/i.yaml")
            let start = JournalTime(seconds: 1_795_339_800)
            let now = JournalTime(seconds: start.seconds + 2 * IdempotencyKey.window)
            func make(_ bananas: Int, at time: JournalTime) throws {
                _ = try file.update(menu: menu, record: .make(orders: ["banana": 1]), time: time) {
                    inventory throws(StockError) in
                    try inventory.adjusted(by: [StockChange(fruit: "banana", .remove(bananas))])
                }
            }
            func undo(_ key: String, entry id: Int? = nil) throws -> Int? {
                try file.undo(menu: menu, entry: id, key: IdempotencyKey(key)!, time: now).undone?.id
            }
            // Entries 1 and 2 two days ago, 3 a minute ago.
            try make(1, at: start)
            try make(1, at: JournalTime(seconds: start.seconds + 1))
            try make(2, at: JournalTime(seconds: now.seconds - 60))
            #expect(try undo("u-1", entry: 1) == 1)  // 4: past the day, read on to
            #expect(try undo("u-2") == 3)  // 5: the latest make, in the day
            #expect(try undo("u-3") == 2)  // 6: the first entry past the day
            #expect(throws: InventoryUpdateError.undo(.nothingToUndo)) { try undo("u-4") }
            #expect(throws: InventoryUpdateError.undo(.isUndo(4))) { try undo("u-5", entry: 4) }
            #expect(throws: InventoryUpdateError.undo(.alreadyUndone(1, by: 4))) { try undo("u-6", entry: 1) }
            #expect(throws: InventoryUpdateError.undo(.noSuchEntry(9))) { try undo("u-7", entry: 9) }
            #expect(try file.read(menu: menu).value?.counts == ["banana": 10, "kiwi": 3])
            let journal = try String(contentsOfFile: folder + "/i.yaml.journal", encoding: .utf8)
            #expect(journal.split(separator: "\n").count == 6)
        }
    }

    @Test func aKeyInTheJournalIsReadBackAndABadOneIsPlaced() {
        let line = #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"edit","key":"k-1","changes":{}}"#
        var entries: [JournalEntry] = []
        #expect(Journal(path: "j").read(contents: Array((line + "\n").utf8)) { entries.append($0) }.isEmpty)
        #expect(entries.first?.key == IdempotencyKey("k-1"))
        #expect(entries.first?.line == line)
        let bad = #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"edit","key":"k 1","changes":{}}"#
        let problems = Journal(path: "j").read(contents: Array((bad + "\n").utf8)) { _ in }
        #expect(
            problems.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue)" } == ["1:59 type-mismatch"])
    }
}
