/// Throwing out what has expired (`juice waste --expired`, SPEC 18),
/// through the one door.
extension Store {
    /// Takes every lot expired on today's business day (best before it)
    /// out of the stock, as one `adjust` entry of reason `expired` that
    /// records the lots, so that an undo puts the same lots back. What has
    /// expired is read under the lock, with the stock the change is made
    /// to.
    ///
    /// - Parameters:
    ///   - dryRun: as ``make(_:dryRun:key:whileWaiting:)``'s.
    ///   - key: as ``make(_:dryRun:key:whileWaiting:)``'s.
    ///   - now: the moment today's business day is taken from.
    ///   - whileWaiting: as ``make(_:dryRun:key:whileWaiting:)``'s.
    /// - Returns: the change; when nothing has expired, nothing is
    ///   written, and the answer has no entry and the stock as read both
    ///   before and after. An absent inventory (its folder too) has
    ///   nothing expired, and takes no lock.
    /// - Throws: ``StoreError``, as ``adjust(_:reason:pruning:dryRun:key:whileWaiting:)``.
    public func throwOutExpired(
        dryRun: Bool = false, key: IdempotencyKey? = nil, now: JournalTime = .now, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> StoreTransaction {
        func unchanged() throws(StoreError) -> StoreTransaction {
            let reading = try readStock()
            return StoreTransaction(
                before: reading.inventory, after: reading.inventory, diagnostics: reading.diagnostics)
        }
        // An absent inventory is the menu's initial stock, which has no
        // dated lot: nothing to write, so no lock (nor its folder) needed.
        guard let today = today(now: now), !inventoryIsAbsent else { return try unchanged() }
        do {
            return try transact(
                dryRun: dryRun, pruning: false, record: .adjust(reason: .expired), key: key,
                whileWaiting: whileWaiting
            ) { inventory throws(StockError) in
                guard !inventory.expired(on: today).isEmpty else { throw .nothingExpired }
                return inventory.usable(on: today)
            }
        } catch .refused(.nothingExpired) {
            return try unchanged()
        }
    }
}
