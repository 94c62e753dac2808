/// A till's sales booked under the inventory's lock.
extension InventoryFile {
    /// Writes a booking's entries as it goes.
    typealias SaleWriter = ([SaleBooking.Booked]) throws(InventoryUpdateError) -> Void

    /// Books what `book` makes of the stock and what the journal holds (its
    /// tickets' keys, its counts' times). The entries `book` hands to the
    /// writer it is given are appended as they come (an export of a
    /// million rows is never held), and the inventory is swapped in at the
    /// end, marked with the last: until then the journal's settle takes
    /// them for never written, so a process killed midway leaves all of
    /// the call or none of it, and a call that throws cuts them off at
    /// once. Not tried again when the file is edited meanwhile (the sales
    /// are read once): the import is run again, and books once what it
    /// booked.
    ///
    /// - Parameter book: given the stock, the journal's facts and the
    ///   writer, the booking (or throws, and nothing is written).
    func bookSales(
        menu: Menu, time: JournalTime, whileWaiting: () -> Void,
        _ book: (Inventory, SaleBooking.JournalFacts, SaleWriter) throws(InventoryUpdateError) -> SaleBooking
    ) throws(InventoryUpdateError) -> (update: InventoryUpdate, booking: SaleBooking) {
        var booking: SaleBooking?
        let update = try locked(whileWaiting: whileWaiting, attempts: 1) {
            target, attempt throws(InventoryUpdateError) in
            let (locked, before, settled, handEdit) = try prepare(
                locked: target, menu: menu, droppingRetiredFruits: false, time: time)
            // The hand edit's entry, if any, goes first.
            var pending = handEdit.entries
            var last = pending.last?.id ?? settled
            // Named once: each naming looks at the inventory's path again.
            let journal = self.journal
            var written = 0
            func write(_ sales: [SaleBooking.Booked]) throws(InventoryUpdateError) {
                for sale in sales {
                    last = try Self.id(in: journal, after: last)
                    pending.append(sale.draft.entry(id: last, time: sale.time, changes: sale.changes, lots: sale.lots))
                }
                written += sales.count
                do {
                    try journal.append(pending)
                } catch {
                    throw .file(error)
                }
                pending = []
            }
            let booked: SaleBooking
            do throws(InventoryUpdateError) {
                booked = try book(before, try saleFacts(committedThrough: settled), write)
                if !booked.booked.isEmpty { try write(booked.booked) }
            } catch {
                // Cut off what was appended; the next change would too.
                _ = try? journal.settle(committedThrough: settled)
                throw error
            }
            booking = booked
            let diagnostics = locked.read.loaded.diagnostics
            guard written > 0 else {
                return InventoryUpdate(before: before, after: before, entries: [], diagnostics: diagnostics)
            }
            let notFlushed = try commit(
                [], after: booked.stock, last: last, held: locked.held, target: target, attempt: attempt,
                settled: settled, menu: menu)
            return InventoryUpdate(
                before: before, after: booked.stock, entries: [], diagnostics: diagnostics, notFlushed: notFlushed)
        }
        // `locked` returns only after `book` ran.
        return (update, booking!)
    }

    /// What a booking needs of the journal's entries: those the inventory
    /// includes (through `settled` when the caller holds the lock, else as
    /// its mark says now).
    ///
    /// - Throws: the journal's errors: a line that is not an entry could
    ///   hold a ticket's key, which would then be booked twice.
    func saleFacts(committedThrough settled: Int?) throws(InventoryUpdateError) -> SaleBooking.JournalFacts {
        var facts = SaleBooking.JournalFacts()
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try readJournal(committedThrough: settled) { facts.take($0) }
            // A sale undone: read again, knowing what was undone.
            if facts.mustReadAgain {
                var again = SaleBooking.JournalFacts(undone: facts.undone)
                try readJournal(committedThrough: settled) { again.take($0) }
                facts = again
            }
        } catch {
            throw .file(error)
        }
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { throw .invalidJournal(errors) }
        return facts
    }
}
