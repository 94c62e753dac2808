import JuiceMaker

/// The stores the server serves, by name: `main` for one menu and
/// inventory, or the stores of a chain's manifest, read once at start.
struct StoreDirectory: Sendable {
    /// One store's files.
    struct Store: Sendable {
        var name: String
        /// The menu file; `nil` for the built-in menu.
        var menuPath: String?
        /// The inventory file; `nil` for a store whose manifest entry names
        /// none (its menu's initial stock, which cannot be changed).
        var inventory: InventoryFile?
    }

    /// The name of the one store served without `--stores`.
    static let mainStore = "main"

    /// The stores, in the manifest's order.
    let stores: [Store]
    /// The manifest's path, named in the answer to an unknown store.
    let manifestPath: String?

    /// - Throws: ``FileError`` when the manifest cannot be read.
    init(_ source: ServerConfiguration.Stores, lockTimeout: Double) throws(FileError) {
        switch source {
        case .single(let menuPath, let inventoryPath):
            stores = [
                Store(
                    name: Self.mainStore, menuPath: menuPath,
                    inventory: InventoryFile(path: inventoryPath, lockTimeout: lockTimeout))
            ]
            manifestPath = nil
        case .chain(let path):
            let manifest = try StoresManifest.load(path: path)
            stores = manifest.stores.map { store in
                Store(
                    name: store.name, menuPath: store.menuPath,
                    inventory: store.inventoryPath.map { InventoryFile(path: $0, lockTimeout: lockTimeout) })
            }
            manifestPath = path
        }
    }

    /// The store named `name`, if there is one.
    func store(named name: String) -> Store? {
        stores.first { $0.name == name }
    }
}
