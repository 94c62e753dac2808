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
    ///   - listingHeldBack: whether ``SalesImport/heldBack`` lists each
    ///     ticket held back (the JSON does); else it is empty, and memory
    ///     does not grow with the tickets held back.
    ///   - whileWaiting: called once when another process has held the lock
    ///     for a second.
    /// - Throws: ``StoreError/invalidData(_:)`` with the diagnostic of a row
    ///   that cannot be read, or of a ticket whose numbers pass
    ///   ``Schema/maximumCount`` (nothing booked); the inventory's and the
    ///   journal's errors.
    public func importSales(
        from sales: inout some TillSales, map: SalesMap, dryRun: Bool = false, listingHeldBack: Bool = true,
        whileWaiting: () -> Void = {}
    ) throws(StoreError) -> SalesImport {
        guard inventoryFile != nil else { throw StoreError(noInventoryFor: address) }
        let run = SalesImportRun(sales, into: [self], map: map, dryRun: dryRun, listsHeldBack: listingHeldBack) {
            _ in 0
        }
        defer { sales = run.sales }
        do {
            try run.run(beginning: 0) { _ in whileWaiting() }
        } catch {
            throw StoreError(error)
        }
        return run.results[0]!
    }
}

extension StoreService {
    /// Books the tickets of a till's export `sales` in the chain's `stores`,
    /// each ticket in the store of its till location (see
    /// ``Store/importSales(from:map:dryRun:listingHeldBack:whileWaiting:)`` for one store):
    /// a location is a store's when `locations` maps it to the store's
    /// name, else when it is the store's name (case and spaces aside). The
    /// tickets of other locations are counted and not booked.
    ///
    /// A store is locked from its first ticket to the end of the export
    /// (stores in the order the export first names them); a row that
    /// cannot be read books nothing in any store. Each store's booking is
    /// then written on its own: a store whose write fails keeps nothing of
    /// the call, the others keep theirs (an import run again books each
    /// ticket once).
    ///
    /// - Parameters:
    ///   - sales: the export, read one ticket, void or refund at a time.
    ///   - stores: the chain's stores, opened, in the manifest's order.
    ///   - locations: till locations (as the till writes them; `""` for
    ///     rows that name none) and the names of the stores they are.
    ///   - map: the chain's map (``salesMap(forChain:manifestPath:path:)``).
    ///   - dryRun: whether to only say what would be booked.
    ///   - listingHeldBack: whether each store's ``SalesImport/heldBack``
    ///     lists its tickets held back.
    ///   - whileWaiting: called with a store whose lock another process
    ///     has held for a second.
    /// - Throws: ``StoreError/noInventory(store:manifestPath:)`` for a store
    ///   with no inventory, ``StoreError/invalidData(_:)`` for two stores
    ///   that keep one inventory or whose names differ only in case,
    ///   ``StoreError/noSuchStore(name:manifestPath:known:)`` for a location
    ///   mapped to no store, before anything is read; then
    ///   as ``Store/importSales(from:map:dryRun:listingHeldBack:whileWaiting:)``.
    public func importSales(
        from sales: inout some TillSales, intoChain stores: [Store], locations: [String: String] = [:],
        map: SalesMap, dryRun: Bool = false, listingHeldBack: Bool = true, whileWaiting: (Store) -> Void = { _ in }
    ) throws(StoreError) -> ChainSalesImport {
        let names = stores.map { $0.address.name ?? "" }
        var storeOf: [String: Int] = [:]
        var storeKeeping: [String: Int] = [:]
        let manifest = SourceLocation.start(of: stores.first?.address.manifestPath ?? "")
        for (index, store) in stores.enumerated() {
            guard let file = store.inventoryFile else { throw StoreError(noInventoryFor: store.address) }
            if let other = storeKeeping.updateValue(index, forKey: file.resolvedPath) {
                throw .invalidData([
                    .error(
                        .duplicateKey,
                        Message(.storesShareInventory, "\(names[other])", "\(names[index])", "\(file.path)"),
                        at: manifest)
                ])
            }
            if let other = storeOf.updateValue(index, forKey: ChainSalesImport.locationKey(names[index])) {
                throw .invalidData([
                    .error(
                        .duplicateKey, Message(.storesNamedAlike, "\(names[other])", "\(names[index])"), at: manifest)
                ])
            }
        }
        for (location, name) in locations {
            guard let index = names.firstIndex(of: name) else {
                throw .noSuchStore(name: name, manifestPath: stores.first?.address.manifestPath ?? "", known: names)
            }
            storeOf[ChainSalesImport.locationKey(location)] = index
        }
        let run = SalesImportRun(sales, into: stores, map: map, dryRun: dryRun, listsHeldBack: listingHeldBack) {
            event in storeOf[ChainSalesImport.locationKey(event.location ?? "")]
        }
        defer { sales = run.sales }
        do {
            try run.run(whileWaiting: whileWaiting)
        } catch {
            throw StoreError(error)
        }
        var result = ChainSalesImport()
        result.stores = stores.indices.map { index in
            ChainSalesImport.StoreImport(store: names[index], summary: run.results[index] ?? SalesImport())
        }
        result.noStore = run.noStore
        return result
    }
}
