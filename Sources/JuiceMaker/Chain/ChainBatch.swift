import Synchronization

/// The stores of a chain's manifest, for the work over all of them (a
/// report, a plan, a mix, the usage): each store read and worked on in
/// parallel, its result handed on in the manifest's order, and only a few
/// stores' results held at once.
public struct ChainBatch: Sendable {
    /// One store of the chain, as the manifest names it.

    /// What a run over the chain keeps of a store once its result is
    /// handed on.
    public struct Summary: Sendable {
        /// The store.
        public var store: StoresManifest.Entry
        /// Whether its menu and inventory were read without error.
        public var isValid: Bool
        /// Its own diagnostics.
        public var diagnostics: [Diagnostic]
        /// The languages its menu gives names in, when asked for.
        public var languages: [String]
    }

    let manifest: StoresManifest
    /// The service that read the manifest: its loader (the overlay of open
    /// documents, the menus kept until exit) reads every store's menu, as
    /// when it opens one store.
    let service: StoreService

    init(manifest: StoresManifest, service: StoreService) {
        self.manifest = manifest
        self.service = service
    }

    /// The stores that could be read, in the manifest's order.
    public var stores: [StoresManifest.Entry] { manifest.stores }

    /// The manifest's own problems.
    public var manifestDiagnostics: [Diagnostic] { manifest.diagnostics }

    /// Where store `name`'s files are.
    ///
    /// - Throws: ``StoreError``: the manifest's diagnostics when it is
    ///   invalid and has no such store, or its `dayStarts` error (every
    ///   store's day: a store is not opened on a day it does not know),
    ///   else ``StoreError/noSuchStore(name:manifestPath:known:)``.
    public func address(of name: String) throws(StoreError) -> StoreAddress {
        guard let store = stores.first(where: { $0.name == name }) else {
            if manifest.diagnostics.containsErrors { throw .invalidData(manifest.diagnostics) }
            throw .noSuchStore(name: name, manifestPath: manifest.path, known: stores.map(\.name))
        }
        if let wrongDay = manifest.diagnostics.first(where: { $0.code == .invalidTime }) {
            throw .invalidData([wrongDay])
        }
        return ChainBatch.address(of: store, in: manifest.path)
    }

    /// Where a store of the manifest at `manifestPath` keeps its files.
    static func address(of store: StoresManifest.Entry, in manifestPath: String) -> StoreAddress {
        var address = StoreAddress(
            name: store.name, manifestPath: manifestPath, menuPath: store.menuPath, inventoryPath: store.inventoryPath)
        address.dayStarts = store.dayStarts
        return address
    }

    /// The address of every store, in the manifest's order.
    public var addresses: [StoreAddress] {
        stores.map { ChainBatch.address(of: $0, in: manifest.path) }
    }

    /// Reads every store and runs `work` on it, on every core, and hands
    /// each result to `consume` on this thread in the manifest's order. One
    /// loader serves every store, so a menu many stores share is read once,
    /// and forgotten after its last store.
    ///
    /// - Parameters:
    ///   - languagesWanted: whether to collect each menu's languages.
    ///   - work: what to make of a store, on any thread.
    ///   - consume: takes the results in order, on this thread; returns
    ///     `false` to stop (no further store is started).
    public func forEachStore<Result: Sendable>(
        languagesWanted: Bool = false, _ work: @escaping @Sendable (StoreSnapshot) -> Result,
        consume: (Summary, Result) -> Bool
    ) {
        let loader = service.newLoader()
        let stores = manifest.stores
        // The stores still to be read with each menu: after the last, the
        // loader forgets the menu, so memory does not grow with the stores.
        var users: [String: Int] = [:]
        for store in stores { users[store.menuPath, default: 0] += 1 }
        let remaining = Mutex(users)
        OrderedWork.run(count: stores.count) { index in
            let snapshot = StoreSnapshot.load(stores[index], loader: loader)
            let summary = Summary(
                store: snapshot.store, isValid: snapshot.isValid, diagnostics: snapshot.diagnostics,
                languages: languagesWanted ? snapshot.menu?.languages ?? [] : [])
            let path = snapshot.store.menuPath
            let isLast = remaining.withLock { users in
                users[path, default: 1] -= 1
                return users[path] == 0
            }
            if isLast { loader.forget(path: path) }
            return (summary, work(snapshot))
        } consume: { _, result in
            consume(result.0, result.1)
        }
    }

    /// Every problem of a run over the chain from each store's own: the
    /// manifest's first, then each store's, each once (see
    /// ``StoresManifest/diagnostics(perStore:)``).
    package func diagnostics(perStore: [(store: StoresManifest.Entry, diagnostics: [Diagnostic])]) -> [Diagnostic] {
        manifest.diagnostics(perStore: perStore)
    }

    /// What each store's journal says of `period`, read by the store's
    /// business day, with the store's menu (its prices and costs; `nil`
    /// when it cannot be read): a store that names no inventory has none.
    ///
    /// - Returns: every store of the manifest, in its order, with its usage
    ///   (`nil` when its journal could not be read), and the run's problems
    ///   (the manifest's, the journals', the errors of a menu that could
    ///   not be read, and an error for each journal that could not be read).
    public func usage(in period: JournalPeriod) -> (
        stores: [(name: String, menu: Menu?, usage: Usage?)], diagnostics: [Diagnostic]
    ) {
        perStore(empty: Usage()) { file, dayStart throws(FileError) in
            let (start, end) = period.bounds(dayStart: dayStart)
            return try Usage.read(from: file, since: start, until: end)
        }
    }

    /// What each store's journal says of each of its business days of
    /// `period`, as ``usage(in:)`` reads it.
    public func usageByDay(in period: JournalPeriod) -> (
        stores: [(name: String, menu: Menu?, days: [(day: String, usage: Usage)]?)], diagnostics: [Diagnostic]
    ) {
        let (stores, diagnostics) = perStore(empty: [(day: String, usage: Usage)]()) {
            file, dayStart throws(FileError) in
            let (start, end) = period.bounds(dayStart: dayStart)
            return try Usage.readByDay(from: file, since: start, until: end, dayStart: dayStart)
        }
        return (stores.map { ($0.name, $0.menu, $0.usage) }, diagnostics)
    }

    /// Per store (by name), per fruit, the units of its open orders, read from each store's journal as ``usage(in:)`` reads; a store
    /// that names no inventory has none.
    ///
    /// - Returns: the units on order, and the journals' problems: not the
    ///   menus', which the reading of each store beside this one says
    ///   (`juice order --stores` said a missing menu twice, in two
    ///   wordings), nor the manifest's.
    public func onOrder() -> (stores: [String: [String: Int]], diagnostics: [Diagnostic]) {
        let (stores, diagnostics) = perStore(empty: [String: Int](), sayingMenus: false) {
            file, _ throws(FileError) in
            var book = OrderBook()
            let found = try file.readJournal { book.take($0) }
            return (book.onOrder, found)
        }
        let read = stores.compactMap { store in store.usage.map { (store.name, $0) } }
        return (Dictionary(read, uniquingKeysWith: { first, _ in first }), diagnostics)
    }

    /// What `read` makes of each store's inventory file and business day
    /// (its menu's `dayStarts`, else the manifest's), `empty` for a store
    /// that names none, `nil` for one whose file cannot be read (an error
    /// for each said), every store in the manifest's order; and the
    /// manifest's and the menus' problems unless `sayingMenus` is false.
    private func perStore<Value>(
        empty: Value, sayingMenus: Bool = true,
        _ read: (InventoryFile, DayStart) throws(FileError) -> (Value, [Diagnostic])
    ) -> (stores: [(name: String, menu: Menu?, usage: Value?)], diagnostics: [Diagnostic]) {
        var diagnostics = sayingMenus ? manifest.diagnostics : []
        var result: [(name: String, menu: Menu?, usage: Value?)] = []
        let loader = service.newLoader()
        for store in manifest.stores {
            let menu: Menu?
            do {
                let loaded = try loader.load(path: store.menuPath)
                menu = loaded.value
                if menu == nil, sayingMenus { diagnostics += loaded.diagnostics }
            } catch {
                menu = nil
                if sayingMenus {
                    diagnostics.append(
                        .error(
                            .missingFile, Message(.storeMenuUnreadable, "\(store.name)", .message(error.message)),
                            at: store.menuLocation))
                }
            }
            guard let path = store.inventoryPath else {
                result.append((store.name, menu, empty))
                continue
            }
            do {
                let dayStart = menu?.dayStarts ?? store.dayStarts ?? .midnight
                let (value, found) = try read(InventoryFile(path: path, lockTimeout: service.lockTimeout), dayStart)
                result.append((store.name, menu, value))
                diagnostics += found
            } catch {
                result.append((store.name, menu, nil))
                diagnostics.append(
                    .error(
                        .missingFile, Message(.storeInventoryUnreadable, "\(store.name)", .message(error.message)),
                        at: store.location))
            }
        }
        return (result, diagnostics)
    }
}
