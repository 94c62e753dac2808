import ArgumentParser
import JuicePresentation

/// The options `make` and `adjust` share.
struct TransactionOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(Output.catalogue(.dryRunFlag)))
    var dryRun = false

    @OptionGroup var common: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSON)))
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
