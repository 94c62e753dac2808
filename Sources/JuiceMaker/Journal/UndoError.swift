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
    /// from the journal in two passes with memory for the undone ids only.
    static func find(_ id: Int?, in journal: Journal) throws(InventoryUpdateError) -> JournalEntry {
        var undoneBy: [Int: Int] = [:]
        var wanted: JournalEntry?
        try read(journal) { entry in
            if let undone = entry.undoes { undoneBy[undone] = entry.id }
            if entry.id == id { wanted = entry }
        }
        if let id {
            guard let wanted else { throw .undo(.noSuchEntry(id)) }
            guard wanted.kind != .undo else { throw .undo(.isUndo(id)) }
            if let undo = undoneBy[id] { throw .undo(.alreadyUndone(id, by: undo)) }
            return wanted
        }
        var latest: JournalEntry?
        try read(journal) { entry in
            if entry.kind == .make || entry.kind == .adjust, undoneBy[entry.id] == nil { latest = entry }
        }
        guard let latest else { throw .undo(.nothingToUndo) }
        return latest
    }

    private static func read(_ journal: Journal, _ body: (JournalEntry) -> Void) throws(InventoryUpdateError) {
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try journal.read(body)
        } catch {
            throw .file(error)
        }
        if diagnostics.containsErrors { throw .invalidJournal(diagnostics) }
    }
}
