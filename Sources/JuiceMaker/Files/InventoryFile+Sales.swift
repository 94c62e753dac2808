/// A till's sales booked under the inventory's lock.
extension InventoryFile {
    /// Books what `book` makes of the stock and what the journal holds
    /// (its tickets' keys, its counts' times): its entries appended and the inventory swapped in at
    /// once, as a change's single entry is, so a process killed midway
    /// leaves all of them or none. Not tried again when the file is edited
    /// meanwhile (the sales are read once): the import is run again, and
    /// books once what it booked.
    ///
    /// - Parameter book: given the stock and the journal's facts, the
    ///   booking (or throws, and nothing is written).
    func bookSales(
        menu: Menu, time: JournalTime, whileWaiting: () -> Void,
        _ book: (Inventory, SaleBooking.JournalFacts) throws(InventoryUpdateError) -> SaleBooking
    ) throws(InventoryUpdateError) -> (update: InventoryUpdate, booking: SaleBooking) {
        var booking: SaleBooking?
        let update = try locked(whileWaiting: whileWaiting, attempts: 1) {
            target, attempt throws(InventoryUpdateError) in
            let (locked, before, settled, handEdit) = try prepare(
                locked: target, menu: menu, droppingRetiredFruits: false, time: time)
            let booked = try book(before, try journalFacts(committedThrough: settled))
            booking = booked
            let diagnostics = locked.read.loaded.diagnostics
            guard !booked.booked.isEmpty else {
                return InventoryUpdate(before: before, after: before, entries: [], diagnostics: diagnostics)
            }
            var entries = handEdit.entries
            var last = entries.last?.id ?? settled
            for sale in booked.booked {
                last = try Self.id(in: journal, after: last)
                entries.append(sale.draft.entry(id: last, time: sale.time, changes: sale.changes))
            }
            let notFlushed = try commit(
                entries, after: booked.stock, last: last, held: locked.held, target: target, attempt: attempt,
                settled: settled, menu: menu)
            return InventoryUpdate(
                before: before, after: booked.stock, entries: entries, diagnostics: diagnostics, notFlushed: notFlushed)
        }
        // `locked` returns only after `book` ran.
        return (update, booking!)
    }

    /// What a booking needs of the journal's settled entries.
    ///
    /// - Throws: the journal's errors: a line that is not an entry could
    ///   hold a ticket's key, which would then be booked twice.
    private func journalFacts(committedThrough settled: Int) throws(InventoryUpdateError) -> SaleBooking.JournalFacts {
        var facts = SaleBooking.JournalFacts()
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try journal.read(committedThrough: settled) { facts.take($0) }
        } catch {
            throw .file(error)
        }
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw .invalidJournal(errors) }
        return facts
    }
}
