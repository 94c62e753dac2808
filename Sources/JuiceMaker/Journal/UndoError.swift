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

    /// What is wrong, in one sentence.
    public var message: Message {
        switch self {
        case .noSuchEntry(let id): Message(.noSuchEntry, "\(id)")
        case .alreadyUndone(let id, let undo): Message(.alreadyUndone, "\(id)", "\(undo)")
        case .isUndo(let id): Message(.isUndo, "\(id)")
        case .nothingToUndo: Message(.nothingToUndo)
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
        let entry = try find(id) { () throws(InventoryUpdateError) in try previous(&scan) }
        return (entry, scan.warnings)
    }

    /// The opposite of `entry`'s changes, for the fruits `menu` has, in
    /// the menu's order (so is a refusal's list): what undoing it applies.
    static func reversal(of entry: JournalEntry, in menu: Menu) -> [StockChange] {
        menu.fruits.compactMap { fruit in
            entry.changes[fruit.id].map { StockChange(fruit: fruit.id, $0 > 0 ? .remove($0) : .add(-$0)) }
        }
    }

    /// The rule of ``find(_:in:inventory:)`` over entries read newest first.
    private static func find(
        _ id: Int?, previous: () throws(InventoryUpdateError) -> JournalEntry?
    ) throws(InventoryUpdateError) -> JournalEntry {
        // The entries undone by the undos read so far (newer than any entry
        // still to come), and by which.
        var undoneBy: [Int: Int] = [:]
        while let entry = try previous() {
            if let id {
                if entry.id < id { break }
                if entry.id == id {
                    guard entry.kind != .undo else { throw .undo(.isUndo(id)) }
                    if let undo = undoneBy[id] { throw .undo(.alreadyUndone(id, by: undo)) }
                    return entry
                }
            } else if entry.kind == .make || entry.kind == .adjust, undoneBy[entry.id] == nil {
                return entry
            }
            if let undone = entry.undoes { undoneBy[undone] = entry.id }
        }
        throw .undo(id.map { .noSuchEntry($0) } ?? .nothingToUndo)
    }

    private static func previous(_ scan: inout JournalTailScan) throws(InventoryUpdateError) -> JournalEntry? {
        do {
            return try scan.previous()?.entry
        } catch {
            throw InventoryUpdateError(error)
        }
    }
}
