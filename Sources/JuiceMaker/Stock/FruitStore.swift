import Synchronization

/// A live store for an app: a menu and its current stock, changed by
/// transactions and observed as a stream, as the original app's stock screen
/// followed its `FruitStore`. Kept in memory, or persisted through an
/// inventory file and its journal, so that an app's screen and the command
/// line share one stock and one history.
///
/// Safe to share between tasks: every transaction runs under a lock.
public final class FruitStore: Sendable {
    /// The menu whose fruits the store counts.
    public let menu: Menu
    /// The inventory file changes are stored in, if any.
    let file: InventoryFile?
    /// When its business day starts: what a lot has expired by.
    private let dayStart: DayStart
    private let state: Mutex<State>

    private struct State {
        var inventory: Inventory
        var observers: [Int: AsyncStream<Inventory>.Continuation] = [:]
        var nextObserver = 0
    }

    /// A store in memory holding `inventory`, or the menu's initial stock.
    public init(menu: Menu, inventory: Inventory? = nil) {
        self.menu = menu
        file = nil
        dayStart = menu.dayStarts ?? .midnight
        state = Mutex(State(inventory: inventory ?? Inventory(initialStockOf: menu)))
    }

    /// A live store over `store`, opened by ``StoreService``: its menu, and
    /// its inventory file when it names one, where every change is made
    /// under the file's lock (waiting as the service waits) and recorded in
    /// its journal; else in memory, from the menu's initial stock.
    ///
    /// - Throws: ``InventoryUpdateError/file(_:)`` when the file cannot be
    ///   read, ``InventoryUpdateError/invalidInventory(_:)`` when it is
    ///   invalid.
    public convenience init(_ store: Store) throws(InventoryUpdateError) {
        try self.init(menu: store.menu, file: store.inventoryFile, dayStart: store.dayStart)
    }

    /// A store persisted in `file` (every change made through the file,
    /// under its lock, and recorded in its journal), or without one in
    /// memory from the menu's initial stock; its business day starting at
    /// `dayStart` (the menu's, else midnight, when `nil`).
    ///
    /// - Throws: ``InventoryUpdateError/file(_:)`` when the file cannot be
    ///   read, ``InventoryUpdateError/invalidInventory(_:)`` when it is
    ///   invalid.
    init(menu: Menu, file: InventoryFile?, dayStart: DayStart? = nil) throws(InventoryUpdateError) {
        self.menu = menu
        self.file = file
        self.dayStart = dayStart ?? menu.dayStarts ?? .midnight
        let inventory = try file.map { file throws(InventoryUpdateError) in try Self.read(file, menu: menu) }
        state = Mutex(State(inventory: inventory ?? Inventory(initialStockOf: menu)))
    }

    private static func read(_ file: InventoryFile, menu: Menu) throws(InventoryUpdateError) -> Inventory {
        let loaded: Loaded<Inventory>
        do {
            loaded = try file.read(menu: menu)
        } catch {
            throw .file(error)
        }
        guard let inventory = loaded.value else { throw .invalidInventory(loaded.diagnostics) }
        return inventory
    }

    /// The current stock.
    public var inventory: Inventory {
        state.withLock { $0.inventory }
    }

    /// Makes the orders as one transaction.
    ///
    /// - Returns: the new stock.
    /// - Throws: ``InventoryUpdateError/refused(_:)`` when fruit is short,
    ///   or, with a file, why it could not be changed; then nothing changed.
    @discardableResult
    public func make(_ orders: [Order]) throws(InventoryUpdateError) -> Inventory {
        let today = JournalTime.now.businessDate(dayStart: dayStart)
        return try apply(.make(orders)) { inventory throws(StockError) in try inventory.making(orders, today: today) }
    }

    /// Applies the changes in order as one transaction, recorded with
    /// `reason`.
    ///
    /// - Returns: the new stock.
    /// - Throws: ``InventoryUpdateError``; then nothing changed.
    @discardableResult
    public func adjust(_ changes: [StockChange], reason: JournalEntry.Reason = .correction)
        throws(InventoryUpdateError) -> Inventory
    {
        try apply(.adjust(changes, reason: reason)) { inventory throws(StockError) in
            try inventory.adjusted(by: changes)
        }
    }

    /// Takes back journal entry `id`, or the latest `make` or `adjust` not
    /// yet undone (as ``Store/undo(entry:dryRun:key:whileWaiting:)`` does).
    /// A store in memory has no journal: this needs a file.
    ///
    /// - Returns: the new stock.
    @discardableResult
    public func undo(_ id: Int? = nil) throws(InventoryUpdateError) -> Inventory {
        guard let file else { throw .undo(.nothingToUndo) }
        return try state.withLock { state throws(InventoryUpdateError) in
            let update = try file.undo(menu: menu, entry: id)
            publish(update.after, in: &state)
            return update.after
        }
    }

    /// Reads the file again, for a change another process made (a `juice`
    /// command beside an app), and tells the observers if the stock moved.
    ///
    /// - Returns: the stock now.
    @discardableResult
    public func reload() throws(InventoryUpdateError) -> Inventory {
        guard let file else { return inventory }
        let inventory = try Self.read(file, menu: menu)
        state.withLock { publish(inventory, in: &$0) }
        return inventory
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

    private func apply(_ record: JournalRecord, _ transaction: (Inventory) throws(StockError) -> Inventory)
        throws(InventoryUpdateError) -> Inventory
    {
        try state.withLock { state throws(InventoryUpdateError) in
            let updated: Inventory
            if let file {
                updated = try file.update(menu: menu, record: record, transaction).after
            } else {
                do throws(StockError) {
                    updated = try transaction(state.inventory)
                } catch {
                    throw .refused(error)
                }
            }
            publish(updated, in: &state)
            return updated
        }
    }

    /// Keeps `inventory` and tells the observers, if it is news.
    private func publish(_ inventory: Inventory, in state: inout State) {
        guard inventory != state.inventory else { return }
        state.inventory = inventory
        for observer in state.observers.values {
            observer.yield(inventory)
        }
    }
}
