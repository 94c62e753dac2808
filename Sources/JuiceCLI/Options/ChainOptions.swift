import ArgumentParser
import JuicePresentation

/// `--stores MANIFEST`, for the commands that run over a whole chain.
struct ChainOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            Output.catalogue(.storesOption), valueName: "manifest"),
        completion: .yamlFile)
    var stores: String?

    /// Rejects `--menu` and `--inventory` beside `--stores`: the manifest
    /// names each store's files.
    func validate(with store: StoreOptions) throws {
        if stores?.isEmpty == true { throw ValidationError(Output.catalogue(.emptyFileName, "--stores")) }
        if stores != nil, store.menu != nil || store.inventory != nil {
            throw ValidationError(Output.catalogue(.storesWithFiles))
        }
    }

    /// Rejects `--stores` without `--store`, for the commands that work on
    /// one store only: there `--stores` only names the manifest `--store`
    /// looks in.
    func requireStore(with store: StoreOptions) throws {
        if stores != nil, store.store == nil {
            throw ValidationError(Output.catalogue(.storesNeedsStore))
        }
    }
}
