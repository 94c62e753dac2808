/// Why `undo` cannot reverse an entry. Nothing changed.
public enum UndoError: Error, Sendable, Hashable {
    /// The journal has no entry with this id.
    case noSuchEntry(Int)
    /// The entry was undone already, by the entry `by`.
    case alreadyUndone(Int, by: Int)
    /// The entry is itself an undo.
    case isUndo(Int)
    /// No `make` or `adjust` is left to undo.
    case nothingToUndo
    /// The entry is an `order` (placed or cancelled), which changed no
    /// stock: `juice receive --cancel` withdraws an order.
    case isOrder(Int)
    /// The entry withdrew a placed order (`juice receive --cancel`): a
    /// withdrawal stands; the order is placed again instead.
    case isCancel(Int, order: Int)
    /// The entry is a count that sales standing after it rely on: sold
    /// before it, they left the fruit it counted as counted (their
    /// `usedBeforeCount`), so the stock before the count never had their
    /// use taken off. Undoing those sales first frees the count.
    case countReliedOn(Int, sales: [Int])

    /// What is wrong, in one sentence.
    public var message: Message {
        switch self {
        case .noSuchEntry(let id): Message(.noSuchEntry, "\(id)")
        case .alreadyUndone(let id, let undo): Message(.alreadyUndone, "\(id)", "\(undo)")
        case .isUndo(let id): Message(.isUndo, "\(id)")
        case .nothingToUndo: Message(.nothingToUndo)
        case .isOrder(let id): Message(.isOrderEntry, "\(id)")
        case .isCancel(let id, let order): Message(.isCancelEntry, "\(id)", "\(order)")
        case .countReliedOn(let id, let sales):
            Message(.countReliedOn, "\(id)", "\(sales.map(String.init).joined(separator: ", "))")
        }
    }
}

extension UndoError: CustomStringConvertible {
    /// ``message`` in English.
    public var description: String { message.description }
}

/// Finds the entry an undo reverses.
enum UndoTarget {
    /// Entry `id`, or the latest `make` or `adjust` not yet undone, read
    /// from the journal's end backward, no further than that entry: the
    /// work grows with the entries after it, not with the journal, and a
    /// line before the entry is never read (nor its problem said).
    ///
    /// - Parameter inventory: the inventory whose marker says which entries
    ///   are committed, for a dry run without the lock (later ones are
    ///   skipped with a warning); `nil` under the lock, after the settle,
    ///   where every line is.
    /// - Returns: the entry, and the warnings met on the way.
    static func find(
        _ id: Int?, in journal: Journal, inventory: (path: String, shownAs: String)? = nil
    ) throws(InventoryUpdateError) -> (entry: JournalEntry, warnings: [Diagnostic]) {
        var scan: JournalTailScan
        do {
            scan = try JournalTailScan(path: journal.path, inventory: inventory)
        } catch {
            throw .file(error)
        }
        defer { scan.close() }
        var search = Search(id)
        let entry = try search.finish(reading: &scan)
        return (entry, scan.warnings)
    }

    /// The entry `search` finds, reading on from the entry it was given
    /// last (see ``Search``): under the lock, after the settle.
    static func find(continuing search: Search, in journal: Journal) throws(InventoryUpdateError) -> JournalEntry {
        var search = search
        if let outcome = search.outcome { return try outcome.get() }
        var scan: JournalTailScan
        do {
            scan = try JournalTailScan(path: journal.path, after: search.last)
        } catch {
            throw .file(error)
        }
        defer { scan.close() }
        return try search.finish(reading: &scan)
    }

    /// `inventory` with `entry` undone: its changes reversed, and where a
    /// fruit has or had dated lots, each lot it moved put back as it was
    /// (refused when a lot no longer holds what it would take).
    ///
    /// - Throws: as ``Inventory/adjusted(by:)``; with lots, as
    ///   ``Inventory/moving(_:lots:sign:)``.
    static func undoing(_ entry: JournalEntry, on inventory: Inventory, in menu: Menu) throws(StockError) -> Inventory {
        let changes = reversal(of: entry, in: menu)
        guard entry.lots != nil || changes.contains(where: { inventory.datedLots[$0.fruit] != nil }) else {
            return try inventory.adjusted(by: changes)
        }
        return try inventory.moving(entry.changes.filter { menu.fruit(id: $0.key) != nil }, lots: entry.lots, sign: -1)
    }

    /// The opposite of `entry`'s changes, for the fruits `menu` has, in
    /// the menu's order (so is a refusal's list): what undoing it applies.
    private static func reversal(of entry: JournalEntry, in menu: Menu) -> [StockChange] {
        menu.fruits.compactMap { fruit in
            entry.changes[fruit.id].map { StockChange(fruit: fruit.id, $0 > 0 ? .remove($0) : .add(-$0)) }
        }
    }

    /// The rule of ``find(_:in:inventory:)``, given the entries newest
    /// first one at a time: so that a search that reads the journal
    /// backward anyway (a key's) can find the entry as it goes.
    struct Search {
        let id: Int?
        /// The entries undone by the undos given so far (newer than any
        /// entry still to come), and by which.
        private var undoneBy: [Int: Int] = [:]
        /// What the entries given say: the entry, or why there is none;
        /// `nil` while more must be read.
        private(set) var outcome: Result<JournalEntry, InventoryUpdateError>?
        /// The id of the entry given last, and where its line starts: where
        /// reading on begins (`nil`: at the journal's end).
        private(set) var last: (id: Int, offset: Int)?
        /// The standing sales given so far that left a fruit as a count saw
        /// it (`usedBeforeCount`): their ids, times of sale and fruits.
        private var salesBeforeCounts: [(id: Int, time: JournalTime, fruits: Set<String>)] = []

        init(_ id: Int?) {
            self.id = id
        }

        /// Takes the entry before those given so far, whose line starts at
        /// `offset`, or `nil` at the journal's start. An entry no older than
        /// the last one given starts the search again: a change made again
        /// (the file was edited meanwhile) reads the journal from its end.
        mutating func take(_ entry: JournalEntry?, at offset: Int = 0) {
            if let entry, let last, entry.id >= last.id { self = Search(id) }
            guard outcome == nil else { return }
            guard let entry else {
                outcome = .failure(.undo(id.map { .noSuchEntry($0) } ?? .nothingToUndo))
                return
            }
            last = (entry.id, offset)
            outcome = verdict(on: entry)
            if let undone = entry.undoes { undoneBy[undone] = entry.id }
            if let used = entry.usedBeforeCount, undoneBy[entry.id] == nil {
                salesBeforeCounts.append((entry.id, entry.time, Set(used.keys)))
            }
        }

        /// What `entry`, older than every entry given before, says.
        private func verdict(on entry: JournalEntry) -> Result<JournalEntry, InventoryUpdateError>? {
            guard let id else {
                let isUndoable = (entry.kind == .make || entry.kind == .adjust) && undoneBy[entry.id] == nil
                return isUndoable ? reliance(on: entry) : nil
            }
            if entry.id < id { return .failure(.undo(.noSuchEntry(id))) }
            guard entry.id == id else { return nil }
            if entry.kind == .undo { return .failure(.undo(.isUndo(id))) }
            if entry.kind == .order, let order = entry.cancels { return .failure(.undo(.isCancel(id, order: order))) }
            if entry.kind == .order { return .failure(.undo(.isOrder(id))) }
            if let undo = undoneBy[id] { return .failure(.undo(.alreadyUndone(id, by: undo))) }
            return reliance(on: entry)
        }

        /// `entry`, or the refusal of undoing it when it is a count that
        /// standing sales written after it rely on (sold before it, a fruit
        /// it counted left out of their changes): undone alone, it would
        /// give back a stock that never had their use taken off.
        private func reliance(on entry: JournalEntry) -> Result<JournalEntry, InventoryUpdateError> {
            guard entry.kind == .adjust, entry.reason == .count else { return .success(entry) }
            let counted = Set((entry.counted ?? entry.changes).keys)
            let sales = salesBeforeCounts.filter { $0.time < entry.time && !$0.fruits.isDisjoint(with: counted) }
            guard !sales.isEmpty else { return .success(entry) }
            return .failure(.undo(.countReliedOn(entry.id, sales: sales.map(\.id).sorted())))
        }

        /// The outcome, the entries of `scan` taken until it is known.
        mutating func finish(reading scan: inout JournalTailScan) throws(InventoryUpdateError) -> JournalEntry {
            while outcome == nil {
                do {
                    let found = try scan.previous()
                    take(found?.entry, at: found?.start ?? 0)
                } catch {
                    throw InventoryUpdateError(error)
                }
            }
            return try outcome!.get()
        }
    }
}
