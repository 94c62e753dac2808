/// One store's menu and stock as read for a batch run, or the diagnostics
/// that kept them from being read.
public struct StoreSnapshot: Sendable {
    /// The store, as the manifest names it.
    public var store: StoresManifest.Store
    /// The menu; `nil` when the store's files are invalid.
    public var menu: Menu?
    /// The stock; `nil` when the store's files are invalid.
    public var inventory: Inventory?
    /// The problems of the store's menu (its parents included) and inventory.
    public var diagnostics: [Diagnostic]

    /// Whether the store's menu and inventory were read without error.
    public var isValid: Bool { menu != nil && inventory != nil }

    /// Reads every store of a manifest. One loader serves them all, so a menu
    /// that many stores share, or extend, is read and checked once.
    public static func load(_ manifest: StoresManifest, loader: MenuLoader = MenuLoader()) -> [StoreSnapshot] {
        manifest.stores.map { load($0, loader: loader) }
    }

    private static func load(_ store: StoresManifest.Store, loader: MenuLoader) -> StoreSnapshot {
        var snapshot = StoreSnapshot(store: store, menu: nil, inventory: nil, diagnostics: [])
        do {
            let loaded = try loader.load(path: store.menuPath)
            snapshot.diagnostics = loaded.diagnostics
            snapshot.menu = loaded.value
        } catch {
            let message: String
            switch error {
            case .notFound: message = "the menu of store '\(store.name)' does not exist (\(store.menuPath))"
            default: message = "the menu of store '\(store.name)' cannot be read: \(error)"
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
            let loaded = try InventoryFile(path: path).read(menu: menu)
            snapshot.diagnostics += loaded.diagnostics
            snapshot.inventory = loaded.value
        } catch {
            snapshot.diagnostics.append(
                .error(
                    .missingFile, "the inventory of store '\(store.name)' cannot be read: \(error)", at: store.location)
            )
        }
        return snapshot
    }
}

extension StoresManifest {
    /// Every problem of a run over the chain: the manifest's own first, then
    /// each store's, each once (a parent shared by several stores has the
    /// same problems in each).
    public func diagnostics(with snapshots: [StoreSnapshot]) -> [Diagnostic] {
        (diagnostics + snapshots.flatMap(\.diagnostics)).uniqued()
    }
}
