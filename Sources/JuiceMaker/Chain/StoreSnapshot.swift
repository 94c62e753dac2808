/// One store's menu and stock as read for a batch run, or the diagnostics
/// that kept them from being read.
public struct StoreSnapshot: Sendable {
    /// The store, as the manifest names it.
    public var store: StoresManifest.Entry
    /// The menu; `nil` when the store's files are invalid.
    public var menu: Menu?
    /// The stock; `nil` when the store's files are invalid.
    public var inventory: Inventory?
    /// The problems of the store's menu (its parents included) and inventory.
    public var diagnostics: [Diagnostic]

    /// When the store's business day starts: its menu's `dayStarts`, else
    /// the manifest's, else local midnight.
    public var dayStart: DayStart { menu?.dayStarts ?? store.dayStarts ?? .midnight }

    /// The business day the store is in at `now`, as a date: what a lot
    /// best before an earlier day has expired on (as ``Store/today(now:)``).
    public func today(now: JournalTime = .now) -> CalendarDate? {
        now.businessDate(dayStart: dayStart)
    }

    /// The stock that can make juice at `now`: the inventory without the
    /// lots expired on the store's business day (SPEC 18).
    public func usableInventory(now: JournalTime = .now) -> Inventory? {
        inventory?.usable(on: today(now: now))
    }

    /// Whether the store's menu and inventory were read without error.
    public var isValid: Bool { menu != nil && inventory != nil }

    /// Reads every store of a manifest. One loader serves them all, so a menu
    /// that many stores share, or extend, is read and checked once.
    static func load(_ manifest: StoresManifest, loader: MenuLoader = MenuLoader()) -> [StoreSnapshot] {
        manifest.stores.map { load($0, loader: loader) }
    }

    /// Reads one store of a manifest through `loader`, which may serve
    /// several threads at once: a chain's stores can be read in parallel,
    /// each shared menu still read once.
    static func load(_ store: StoresManifest.Entry, loader: MenuLoader) -> StoreSnapshot {
        var snapshot = StoreSnapshot(store: store, menu: nil, inventory: nil, diagnostics: [])
        do {
            let loaded = try loader.load(path: store.menuPath)
            snapshot.diagnostics = loaded.diagnostics
            snapshot.menu = loaded.value
        } catch {
            let message: Message
            switch error {
            case .notFound: message = Message(.storeMenuMissing, "\(store.name)", "\(store.menuPath)")
            default: message = Message(.storeMenuUnreadable, "\(store.name)", .message(error.message))
            }
            snapshot.diagnostics = [.error(.missingFile, message, at: store.menuLocation)]
            return snapshot
        }
        guard let menu = snapshot.menu else { return snapshot }
        guard let path = store.inventoryPath else {
            snapshot.inventory = Inventory(initialStockOf: menu)
            return snapshot
        }
        do {
            var file = InventoryFile(path: path)
            file.overlay = loader.overlay
            let loaded = try file.read(menu: menu)
            snapshot.diagnostics += loaded.diagnostics
            snapshot.inventory = loaded.value
        } catch {
            snapshot.diagnostics.append(
                .error(
                    .missingFile, Message(.storeInventoryUnreadable, "\(store.name)", .message(error.message)),
                    at: store.location))
        }
        return snapshot
    }
}

extension StoresManifest {
    /// Every problem of a run over the chain: the manifest's own first, then
    /// each store's, each once (a parent shared by several stores has the
    /// same problems in each).
    ///
    /// A problem in a menu that a store inherits, which only some stores
    /// have (a base menu's fruit that one store's removals leave unused),
    /// names those stores: `(for store gangnam)`.
    public func diagnostics(with snapshots: [StoreSnapshot]) -> [Diagnostic] {
        diagnostics(perStore: snapshots.map { ($0.store, $0.diagnostics) })
    }

    /// ``diagnostics(with:)`` for the plans of the chain's stores, whose
    /// diagnostics add what each store's menu lacks.
    public func diagnostics(with plans: [StorePlan]) -> [Diagnostic] {
        diagnostics(perStore: plans.map { ($0.snapshot.store, $0.diagnostics) })
    }

    /// The diagnostics of a run, as `diagnostics(with:)` says them, from each store's diagnostics alone: for any
    /// answer per store (a mix), and for a run that does not keep every
    /// store's snapshot until its end.
    package func diagnostics(perStore: [(store: Entry, diagnostics: [Diagnostic])]) -> [Diagnostic] {
        let named = [Diagnostic].merged(perStore: perStore.map { ($0.store.name, $0.diagnostics) }) {
            diagnostic, stores in
            // Only a menu a store inherits can hold a problem of some stores
            // but not others; the manifest's and each store's own files say
            // whose they are.
            let file = diagnostic.location.file
            return file != path
                && stores.contains { perStore[$0].store.menuPath != file && perStore[$0].store.inventoryPath != file }
        }
        return (diagnostics + named).uniqued()
    }
}

extension StoreSnapshot {
    /// What `work` makes of the store's journal, read knowing its undos;
    /// a journal that cannot be read is an error of the store's, as its
    /// problems are.
    func readingJournal<Value>(_ work: (JournalWalk) throws(FileError) -> (Value, [Diagnostic])) -> (
        Value?, [Diagnostic]
    ) {
        do {
            let (value, diagnostics) = try work(
                InventoryFile.reader(of: store.inventoryPath.map { InventoryFile(path: $0) }))
            return (value, diagnostics)
        } catch {
            return (
                nil,
                [
                    .error(
                        .missingFile, Message(.storeInventoryUnreadable, "\(store.name)", .message(error.message)),
                        at: store.location)
                ]
            )
        }
    }
}
