import Testing

@testable import JuiceMaker

// A notification that never comes would hang `next()`: the limit makes it a failure.
@Suite(.timeLimit(.minutes(1))) struct FruitStoreTests {
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
        #expect(throws: StockError.self) { try store.make([try Menu.builtin.order(parsing: "strawberry")]) }
        #expect(store.inventory == before)
        // The next value observers see is the next real change, not the refusal.
        try store.adjust([StockChange(fruit: "banana", .add(1))])
        #expect(await changes.next()?["banana"] == 11)
    }
}
