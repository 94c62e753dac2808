/// One store, opened by ``StoreService``: its menu read and checked, its
/// inventory file named. Each call reads the inventory afresh; a change
/// holds the inventory's lock through its read, its journal entry and the
/// atomic replace, so front ends in other processes never lose an update.
public struct Store: Sendable {
    /// Where the store's files are.
    public let address: StoreAddress
    /// The menu, with its parents merged.
    public let menu: Menu
    /// The menu's warnings (its parents' included).
    public let warnings: [Diagnostic]
    /// The inventory file; `nil` for the menu's initial stock.
    let inventoryFile: InventoryFile?

    /// The inventory file's path; `nil` for a manifest's store that names
    /// none.
    public var inventoryPath: String? { inventoryFile?.path }

    /// When the store's business day starts: its menu's `dayStarts`, else
    /// its manifest's, else local midnight.
    public var dayStart: DayStart { menu.dayStarts ?? address.dayStarts ?? .midnight }

    /// Whether the inventory file names nothing that exists yet: its stock
    /// is the menu's initial stock until the first change writes it.
    public var inventoryIsAbsent: Bool { inventoryFile.map { !$0.exists } ?? false }

    /// A warning that the inventory file does not exist, so that the stock
    /// read, the menu's initial stock, is never shown as if it had been
    /// counted: a file not written yet (a new store), or a folder that is
    /// gone (moved or removed: no change can be made until it is back).
    /// `nil` when the file exists or the store names none.
    public var absentInventoryWarning: Diagnostic? {
        guard let file = inventoryFile, !file.exists else { return nil }
        let message = Message(file.folderIsMissing ? .inventoryFolderGone : .inventoryNotYet)
        return .warning(.missingFile, message, at: .start(of: file.path))
    }

    /// The lock file a change waits for, as messages name it.
    public var lockPath: String? { inventoryFile?.lockPath }

    /// Reads the stock (without the lock: the file is always replaced
    /// whole).
    ///
    /// - Parameter droppingRetiredFruits: whether counts of fruits the menu
    ///   no longer has are dropped (what `adjust --prune` would write)
    ///   instead of making the file invalid.
    /// - Throws: ``StoreError``: the file's error, or its diagnostics when
    ///   it is invalid.
    public func readStock(droppingRetiredFruits: Bool = false) throws(StoreError) -> StockReading {
        guard let file = inventoryFile else { return StockReading(inventory: Inventory(initialStockOf: menu)) }
        let read: InventoryRead
        do {
            read = try file.read(menu: menu, droppingRetiredFruits: droppingRetiredFruits)
        } catch {
            throw .file(error)
        }
        guard let inventory = read.loaded.value else { throw .invalidData(read.loaded.diagnostics) }
        return StockReading(inventory: inventory, diagnostics: read.loaded.diagnostics, retired: read.retired)
    }

    /// Orders as typed (`banana=2`, `mangoKiwi`, a display name), against
    /// the menu, checked together for totals past what can be counted.
    ///
    /// - Throws: ``StoreError/order(_:index:)`` for the first that does not
    ///   fit, or for totals too large (index `nil`).
    public func orders(parsing texts: [String]) throws(StoreError) -> [Order] {
        try checkedTotals(parse(texts) { text throws(OrderError) in try menu.order(parsing: text) })
    }

    /// Orders already parsed (`plan`'s), against the menu.
    ///
    /// - Throws: ``StoreError/order(_:index:)`` as ``orders(parsing:)``.
    public func orders(for requests: [OrderRequest]) throws(StoreError) -> [Order] {
        try checkedTotals(parse(requests) { request throws(OrderError) in try menu.order(for: request) })
    }

    /// Stock changes as typed (`kiwi=+5`, `mango=-1`, `banana=10`).
    ///
    /// - Throws: ``StoreError/order(_:index:)`` for the first that does not
    ///   fit the menu.
    public func stockChanges(parsing texts: [String]) throws(StoreError) -> [StockChange] {
        try parse(texts) { text throws(OrderError) in try menu.stockChange(parsing: text) }
    }

    /// Counts as typed (`banana=12`, a display name too), each fruit's
    /// number; a fruit named twice takes the last.
    ///
    /// - Throws: ``StoreError/order(_:index:)`` for the first that is not
    ///   `FRUIT=N` of a fruit of the menu.
    public func counts(parsing texts: [String]) throws(StoreError) -> [String: Int] {
        try parse(texts) { text throws(OrderError) in try menu.count(parsing: text) }
            .reduce(into: [:]) { $0[$1.fruit] = $1.count }
    }

    /// What arrived as typed (`FRUIT=N`, N the fruits that came), in the
    /// order typed: the lines of a delivery (`juice receive`).
    ///
    /// - Throws: ``StoreError/order(_:index:)`` for the first that is not
    ///   `FRUIT=N` of a fruit of the menu (``Menu/arrival(parsing:)``).
    public func arrivals(parsing texts: [String]) throws(StoreError) -> [ReceivedOrder.Line] {
        try parse(texts) { text throws(OrderError) in
            try menu.arrival(parsing: text)
        }
    }

    private func parse<Argument, Value>(
        _ arguments: [Argument], _ parse: (Argument) throws(OrderError) -> Value
    ) throws(StoreError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(arguments.count)
        for (index, argument) in arguments.enumerated() {
            do {
                values.append(try parse(argument))
            } catch {
                throw .order(error, index: index)
            }
        }
        return values
    }

    private func checkedTotals(_ orders: [Order]) throws(StoreError) -> [Order] {
        do {
            _ = try Order.totals(of: orders)
        } catch {
            throw .order(error, index: nil)
        }
        return orders
    }

    /// Makes `orders`, all or none: under `dryRun` on the stock as read,
    /// else on the inventory file under its lock, recorded in the journal.
    ///
    /// - Parameters:
    ///   - orders: what to make (see ``orders(parsing:)``).
    ///   - dryRun: whether to only check the orders on the stock as read
    ///     and say the stock after, writing nothing.
    ///   - key: the change's idempotency key, kept in its journal entry. A
    ///     key already in an entry of the last 24 hours makes nothing: that
    ///     change is answered again (``StoreTransaction/repeated``), the
    ///     stock after it included. A dry run ignores it.
    ///   - whileWaiting: called once when another process has held the lock
    ///     for a second.
    /// - Throws: ``StoreError``; ``StoreError/refused(_:)`` when the stock
    ///   is short; ``StoreError/keyReused(_:entry:)`` when the key's entry
    ///   is another change. Nothing changed.
    public func make(
        _ orders: [Order], dryRun: Bool = false, key: IdempotencyKey? = nil, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> StoreTransaction {
        let today = today()
        return try transact(
            dryRun: dryRun, pruning: false, record: .make(orders), key: key, whileWaiting: whileWaiting
        ) { inventory throws(StockError) in try inventory.making(orders, today: today) }
    }

    /// The business day `now` is in, as a date: what a lot best before
    /// an earlier day has expired on.
    public func today(now: JournalTime = .now) -> CalendarDate? {
        now.businessDate(dayStart: dayStart)
    }

    /// `changes` as a delivery books them: an addition without a date of
    /// its own adds a lot best before today's business day plus the
    /// fruit's `shelfLife`, or for a fruit without one, to the undated lot.
    func delivered(_ changes: [StockChange], now: JournalTime = .now) -> [StockChange] {
        let today = today(now: now)
        return changes.map { change in
            guard case .add = change.operation, change.destination == .earliestLot else { return change }
            var delivered = change
            let shelfLife = menu.fruit(id: change.fruit)?.shelfLife
            delivered.destination = .lot(bestBefore: shelfLife.flatMap { today?.adding(days: $0) })
            return delivered
        }
    }

    /// The lots `changes` add that are expired already, best before
    /// today's business day: a delivery of those is booked, and said.
    public func pastBestBefore(_ changes: [StockChange], now: JournalTime = .now) -> [(
        fruit: String, bestBefore: CalendarDate
    )] {
        guard let today = today(now: now) else { return [] }
        return changes.compactMap { change in
            guard case .add = change.operation, case .lot(let date?) = change.destination, date < today else {
                return nil
            }
            return (change.fruit, date)
        }
    }

    /// Changes the stock by `changes` for `reason`, all or none, as
    /// ``make(_:dryRun:key:whileWaiting:)`` does; a key used before answers
    /// again only for the same reason and the same counts from the same
    /// stock. A change for `count` records every fruit it names as counted,
    /// at the number it ends at, changed or not (as ``count(_:dryRun:key:whileWaiting:)``).
    ///
    /// - Parameters:
    ///   - changes: the changes, in order (see ``stockChanges(parsing:)``).
    ///   - reason: why the stock changes, kept in the journal entry.
    ///   - pruning: whether counts of fruits the menu no longer has are
    ///     dropped from the file (`adjust --prune`).
    ///   - dryRun: as ``make(_:dryRun:key:whileWaiting:)``'s.
    ///   - key: as ``make(_:dryRun:key:whileWaiting:)``'s.
    ///   - whileWaiting: as ``make(_:dryRun:key:whileWaiting:)``'s.
    public func adjust(
        _ changes: [StockChange], reason: JournalEntry.Reason, pruning: Bool = false, dryRun: Bool = false,
        key: IdempotencyKey? = nil, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> StoreTransaction {
        // Only a delivery adds a lot of its own: a count's surplus or a
        // correction joins the earliest lot (SPEC 18), never fresher.
        if reason != .delivery, let index = changes.firstIndex(where: { $0.destination != .earliestLot }) {
            throw .order(.datedNotDelivery(changes[index].fruit, reason: reason.rawValue), index: index)
        }
        let changes = reason == .delivery ? delivered(changes) : changes
        return try transact(
            dryRun: dryRun, pruning: pruning, record: .adjust(changes, reason: reason), key: key,
            whileWaiting: whileWaiting
        ) { inventory throws(StockError) in try inventory.adjusted(by: changes) }
    }

    /// Records a count at the shelf: each fruit of `counted` set to its
    /// number, as one `adjust` entry of reason `count` that also keeps
    /// `counted`, every fruit counted and its number, changed or not; as
    /// ``make(_:dryRun:key:whileWaiting:)`` does otherwise. A key used
    /// before answers again only for the same counts from the same stock.
    public func count(
        _ counted: [String: Int], dryRun: Bool = false, key: IdempotencyKey? = nil, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> StoreTransaction {
        let changes = counted.sorted { $0.key < $1.key }.map { StockChange(fruit: $0.key, .set($0.value)) }
        return try transact(
            dryRun: dryRun, pruning: false, record: .count(counted: counted), key: key, whileWaiting: whileWaiting
        ) { inventory throws(StockError) in try inventory.adjusted(by: changes) }
    }

    /// Reverses journal entry `entry` (default: the latest `make` or
    /// `adjust` not yet undone) as a new change of kind `undo`.
    ///
    /// - Parameters:
    ///   - entry: the id of the entry to undo; `nil` for the latest.
    ///   - dryRun: whether to only say what would be undone and the stock
    ///     after, changing nothing.
    ///   - key: as ``make(_:dryRun:key:whileWaiting:)``'s; a key used
    ///     before answers again only for an undo of the same entry (or of
    ///     the latest, when `entry` is `nil`).
    ///   - whileWaiting: as ``make(_:dryRun:key:whileWaiting:)``'s.
    /// - Throws: ``StoreError/undo(_:)`` for an entry that cannot be
    ///   undone; ``StoreError/refused(_:)`` when the stock no longer allows
    ///   it.
    public func undo(
        entry: Int? = nil, dryRun: Bool = false, key: IdempotencyKey? = nil, whileWaiting: () -> Void = {}
    ) throws(StoreError) -> StoreTransaction {
        if dryRun { return try undoDryRun(entry: entry) }
        return try change { file throws(InventoryUpdateError) in
            try file.undo(menu: menu, entry: entry, key: key, whileWaiting: whileWaiting)
        }
    }

    /// What ``undo(entry:dryRun:key:whileWaiting:)`` would do, from the
    /// stock as read and the journal read back to the entry by the undo's
    /// own rule (``InventoryFile/undoTarget(entry:)``), without the lock:
    /// nothing changes, and whatever refuses the undo refuses this.
    private func undoDryRun(entry id: Int?) throws(StoreError) -> StoreTransaction {
        guard let file = inventoryFile else { throw StoreError(noInventoryFor: address) }
        let reading = try readStock()
        let target: (entry: JournalEntry, warnings: [Diagnostic])
        do {
            target = try file.undoTarget(entry: id)
        } catch {
            throw StoreError(error)
        }
        do {
            return StoreTransaction(
                before: reading.inventory,
                after: try UndoTarget.undoing(target.entry, on: reading.inventory, in: menu),
                diagnostics: reading.diagnostics + target.warnings, undone: target.entry)
        } catch {
            throw .refused(error)
        }
    }

    /// Runs `transaction` on the stock under the lock, recorded in the
    /// journal as `record`; under a dry run, on the stock as read.
    func transact(
        dryRun: Bool, pruning: Bool, record: JournalRecord, key: IdempotencyKey?, whileWaiting: () -> Void,
        _ transaction: (Inventory) throws(StockError) -> Inventory
    ) throws(StoreError) -> StoreTransaction {
        if dryRun {
            let reading = try readStock(droppingRetiredFruits: pruning)
            do {
                return StoreTransaction(
                    before: reading.inventory, after: try transaction(reading.inventory), retired: reading.retired,
                    diagnostics: reading.diagnostics)
            } catch {
                throw .refused(error)
            }
        }
        return try change { file throws(InventoryUpdateError) in
            try file.update(
                menu: menu, droppingRetiredFruits: pruning, record: record, key: key, whileWaiting: whileWaiting,
                transaction)
        }
    }

    func change(
        _ body: (InventoryFile) throws(InventoryUpdateError) -> InventoryUpdate
    ) throws(StoreError) -> StoreTransaction {
        guard let file = inventoryFile else {
            throw StoreError(noInventoryFor: address)
        }
        do {
            let update = try body(file)
            return StoreTransaction(
                before: update.before, after: update.after, retired: update.retired, entries: update.entries,
                diagnostics: update.diagnostics, notFlushed: update.notFlushed, repeated: update.repeated,
                undone: update.undone)
        } catch {
            throw StoreError(error)
        }
    }

    /// Reads the journal's entries that the stock includes, in order; none
    /// for a store without an inventory file.
    ///
    /// - Returns: the journal's problems.
    /// - Throws: ``StoreError/file(_:)`` when the journal cannot be read.
    @discardableResult
    public func readJournal(_ body: (JournalEntry) -> Void) throws(StoreError) -> [Diagnostic] {
        guard let file = inventoryFile else { return [] }
        do {
            return try file.readJournal(body)
        } catch {
            throw .file(error)
        }
    }

    /// The inventory file's text and the journal's entries its stock
    /// includes, of one moment however changes interleave, from entry
    /// `after` on when above 0;
    /// no text and no entries for a store without an inventory file.
    ///
    /// - Throws: ``StoreError/file(_:)`` when they cannot be read.
    public func readInventoryWithJournal(after: Int = 0) throws(StoreError) -> InventoryWithJournal {
        guard let file = inventoryFile else { return InventoryWithJournal(text: nil, entries: [], diagnostics: []) }
        do {
            return try file.readWithJournal(after: after)
        } catch {
            throw .file(error)
        }
    }

    /// A page of the journal, newest first: the `limit` newest entries
    /// before id `before` (default: the newest of all), checked from the
    /// journal's end down to the page's last entry, then read a few at a
    /// time (``JournalPage/entries(upTo:)``). The work grows with the
    /// entries from the end to the page, not with the journal. Empty for a
    /// store without an inventory file.
    ///
    /// - Parameters:
    ///   - before: the id the page's entries are below; `nil` for the
    ///     newest.
    ///   - limit: 1 to ``JournalPage/maximumLimit``.
    /// - Throws: ``StoreError/file(_:)`` when the journal or the
    ///   inventory's marker cannot be read, ``StoreError/invalidData(_:)``
    ///   for a line that is not an entry on the way.
    public func journalPage(before: Int? = nil, limit: Int = JournalPage.defaultLimit) throws(StoreError)
        -> JournalPage
    {
        guard let file = inventoryFile else { return .empty }
        do {
            return try JournalPage(
                path: file.journal.path, inventory: (file.resolvedPath, file.path), before: before,
                limit: min(max(limit, 1), JournalPage.maximumLimit))
        } catch {
            throw StoreError(InventoryUpdateError(error))
        }
    }

    /// What the journal says of a period, from `since` (included) to
    /// `until` (excluded).
    ///
    /// - Returns: the usage of the entries that could be read, and the
    ///   journal's problems.
    public func usage(since: JournalTime? = nil, until: JournalTime? = nil) throws(StoreError) -> (
        usage: Usage, diagnostics: [Diagnostic]
    ) {
        guard let file = inventoryFile else { return (Usage(), []) }
        do {
            return try Usage.read(from: file, since: since, until: until)
        } catch {
            throw .file(error)
        }
    }

    /// What the journal says of each business day of a period, as
    /// ``usage(since:until:)`` reads it, days starting at ``dayStart``.
    ///
    /// - Returns: each day's usage, and the journal's problems.
    public func usageByDay(since: JournalTime? = nil, until: JournalTime? = nil) throws(StoreError) -> (
        days: [(day: String, usage: Usage)], diagnostics: [Diagnostic]
    ) {
        guard let file = inventoryFile else { return ([], []) }
        do {
            return try Usage.readByDay(from: file, since: since, until: until, dayStart: dayStart)
        } catch {
            throw .file(error)
        }
    }

    /// What the counts of a period say against the book (see
    /// ``Variance``), from `since` (included) to `until` (excluded).
    ///
    /// - Returns: the variance of the entries that could be read, and the
    ///   journal's problems.
    public func variance(since: JournalTime? = nil, until: JournalTime? = nil) throws(StoreError) -> (
        variance: Variance, diagnostics: [Diagnostic]
    ) {
        try readingJournal { journal throws(FileError) in
            try Variance.read(menu: menu, since: since, until: until, journal: journal)
        }
    }

    /// What `work` makes of the journal, read knowing its undos (empty
    /// without an inventory file).
    ///
    /// - Throws: ``StoreError/file(_:)`` when the journal cannot be read.
    func readingJournal<Result>(_ work: (JournalWalk) throws(FileError) -> Result) throws(StoreError) -> Result {
        do {
            return try work(InventoryFile.reader(of: inventoryFile))
        } catch {
            throw .file(error)
        }
    }
}

/// A store's stock as read, with the file's warnings.
public struct StockReading: Sendable {
    /// The stock: the menu's initial stock when there is no file yet.
    public var inventory: Inventory
    /// The inventory file's warnings.
    public var diagnostics: [Diagnostic] = []
    /// The fruits the menu no longer has whose counts were dropped, when
    /// asked to drop them.
    public var retired: [String] = []
}
