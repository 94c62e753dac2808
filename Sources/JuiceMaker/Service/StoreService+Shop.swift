extension StoreService {
    /// The shop of the file at `path`: ``shopFolder()`` searched from the
    /// file's folder rather than this one (the same ceilings, the same
    /// stop at a mount point), as the absolute path the system resolves
    /// it to; `nil` when there is none. For a front end that is given
    /// files rather than run in a folder: an editor.
    public func shopFolder(of path: String) -> String? {
        shopFolder(from: SystemPath.join(SystemPath.folder(of: path), "")).map(SystemPath.resolve)
    }

    /// The store whose inventory is the file at `path`, as its shop (see
    /// ``shopFolder(of:)``) names it: the store of the shop's manifest
    /// (as an editor's open document has it) that names `path` as its inventory, else
    /// the shop's own store when `path` is its `inventory.yaml`; `nil`
    /// when the file is no store's inventory (a menu or a manifest).
    public func store(ofInventory path: String) -> StoreAddress? {
        guard let shop = shopFolder(of: path) else { return nil }
        let key = SystemPath.resolve(path)
        let manifest = SystemPath.join(shop, Self.defaultManifestPath)
        if let chain = try? chain(manifestPath: manifest),
            let store = chain.addresses.first(where: { $0.inventoryPath.map(SystemPath.resolve) == key })
        {
            return store
        }
        guard SystemPath.resolve(SystemPath.join(shop, Self.defaultInventoryPath)) == key else { return nil }
        let menu = SystemPath.join(shop, Self.defaultMenuPath)
        return StoreAddress(menuPath: isThere(menu) ? menu : nil, inventoryPath: path)
    }
}
