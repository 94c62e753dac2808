import ArgumentParser

/// The options `make` and `adjust` share.
struct TransactionOptions: ParsableArguments {
    @Flag(help: "Check everything and show the stock before and after, without changing it.")
    var dryRun = false

    @OptionGroup var store: StoreOptions

    @Option(help: "Output format: text or json.")
    var format: TransactionFormat = .text
}
