import ArgumentParser

/// The options `make` and `adjust` share.
struct TransactionOptions: ParsableArguments {
    @Flag(help: "Check everything and show the stock before and after, without changing it.")
    var dryRun = false

    @OptionGroup var common: CommandOptions

    @Option(help: "Output format: text or json.")
    var format: TransactionFormat = .text

    /// Which menu, inventory and language.
    var store: StoreOptions { common.store }

    /// `--stores`, the manifest `--store` looks in.
    var chain: ChainOptions { common.chain }

    func validate() throws {
        try chain.validate(with: store)
        try chain.requireStore(with: store)
    }
}
