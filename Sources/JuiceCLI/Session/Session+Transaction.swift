import JuiceMaker
import JuicePresentation

/// The shared path of `make`, `adjust` and `undo`: change the store (or
/// check the change under a dry run), then answer.
extension Session {
    /// The session of `make` or `adjust`: a dry run may read a store that
    /// names no inventory; a change needs one.
    init(transaction options: ChangeOptions<some DryRunHelp>) throws(CommandError) {
        try self.init(
            options: options.store, manifestPath: options.chain.stores, forChange: !options.dryRun,
            isJSON: options.format == .json, quiet: options.common.output.quiet)
    }

    /// Runs a change through the store, saying on stderr in text when it
    /// waits for the lock or its folder could not be flushed.
    ///
    /// - Parameters:
    ///   - dryRun: whether the change only reads the stock.
    ///   - making: whether a refusal for stock is a `make`'s.
    mutating func transact(
        dryRun: Bool = false, making: Bool,
        _ change: (Store, () -> Void) throws(StoreError) -> StoreTransaction
    ) throws(CommandError) -> StoreTransaction {
        noteIfAbsent()
        let done: StoreTransaction
        do {
            done = try change(store) { [isJSON, isQuiet, store] in
                if !isJSON, let lockPath = store.lockPath {
                    Output.note(Output.catalogue(.waitingForLock, lockPath), quiet: isQuiet)
                }
            }
        } catch {
            throw failure(error, making: making)
        }
        record(done.diagnostics)
        if let notFlushed = done.notFlushed, !isJSON {
            Output.errorLine(Output.catalogue(.warning) + ": " + Output.catalogue(notFlushed.message))
        }
        return done
    }

    /// Answers a successful transaction: in JSON the stock (and under
    /// `dryRun` the stock before), in text `lines`, or under `dryRun` every
    /// fruit before and after.
    func answer(_ done: StoreTransaction, dryRun: Bool, lines: () -> [String]) {
        let renderer = TransactionRenderer(menu: menu, language: language)
        if isJSON {
            Output.json(renderer.json(done, dryRun: dryRun, diagnostics: warnings))
        } else if dryRun {
            // The table is the dry run's result: --quiet keeps it.
            renderer.dryRunText(done).forEach { Output.line($0) }
        } else if !isQuiet {
            lines().forEach { Output.line($0) }
        }
    }
}
