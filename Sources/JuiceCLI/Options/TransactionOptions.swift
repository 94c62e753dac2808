import ArgumentParser

/// The options `make` and `adjust` share.
struct TransactionOptions: ParsableArguments {
    @Flag(help: "Check everything and show the stock before and after, without changing it.")
    var dryRun = false

    @OptionGroup var store: StoreOptions

    @OptionGroup var chain: ChainOptions

    @OptionGroup var output: OutputOptions

    @Option(help: "Output format: text or json.")
    var format: TransactionFormat = .text

    func validate() throws {
        try chain.validate(with: store)
        if chain.stores != nil, store.store == nil {
            throw ValidationError(
                "--stores names the manifest in which --store NAME finds the store to change; add --store")
        }
    }
}
