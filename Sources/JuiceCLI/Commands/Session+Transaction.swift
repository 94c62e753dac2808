import JuiceMaker

/// What a transaction did: the stock before and after, and the fruits the
/// menu no longer has whose counts it dropped.
struct Transacted {
    var before: Inventory
    var after: Inventory
    var retired: [String] = []
    /// The journal entries written (none for a dry run).
    var entries: [JournalEntry] = []
}

/// The shared path of `make` and `adjust`: check or store, then answer.
extension Session {
    /// The session of `make` or `adjust`: a dry run may read a store that
    /// names no inventory; a change needs one.
    init(transaction options: TransactionOptions) throws(CommandError) {
        try self.init(
            options: options.store, manifestPath: options.chain.stores, forChange: !options.dryRun,
            isJSON: options.format == .json)
    }

    /// Runs a transaction: under `dryRun`, on the stock as read; otherwise on
    /// the inventory file under its lock, storing the result.
    ///
    /// - Parameters:
    ///   - making: whether a refusal is a `make`'s (insufficient stock) or
    ///     an `adjust`'s (negative stock).
    ///   - pruning: whether counts of fruits the menu no longer has are
    ///     dropped from the file (`adjust --prune`) instead of making it
    ///     invalid.
    ///   - record: what the journal entry says made the change.
    /// - Returns: the stock before and after, and the fruits dropped.
    mutating func transact(
        dryRun: Bool, making: Bool, pruning: Bool = false, record: JournalRecord,
        _ transaction: (Inventory) throws(StockError) -> Inventory
    ) throws(CommandError) -> Transacted {
        if dryRun {
            let (before, retired) = try readInventory(droppingRetiredFruits: pruning)
            do {
                return Transacted(before: before, after: try transaction(before), retired: retired)
            } catch {
                throw CommandError(Failure(error, making: making), context: context)
            }
        }
        let menu = self.menu
        return try store(making: making) { file, whileWaiting throws(InventoryUpdateError) in
            try file.update(
                menu: menu, droppingRetiredFruits: pruning, record: record, whileWaiting: whileWaiting, transaction)
        }
    }

    /// Makes a change to the inventory file, saying on stderr in text when
    /// it waits for the lock or its folder could not be flushed.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    mutating func store(
        making: Bool, _ change: (InventoryFile, () -> Void) throws(InventoryUpdateError) -> InventoryUpdate
    ) throws(CommandError) -> Transacted {
        // StoreFiles names an inventory for every command that changes one.
        guard let file = files.inventory else { preconditionFailure("a change without an inventory file") }
        noteIfAbsent(file)
        do {
            let update = try change(file) { [isJSON] in
                if !isJSON { Output.note(Output.catalogue(.waitingForLock, file.lockPath)) }
            }
            record(update.diagnostics)
            if let notFlushed = update.notFlushed, !isJSON {
                Output.errorLine(Output.catalogue(.warning) + ": " + Output.catalogue(notFlushed.message))
            }
            return Transacted(
                before: update.before, after: update.after, retired: update.retired, entries: update.entries)
        } catch {
            throw CommandError(Failure(error, making: making), context: context)
        }
    }

    /// Answers a successful transaction: in JSON the stock (and under
    /// `dryRun` the stock before), in text `lines`, or under `dryRun` every
    /// fruit before and after.
    func answer(_ done: Transacted, dryRun: Bool, lines: () -> [String]) {
        let renderer = TransactionRenderer(menu: menu, language: language)
        if isJSON {
            Output.json(renderer.json(done, dryRun: dryRun, diagnostics: warnings))
        } else if dryRun {
            // The table is the dry run's result: --quiet keeps it.
            renderer.dryRunText(done).forEach { Output.line($0) }
        } else if !Output.isQuiet {
            lines().forEach { Output.line($0) }
        }
    }
}
