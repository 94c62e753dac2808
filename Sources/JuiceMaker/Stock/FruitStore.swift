import Synchronization

/// A live store for an app: a menu and its current stock, changed by
/// transactions and observed as a stream, as the original app's stock screen
/// followed its `FruitStore`.
///
/// Safe to share between tasks: every transaction runs under a lock.
public final class FruitStore: Sendable {
    /// The menu whose fruits the store counts.
    public let menu: Menu
    private let state: Mutex<State>

    private struct State {
        var inventory: Inventory
        var observers: [Int: AsyncStream<Inventory>.Continuation] = [:]
        var nextObserver = 0
    }

    /// A store holding `inventory`, or the menu's initial stock.
    public init(menu: Menu, inventory: Inventory? = nil) {
        self.menu = menu
        state = Mutex(State(inventory: inventory ?? Inventory(initialStockOf: menu)))
    }

    /// The current stock.
    public var inventory: Inventory {
        state.withLock { $0.inventory }
    }

    /// Makes the orders as one transaction.
    ///
    /// - Returns: the new stock.
    /// - Throws: ``StockError/insufficient(_:)``; then nothing changed.
    @discardableResult
    public func make(_ orders: [Order]) throws(StockError) -> Inventory {
        try apply { inventory throws(StockError) in try inventory.making(orders) }
    }

    /// Applies the changes in order as one transaction.
    ///
    /// - Returns: the new stock.
    /// - Throws: ``StockError``; then nothing changed.
    @discardableResult
    public func adjust(_ changes: [StockChange]) throws(StockError) -> Inventory {
        try apply { inventory throws(StockError) in try inventory.adjusted(by: changes) }
    }

    /// The stock now and after every change, until the stream's consumer
    /// stops listening.
    public func changes() -> AsyncStream<Inventory> {
        let (stream, continuation) = AsyncStream.makeStream(of: Inventory.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextObserver
            state.nextObserver += 1
            state.observers[id] = continuation
            continuation.yield(state.inventory)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    private func apply(_ transaction: (Inventory) throws(StockError) -> Inventory) throws(StockError) -> Inventory {
        try state.withLock { state throws(StockError) in
            let updated = try transaction(state.inventory)
            guard updated != state.inventory else { return updated }
            state.inventory = updated
            for observer in state.observers.values {
                observer.yield(updated)
            }
            return updated
        }
    }
}
