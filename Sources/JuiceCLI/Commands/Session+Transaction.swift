import JuiceMaker

/// The shared path of `make` and `adjust`: check or store, then answer.
extension Session {
    /// Runs a transaction: under `dryRun`, on the stock as read; otherwise on
    /// the inventory file under its lock, storing the result.
    ///
    /// - Parameter making: whether a refusal is a `make`'s (insufficient
    ///   stock) or an `adjust`'s (negative stock).
    /// - Returns: the stock before and after.
    mutating func transact(
        dryRun: Bool, making: Bool, _ transaction: (Inventory) throws(StockError) -> Inventory
    ) throws(CommandError) -> (before: Inventory, after: Inventory) {
        if dryRun {
            let before = try readInventory()
            do {
                return (before, try transaction(before))
            } catch {
                throw CommandError(Failure(error, making: making), context: context)
            }
        }
        // StoreFiles names an inventory for every command that changes one.
        guard let file = files.inventory else { preconditionFailure("a change without an inventory file") }
        noteIfAbsent(file)
        do {
            let update = try file.update(
                menu: menu,
                whileWaiting: { [isJSON] in
                    if !isJSON { Output.note("waiting for \(file.lockPath), held by another process...") }
                }, transaction)
            record(update.diagnostics)
            return (update.before, update.after)
        } catch {
            throw CommandError(Failure(error, making: making), context: context)
        }
    }

    /// Answers a successful transaction: in JSON the stock (and under
    /// `dryRun` the stock before), in text `lines`, or under `dryRun` every
    /// fruit before and after.
    func answer(before: Inventory, after: Inventory, dryRun: Bool, lines: () -> [String]) {
        let renderer = TransactionRenderer(menu: menu, language: language)
        if isJSON {
            Output.json(renderer.json(before: before, after: after, dryRun: dryRun, diagnostics: warnings))
        } else if Output.isQuiet {
            return
        } else if dryRun {
            renderer.dryRunText(before: before, after: after).forEach { Output.line($0) }
        } else {
            lines().forEach { Output.line($0) }
        }
    }
}
