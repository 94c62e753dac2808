/// Sales from the till (SPEC 17).
extension Store {
    /// Books the tickets of a till's export `sales` by `map`, each once:
    /// a ticket whose key the journal holds is skipped, one with a name
    /// the map does not know is held back, any other becomes a `make` entry
    /// of reason `sale` at its time of sale. All of one call is written at
    /// once, or nothing of it.
    ///
    /// - Parameters:
    ///   - sales: the export, read one ticket, void or refund at a time.
    ///   - map: what the till's names are on the menu (see
    ///     ``StoreService/salesMap(for:path:)``).
    ///   - dryRun: whether to only say what would be booked, from the
    ///     stock and the journal as read, writing nothing.
    ///   - whileWaiting: called once when another process has held the lock
    ///     for a second.
    /// - Throws: ``StoreError/invalidData(_:)`` with the diagnostic of a row
    ///   that cannot be read, or of a ticket whose numbers pass
    ///   ``Schema/maximumCount`` (nothing booked); the inventory's and the
    ///   journal's errors.
    public func importSales(
        from sales: inout some TillSales, map: SalesMap, dryRun: Bool = false, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> SalesImport {
        let now = JournalTime.now
        // Reads the export through, handing the entries to `write` a batch
        // at a time.
        func book(
            _ stock: Inventory, _ facts: SaleBooking.JournalFacts, _ write: InventoryFile.SaleWriter
        ) throws(InventoryUpdateError) -> SaleBooking {
            var booking = SaleBooking(menu: menu, map: map, stock: stock, facts: facts, recorded: now)
            while true {
                do {
                    guard let event = try sales.next() else { return booking }
                    try booking.take(event)
                } catch {
                    throw .invalidSales(error.diagnostic)
                }
                if booking.booked.count >= SaleBooking.batch { try write(booking.drain()) }
            }
        }
        guard let file = inventoryFile else { throw StoreError(noInventoryFor: address) }
        if dryRun {
            let reading = try readStock()
            var facts = SaleBooking.JournalFacts()
            let diagnostics: [Diagnostic]
            do {
                diagnostics = try file.readJournalKnowingUndos { facts.take($0, stands: $1) }
            } catch {
                throw .file(error)
            }
            let errors = diagnostics.filter { $0.severity == .error }
            guard errors.isEmpty else { throw .invalidData(errors) }
            do {
                var summary = try book(reading.inventory, facts) { _ throws(InventoryUpdateError) in }.finished()
                summary.diagnostics = reading.diagnostics
                return summary
            } catch {
                throw StoreError(error)
            }
        }
        do {
            let (update, booking) = try file.bookSales(menu: menu, time: now, whileWaiting: whileWaiting, book)
            var summary = booking.finished()
            summary.stock = update.after
            summary.diagnostics = update.diagnostics
            summary.notFlushed = update.notFlushed
            return summary
        } catch {
            throw StoreError(error)
        }
    }
}
