/// Orders placed, received once and cancelled: each decided
/// under the inventory's lock from the whole journal, so that two
/// receives of one order cannot both book it.
extension InventoryFile {
    /// Records an order of the lines `lines` gives, from the stock and the
    /// orders already placed, as an entry of kind `order` that changes no
    /// stock.
    ///
    /// - Throws: ``InventoryUpdateError/nothingToOrder`` when `lines` gives
    ///   none: nothing is written.
    func placeOrder(
        menu: Menu, time: JournalTime = .now, whileWaiting: () -> Void = {},
        lines: (Inventory, OrderBook) -> [JournalEntry.OrderLine]
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        try record(menu: menu, time: time, whileWaiting: whileWaiting) { before, book throws(InventoryUpdateError) in
            let lines = lines(before, book)
            guard !lines.isEmpty else { throw .nothingToOrder }
            return (before, JournalEntry.Draft(kind: .order, lines: lines))
        }
    }

    /// Withdraws the open order `id`, as an entry of kind `order` with
    /// `cancels`.
    ///
    /// - Throws: ``InventoryUpdateError/order(_:)`` when it is not an open
    ///   order (none placed, received or cancelled already).
    func cancelOrder(
        _ id: Int, menu: Menu, time: JournalTime = .now, whileWaiting: () -> Void = {}
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        try record(menu: menu, time: time, whileWaiting: whileWaiting) { before, book throws(InventoryUpdateError) in
            if case .failure(let error) = book.openOrder(id) { throw .order(error) }
            return (before, JournalEntry.Draft(kind: .order, cancels: id))
        }
    }

    /// Books the delivery of `receipt` once, as an `adjust` of reason
    /// `delivery` that names it: `transaction` adds what arrived, given
    /// the order placed (`nil` for a file never placed).
    ///
    /// - Throws: ``InventoryUpdateError/order(_:)`` when the order is not
    ///   open or the file was received already (by a delivery not undone);
    ///   ``InventoryUpdateError/refused(_:)`` when the stock does not allow it.
    func receive(
        _ receipt: ReceivedOrder.Receipt, menu: Menu, time: JournalTime = .now, whileWaiting: () -> Void = {},
        _ transaction: (Inventory, OrderBook.Placed?) throws(StockError) -> Inventory
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        try record(menu: menu, time: time, whileWaiting: whileWaiting) { before, book throws(InventoryUpdateError) in
            var placed: OrderBook.Placed?
            var draft = JournalEntry.Draft(kind: .adjust, reason: .delivery)
            switch receipt {
            case .order(let id):
                switch book.openOrder(id) {
                case .success(let order): placed = order
                case .failure(let error): throw .order(error)
                }
                draft.order = id
            case .file(let hash):
                if let entry = book.entryThatReceived(file: hash) {
                    throw .order(.alreadyReceived(order: nil, entry: entry))
                }
                draft.orderHash = hash
            }
            do throws(StockError) {
                return (try transaction(before, placed), draft)
            } catch {
                throw .refused(error)
            }
        }
    }

    /// The orders the journal holds, read whole under the lock.
    ///
    /// - Throws: ``InventoryUpdateError/invalidJournal(_:)`` when a line is
    ///   not an entry: what it hid (a delivery, a cancel) cannot be known.
    static func orderBook(in journal: Journal) throws(InventoryUpdateError) -> OrderBook {
        var book = OrderBook()
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try journal.read { book.take($0) }
        } catch {
            throw .file(error)
        }
        if diagnostics.containsErrors { throw .invalidJournal(diagnostics.filter { $0.severity == .error }) }
        return book
    }

    /// A change that writes no idempotency key, made from the stock and
    /// the journal's orders.
    private func record(
        menu: Menu, time: JournalTime, whileWaiting: () -> Void,
        _ body: (Inventory, OrderBook) throws(InventoryUpdateError) -> (Inventory, JournalEntry.Draft)
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        // With no key, no entry is ever asked whether it is this change.
        func neverSame(_: JournalEntry, _: Inventory, _: Inventory) -> Bool { false }
        return try change(
            menu: menu, droppingRetiredFruits: false, key: nil, time: time, whileWaiting: whileWaiting,
            isSame: neverSame
        ) { before, journal throws(InventoryUpdateError) in
            try body(before, try Self.orderBook(in: journal))
        }
    }
}
