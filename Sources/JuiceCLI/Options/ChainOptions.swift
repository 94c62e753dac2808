import ArgumentParser

/// `--stores MANIFEST`, for the commands that run over a whole chain.
struct ChainOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A stores manifest: answer for every store it names, or with --store for one.", valueName: "manifest"),
        completion: .yamlFile)
    var stores: String?

    /// Rejects `--menu` and `--inventory` beside `--stores`: the manifest
    /// names each store's files.
    func validate(with store: StoreOptions) throws {
        if stores?.isEmpty == true { throw ValidationError("--stores needs a file name, not an empty one") }
        if stores != nil, store.menu != nil || store.inventory != nil {
            throw ValidationError(
                "--stores names each store's menu and inventory; it cannot be used with --menu or --inventory")
        }
    }

    /// Rejects `--stores` without `--store`, for the commands that work on
    /// one store only: there `--stores` only names the manifest `--store`
    /// looks in.
    func requireStore(with store: StoreOptions) throws {
        if stores != nil, store.store == nil {
            throw ValidationError("--stores names the manifest in which --store NAME finds the store; add --store")
        }
    }
}
