/// One import of a till's sales into one store or a chain's stores: the
/// export read once, each event handed to the booking of the store it
/// belongs to.
///
/// A store's inventory is locked when its first event comes (a single
/// store's at once) and held to the end of the export; then each store's
/// booking is committed, the last locked first. A row that cannot be read
/// cuts off what every store had appended, so nothing of the call is
/// booked. Under a dry run nothing is locked or written.
final class SalesImportRun<Sales: TillSales> {
    private let stores: [Store]
    private let map: SalesMap
    private let dryRun: Bool
    /// Whether each store's summary lists its tickets held back.
    private let listsHeldBack: Bool
    /// The store an event belongs to, by its index in `stores`; `nil` for
    /// none.
    private let route: (TillEvent) -> Int?
    private let recorded = JournalTime.now
    /// The export, read through once.
    private(set) var sales: Sales
    /// The bookings of the stores begun, by the store's index: an array,
    /// where each event's booking is changed in place (a dictionary's
    /// value was moved out and back for each).
    private var bookings: [SaleBooking?]
    /// The writers of the stores locked, by index, while their locks are held.
    private var writers: [Int: InventoryFile.SaleWriter] = [:]
    /// The inventory's warnings of each store read under a dry run.
    private var dryRunDiagnostics: [Int: [Diagnostic]] = [:]
    /// Each store's summary, once its booking is done.
    private(set) var results: [Int: SalesImport] = [:]
    /// The events that belong to no store, by location.
    private(set) var noStore: [ChainSalesImport.NoStore] = []

    /// A run of `sales` into `stores`, each event to the store `route`
    /// names, the tickets held back listed if `listsHeldBack`. Each store
    /// has an inventory file.
    init(
        _ sales: Sales, into stores: [Store], map: SalesMap, dryRun: Bool, listsHeldBack: Bool,
        route: @escaping (TillEvent) -> Int?
    ) {
        self.sales = sales
        self.stores = stores
        bookings = Array(repeating: nil, count: stores.count)
        self.map = map
        self.dryRun = dryRun
        self.listsHeldBack = listsHeldBack
        self.route = route
    }

    /// Reads the export through and books it; `first`, when given, is
    /// begun before the first row is read (a single store's import says
    /// its stock even when the export has nothing for it); `whileWaiting`
    /// is called with a store whose lock another process has held for a
    /// second.
    func run(beginning first: Int? = nil, whileWaiting: (Store) -> Void) throws(InventoryUpdateError) {
        if let first { try begin(first, with: nil, whileWaiting: whileWaiting) }
        // Under the lock, the first store's booking read the export through.
        if dryRun || first == nil { try readOn(whileWaiting: whileWaiting) }
        for case (let index, let booking?) in bookings.enumerated() {
            var summary = booking.finished()
            summary.diagnostics = dryRunDiagnostics[index] ?? []
            results[index] = summary
        }
    }

    /// Reads the rest of the export; returns at its end.
    private func readOn(whileWaiting: (Store) -> Void) throws(InventoryUpdateError) {
        while true {
            let event: TillEvent?
            do {
                event = try sales.next()
            } catch {
                throw .invalidSales(error.diagnostic)
            }
            guard let event else { return }
            guard let index = route(event) else {
                count(event, ofNoStore: event.location)
                continue
            }
            guard bookings[index] != nil else {
                try begin(index, with: event, whileWaiting: whileWaiting)
                // Under the lock, the store's booking read the rest.
                if !dryRun { return }
                continue
            }
            try take(event, into: index)
        }
    }

    private func take(_ event: TillEvent, into index: Int) throws(InventoryUpdateError) {
        do {
            try bookings[index]!.take(event)
        } catch {
            throw .invalidSales(error.diagnostic)
        }
        if bookings[index]!.booked.count >= SaleBooking.batch, let write = writers[index] {
            try write(bookings[index]!.drain())
        }
    }

    /// Begins the booking of store `index` with `event`: under a dry run
    /// from the stock and the journal as read; else under the store's lock,
    /// where the rest of the export is read before the lock is let go.
    private func begin(_ index: Int, with event: TillEvent?, whileWaiting: (Store) -> Void)
        throws(InventoryUpdateError)
    {
        let store = stores[index]
        let file = store.inventoryFile!
        if dryRun {
            let read: InventoryRead
            do {
                read = try file.read(menu: store.menu, droppingRetiredFruits: false)
            } catch {
                throw .file(error)
            }
            guard let stock = read.loaded.value else { throw .invalidInventory(read.loaded.diagnostics) }
            bookings[index] = SaleBooking(
                menu: store.menu, map: map, stock: stock, facts: try file.saleFacts(committedThrough: nil),
                recorded: recorded, listsHeldBack: listsHeldBack)
            dryRunDiagnostics[index] = read.loaded.diagnostics
            if let event { try take(event, into: index) }
            return
        }
        // Under the lock: the rest of the export is read in `book`.
        func book(_ stock: Inventory, _ facts: SaleBooking.JournalFacts, _ write: InventoryFile.SaleWriter)
            throws(InventoryUpdateError) -> SaleBooking
        {
            bookings[index] = SaleBooking(
                menu: store.menu, map: map, stock: stock, facts: facts, recorded: recorded,
                listsHeldBack: listsHeldBack)
            do {
                try withoutActuallyEscaping(write) { write in
                    writers[index] = write
                    defer { writers[index] = nil }
                    if let event { try take(event, into: index) }
                    try readOn(whileWaiting: whileWaiting)
                }
            } catch let error as InventoryUpdateError {
                throw error
            } catch {
                preconditionFailure("a sale's booking throws only InventoryUpdateError: \(error)")
            }
            defer { bookings[index] = nil }
            return bookings[index]!
        }
        let (update, booking) = try file.bookSales(
            menu: store.menu, time: recorded, whileWaiting: { whileWaiting(store) }, book)
        var summary = booking.finished()
        summary.stock = update.after
        summary.diagnostics = update.diagnostics
        summary.notFlushed = update.notFlushed
        results[index] = summary
    }

    /// Counts an event that belongs to no store under its `location`.
    private func count(_ event: TillEvent, ofNoStore location: String?) {
        let at =
            noStore.firstIndex {
                $0.location.map(ChainSalesImport.locationKey) == location.map(ChainSalesImport.locationKey)
            }
            ?? {
                noStore.append(ChainSalesImport.NoStore(location: location))
                return noStore.count - 1
            }()
        switch event {
        case .ticket: noStore[at].tickets += 1
        case .voided: noStore[at].voided += 1
        case .refunded: noStore[at].refunded += 1
        }
    }
}
