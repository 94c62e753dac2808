/// Orders placed, listed, received once and cancelled.
extension Store {
    /// The orders the journal holds, read without the lock, and the
    /// journal's problems; an empty book for a store without an inventory
    /// file.
    public func orderBook() throws(StoreError) -> (book: OrderBook, diagnostics: [Diagnostic]) {
        var book = OrderBook()
        let diagnostics = try readJournal { book.take($0) }
        return (book, diagnostics)
    }

    /// What to order now, sized as `sizing` says: the stock read, net of
    /// what is on order.
    ///
    /// - Parameters:
    ///   - sizing: to par, or by the forecast with its safety margin.
    ///   - now: the moment today is taken from (the forecast's days, the
    ///     lots that have expired).
    public func supplyOrder(_ sizing: OrderSizing = .par, now: JournalTime = .now) throws(StoreError) -> (
        order: SupplyOrder, diagnostics: [Diagnostic]
    ) {
        let reading = try readStock()
        let (book, problems) = try orderBook()
        let (size, forecastProblems) = try sizer(sizing, now: now)
        // The forecast reads the journal again: its problems are the book's.
        return (
            size(reading.inventory, book.onOrder),
            reading.diagnostics + problems + forecastProblems.filter { !problems.contains($0) }
        )
    }

    /// What sizes an order of a stock and what is on order, as `sizing`
    /// says; for the forecast, the forecast read now (outside any lock:
    /// it reads the journal's history, which a change does not alter).
    private func sizer(_ sizing: OrderSizing, now: JournalTime) throws(StoreError) -> (
        size: @Sendable (Inventory, [String: Int]) -> SupplyOrder, diagnostics: [Diagnostic]
    ) {
        let menu = menu
        // Either way, of the fruit that has not expired (SPEC 18).
        let today = today(now: now)
        guard case .forecast(let safety) = sizing else {
            return ({ SupplyOrder(menu: menu, inventory: $0.usable(on: today), onOrder: $1) }, [])
        }
        let (forecast, diagnostics) = try self.forecast(SupplyOrder.forecastRequest(for: menu, now: now))
        return (
            {
                SupplyOrder(
                    menu: menu, inventory: $0.usable(on: today), onOrder: $1, forecast: forecast, safety: safety)
            }, diagnostics
        )
    }

    /// Places what to order now, sized as `sizing` says, as an entry of
    /// kind `order`, decided under the lock (two at once cannot both order
    /// the same fruit); the forecast, when it sizes the order, is read
    /// before.
    ///
    /// - Returns: the order and the transaction that placed it (its entry
    ///   last); no transaction when there is nothing to order, or when its
    ///   packs or cost pass what an `Int` holds (``SupplyOrder/beyondCounting``,
    ///   ``SupplyOrder/totalIsBeyondCounting``; the caller refuses it):
    ///   nothing was written.
    public func placeOrder(
        _ sizing: OrderSizing = .par, now: JournalTime = .now, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> (order: SupplyOrder, transaction: StoreTransaction?) {
        var placed = SupplyOrder(groups: [], fruitsWithPar: 0)
        let (size, _) = try sizer(sizing, now: now)
        do {
            let transaction = try change { file throws(InventoryUpdateError) in
                try file.placeOrder(menu: menu, whileWaiting: whileWaiting) { stock, book in
                    placed = size(stock, book.onOrder)
                    guard placed.beyondCounting == nil, !placed.totalIsBeyondCounting else { return [] }
                    return placed.entryLines
                }
            }
            return (placed, transaction)
        } catch .invalidData(let diagnostics) where diagnostics.isEmpty {
            return (placed, nil)
        }
    }

    /// Withdraws the open order `id`.
    ///
    /// - Throws: ``StoreError/supplyOrder(_:)`` when it is not open.
    public func cancelOrder(_ id: Int, whileWaiting: () -> Void = {}) throws(StoreError) -> StoreTransaction {
        try change { file throws(InventoryUpdateError) in
            try file.cancelOrder(id, menu: menu, whileWaiting: whileWaiting)
        }
    }

    /// Books the delivery of `receipt` once: the units of `ordered` (a
    /// file's lines; for a placed order, its own), except where `arrived`
    /// says how many of a fruit came.
    ///
    /// - Returns: the transaction and what arrived short: per fruit ordered,
    ///   the units that did not come.
    /// - Throws: ``StoreError/supplyOrder(_:)`` when the order is not open
    ///   or the file was received already; ``StoreError/refused(_:)``
    ///   above the maximum.
    public func receive(
        _ receipt: ReceivedOrder.Receipt, ordered file: ReceivedOrder? = nil, arrived: [ReceivedOrder.Line],
        dryRun: Bool = false, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> (transaction: StoreTransaction, short: [String: Int]) {
        var short: [String: Int] = [:]
        func book(_ stock: Inventory, _ placed: OrderBook.Placed?) throws(StockError) -> Inventory {
            let ordered = placed.map(Self.received) ?? file ?? ReceivedOrder(lines: [], place: .start(of: ""))
            short = Self.short(ordered: ordered, arrived: arrived)
            let changes = delivered(ordered.changes(arrived: arrived))
            if changes.isEmpty, placed != nil { throw .nothingArrived }
            return try stock.adjusted(by: changes)
        }
        if dryRun {
            let reading = try readStock()
            let (orders, problems) = try orderBook()
            var placed: OrderBook.Placed?
            switch receipt {
            case .order(let id):
                switch orders.openOrder(id) {
                case .success(let order): placed = order
                case .failure(let error): throw .supplyOrder(error)
                }
            case .file(let hash):
                if let entry = orders.entryThatReceived(file: hash) {
                    throw .supplyOrder(.alreadyReceived(order: nil, entry: entry))
                }
            }
            do {
                let after = try book(reading.inventory, placed)
                return (
                    StoreTransaction(
                        before: reading.inventory, after: after, diagnostics: reading.diagnostics + problems),
                    short
                )
            } catch {
                throw .refused(error)
            }
        }
        let transaction = try change { file throws(InventoryUpdateError) in
            try file.receive(receipt, menu: menu, whileWaiting: whileWaiting, book)
        }
        return (transaction, short)
    }

    /// A placed order's lines as a delivery to book: a fruit ordered from
    /// two suppliers once, its units added up.
    private static func received(_ order: OrderBook.Placed) -> ReceivedOrder {
        var lines: [ReceivedOrder.Line] = []
        for line in order.lines {
            if let index = lines.firstIndex(where: { $0.fruit == line.fruit }) {
                lines[index].units = lines[index].units.addingSaturating(line.units)
            } else {
                lines.append(ReceivedOrder.Line(fruit: line.fruit, units: line.units))
            }
        }
        return ReceivedOrder(lines: lines, place: .start(of: ""))
    }

    /// Per fruit ordered, the units `arrived` says did not come.
    private static func short(ordered: ReceivedOrder, arrived: [ReceivedOrder.Line]) -> [String: Int] {
        var short: [String: Int] = [:]
        for line in ordered.lines {
            guard let came = arrived.last(where: { $0.fruit == line.fruit })?.units, came < line.units else { continue }
            short[line.fruit] = line.units - came
        }
        return short
    }
}
