import ArgumentParser

/// A command that reads a store's files through ``CommandOptions`` and asks
/// nothing of them beyond what every such command asks: `--stores` and
/// `--store` that fit together (``ChainOptions/validate(with:)``).
protocol ChainCheckedCommand: ParsableCommand {
    /// The store's files, the chain and how much to say.
    var options: CommandOptions { get }
}

extension ChainCheckedCommand {
    func validate() throws {
        try options.chain.validate(with: options.store)
    }
}
