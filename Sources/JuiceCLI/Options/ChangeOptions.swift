import ArgumentParser
import JuicePresentation

/// What `--dry-run` says it shows, in a command's help.
protocol DryRunHelp {
    /// The help's key.
    static var dryRunHelp: Catalogue.Help { get }
}

/// The dry run of `make`, `adjust`, `count` and `receive`: the stock
/// before and after.
enum StockDryRun: DryRunHelp {
    static var dryRunHelp: Catalogue.Help { .dryRunFlag }
}

/// The dry run of `import`: the summary of what would be booked.
enum SummaryDryRun: DryRunHelp {
    static var dryRunHelp: Catalogue.Help { .importDryRunFlag }
}

/// The options `make` and `adjust` share.
typealias TransactionOptions = ChangeOptions<StockDryRun>

/// The options of `import`: those of `make`, its dry run said as its own.
typealias ImportOptions = ChangeOptions<SummaryDryRun>

/// The options of a command that changes a store: a dry run (whose help
/// `DryRun` gives), the store and language, and the format.
struct ChangeOptions<DryRun: DryRunHelp>: ParsableArguments {
    @Flag(help: ArgumentHelp(Output.catalogue(DryRun.dryRunHelp)))
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
