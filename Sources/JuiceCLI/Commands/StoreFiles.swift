import JuiceMaker

/// The menu and inventory one command works on: `--menu` and `--inventory`
/// (or their defaults), or a store of the chain's manifest (`--store`).
struct StoreFiles {
    /// The menu file; `nil` for the built-in menu.
    var menuPath: String?
    /// The inventory file, with the lock wait of `JUICE_LOCK_TIMEOUT`;
    /// `nil` for a store whose manifest entry names none: the menu's
    /// initial stock.
    var inventory: InventoryFile?
    /// The options a suggested command repeats to act on the same files.
    var repeatedArguments: String

    /// - Parameters:
    ///   - manifestPath: `--stores`, the manifest `--store` looks in.
    ///   - forChange: whether the command changes the stock: a store whose
    ///     manifest entry names no inventory cannot be changed.
    /// - Throws: ``CommandError``: a usage error for an unknown store (with
    ///   did-you-mean) or one that cannot be changed; the manifest's own
    ///   failure when it cannot be read or is invalid.
    init(options: StoreOptions, manifestPath: String?, forChange: Bool, context: FailureContext) throws(CommandError) {
        repeatedArguments = options.repeatedArguments
        guard let name = options.store else {
            menuPath = options.menuPath
            inventory = InventoryFile(path: options.inventoryPath, lockTimeout: Environment.lockTimeout)
            return
        }
        let path = manifestPath ?? StoreOptions.defaultManifestPath
        if let manifestPath { repeatedArguments += " --stores " + Output.shellQuoted(manifestPath) }
        let manifest: StoresManifest
        do {
            manifest = try StoresManifest.load(path: path)
        } catch {
            throw CommandError(Failure(error), context: context)
        }
        guard let store = manifest.stores.first(where: { $0.name == name }) else {
            if manifest.diagnostics.containsErrors {
                throw CommandError(.invalidData(manifest.diagnostics), context: context)
            }
            let text = Output.catalogue
            let suggestion = text.didYouMean(Suggestion.closest(to: name, among: manifest.stores.map(\.name)))
            let known = manifest.stores.map(\.name).joined(separator: ", ")
            throw CommandError(.usage(text(.noSuchStore, name, path, suggestion, known)), context: context)
        }
        guard let inventoryPath = store.inventoryPath else {
            if forChange {
                throw CommandError(.usage(Output.catalogue(.storeHasNoInventory, name, path)), context: context)
            }
            menuPath = store.menuPath
            inventory = nil
            return
        }
        menuPath = store.menuPath
        inventory = InventoryFile(path: inventoryPath, lockTimeout: Environment.lockTimeout)
    }
}
