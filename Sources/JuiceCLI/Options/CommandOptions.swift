import ArgumentParser
import JuicePresentation

/// The options every command that reads a store's files shares: which files
/// (`--menu`, `--inventory`, `--store`, `--locale`), the chain (`--stores`)
/// and how much to say (`--quiet`).
struct CommandOptions: ParsableArguments {
    @OptionGroup var store: StoreOptions

    @OptionGroup var chain: ChainOptions

    @OptionGroup var output: OutputOptions
}
