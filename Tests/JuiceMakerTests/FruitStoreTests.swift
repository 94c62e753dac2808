import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

// A notification that never comes would hang `next()`: the limit makes it a
// failure. It is generous because it counts the time a test waits for a
// thread while the rest of the run keeps both cores busy.
@Suite(.timeLimit(.minutes(5))) struct FruitStoreTests {
    @Test func observersSeeTheStockNowAndAfterEveryChange() async throws {
        let store = FruitStore(menu: .builtin)
        var changes = store.changes().makeAsyncIterator()
        #expect(await changes.next()?["banana"] == 10)
        try store.make([try Menu.builtin.order(parsing: "banana=2")])
        #expect(await changes.next()?["banana"] == 6)
        try store.adjust([StockChange(fruit: "banana", .add(4))])
        #expect(await changes.next()?["banana"] == 10)
    }

    @Test func aRefusedOrderChangesNothingAndNotifiesNobody() async throws {
        let store = FruitStore(menu: .builtin)
        var changes = store.changes().makeAsyncIterator()
        #expect(await changes.next()?["banana"] == 10)
        let before = store.inventory
        #expect(
            throws: InventoryUpdateError.refused(
                .insufficient([Shortage(fruit: "strawberry", needed: 16, available: 10)]))
        ) {
            try store.make([try Menu.builtin.order(parsing: "strawberry")])
        }
        #expect(store.inventory == before)
        // The next value observers see is the next real change, not the refusal.
        try store.adjust([StockChange(fruit: "banana", .add(1))])
        #expect(await changes.next()?["banana"] == 11)
    }

    @Test func aStoreKeptInAFileSharesItsStockAndJournalWithTheCommandLine() async throws {
        try await TemporaryFolder.with { url in
            let folder = url.path
            let file = InventoryFile(path: folder + "/inventory.yaml")
            let store = try FruitStore(menu: .builtin, file: file)
            var changes = store.changes().makeAsyncIterator()
            #expect(await changes.next()?["banana"] == 10)
            try store.make([try Menu.builtin.order(parsing: "banana=2")])
            #expect(await changes.next()?["banana"] == 6)
            try store.adjust([StockChange(fruit: "kiwi", .add(3))], reason: .delivery)
            #expect(await changes.next()?["kiwi"] == 13)
            #expect(try file.read(menu: .builtin).value == store.inventory)
            // Another process (here, another store on the same file) changes it.
            try FruitStore(menu: .builtin, file: file).adjust([StockChange(fruit: "mango", .set(1))], reason: .count)
            try store.reload()
            #expect(await changes.next()?["mango"] == 1)
            try store.undo()
            #expect(await changes.next()?["mango"] == 10)
            var kinds: [JournalEntry.Kind] = []
            try file.readJournal { kinds.append($0.kind) }
            #expect(kinds == [.make, .adjust, .adjust, .undo])
        }
    }

    /// A store opened from a chain's manifest starts its business day when
    /// the manifest says: its lots expire by that day, as `juice make`'s do
    /// (a `FruitStore` took its menu's day start alone, midnight here).
    @Test func aStoreOfAChainExpiresLotsByTheManifestsDayStart() throws {
        let late = try #require(DayStart(parsing: "23:59"))
        let now = JournalTime.now
        let today = try #require(now.businessDate(dayStart: .midnight))
        // In the last minute of a day both days are today: nothing to tell apart.
        guard now.businessDate(dayStart: late) != today else { return }
        try TemporaryFolder.with { url in
            let folder = url.path
            let yesterday = today.adding(days: -1)
            try "fruits:\n  kiwi: { name: Kiwi, stock: 0 }\nrecipes:\n  kiwi: { kiwi: 1 }\n".write(
                toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try "dayStarts: \"23:59\"\nstores:\n  a: { menu: menu.yaml, inventory: a.yaml }\n".write(
                toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            try "kiwi: [{count: 5, bestBefore: \(yesterday)}]\n".write(
                toFile: folder + "/a.yaml", atomically: true, encoding: .utf8)
            let service = StoreService()
            let store = try service.open(try service.address(store: "a", manifestPath: folder + "/stores.yaml"))
            let live = try FruitStore(store)
            // Yesterday by the calendar is today's business day: not expired.
            try live.make([try store.menu.order(parsing: "kiwi")])
            #expect(live.inventory["kiwi"] == 4)
            // By midnight it has expired.
            #expect(throws: InventoryUpdateError.self) {
                try FruitStore(menu: store.menu, inventory: live.inventory).make([try store.menu.order(parsing: "kiwi")]
                )
            }
        }
    }
}
