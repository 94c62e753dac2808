/// A journal's entries from the newest backward (read by
/// ``JournalTailReader``), checked as they come: each line an entry, each id
/// one less than the one after it. Entries past the last one the inventory
/// includes (what a writer killed midway left) are skipped with a warning,
/// as is an unfinished last line.
///
/// Reading stops at the first line that is not an entry: the journal needs
/// a person there, and whoever reads backward (a page of the log, an undo,
/// a key's lookup) refuses it.
struct JournalTailScan {
    private var reader: JournalTailReader
    /// The inventory whose marker says which entries are committed, as
    /// read and as errors name it; `nil` when every line is (under the
    /// lock, after the settle).
    private let inventory: (path: String, shownAs: String)?
    /// The id of the last entry the inventory includes, when known.
    private var committed: Int?
    private var rechecked = false
    /// The warnings met so far: an unfinished last line, entries not
    /// committed.
    private(set) var warnings: [Diagnostic] = []
    /// The entry given last, and where its line starts.
    private var newer: (id: Int, offset: Int)?
    private var warnedUncommitted = false

    /// The journal at `path`, read backward from `end` (a byte offset just
    /// past a line; default: the end).
    ///
    /// - Parameter inventory: the inventory whose marker says which entries
    ///   are committed (later ones are skipped), read after the journal is
    ///   opened and once more at the first entry past it (a change may
    ///   commit meanwhile); `nil` when every line is committed.
    /// - Throws: ``FileError`` when the journal or the marker cannot be
    ///   read.
    init(path: String, inventory: (path: String, shownAs: String)? = nil, end: Int? = nil) throws(FileError) {
        reader = try JournalTailReader(path: path, end: end)
        self.inventory = inventory
        if let inventory {
            do {
                committed = try InventoryMarker.read(path: inventory.path, shownAs: inventory.shownAs)?.entry
            } catch {
                reader.close()
                throw error
            }
        }
    }

    /// The journal at `path`, read backward from the line of the entry a
    /// scan gave last (`after`: its id and where its line starts), as that
    /// scan would read on: the next entry must be the one before it.
    /// Every line is committed (under the lock, after the settle).
    init(path: String, after newer: (id: Int, offset: Int)?) throws(FileError) {
        try self.init(path: path, end: newer?.offset)
        self.newer = newer
    }

    func close() {
        reader.close()
    }

    /// The entry before the last one given (the newest at first), and where
    /// its line starts and ends (just past its line feed: where a read that
    /// should start with it begins); `nil` at the start of the journal.
    ///
    /// - Throws: ``Journal/Problem``: the file's error, or the diagnostic
    ///   of a line that is not an entry or whose id is out of order.
    mutating func previous() throws(Journal.Problem) -> (entry: JournalEntry, start: Int, end: Int)? {
        while true {
            let found: JournalTailReader.Line?
            do {
                found = try reader.previousLine()
            } catch {
                throw .file(error)
            }
            guard let line = found else { return nil }
            let checked = line.bytes.withUnsafeBufferPointer { bytes in
                JournalLine.check(bytes, isFinished: line.isFinished, file: reader.path, number: 0)
            }
            switch checked {
            case .unfinished(var diagnostic):
                diagnostic.location = place(diagnostic.location, line)
                warnings.append(diagnostic)
                continue
            case .tooLong(var diagnostic), .problem(var diagnostic):
                diagnostic.location = place(diagnostic.location, line)
                throw .invalid([diagnostic])
            case .entry(let entry, _):
                if let committed, entry.id > committed, try !isCommittedNow(entry.id) {
                    if !warnedUncommitted {
                        warnedUncommitted = true
                        let start = SourceLocation(file: reader.path, line: 0, column: 1)
                        warnings.append(JournalScan.uncommitted(entry.id, at: place(start, line)))
                    }
                    continue
                }
                if let newer, entry.id != newer.id - 1 {
                    let location = SourceLocation(
                        file: reader.path, line: reader.lineNumber(at: newer.offset), column: 1)
                    throw .invalid([JournalScan.outOfOrder(newer.id, after: entry.id, at: location)])
                }
                newer = (entry.id, line.offset)
                return (entry, line.offset, line.offset + line.bytes.count + 1)
            }
        }
    }

    /// Checks the last entry (what a change appends after) against the one
    /// before it: its id is one more, or 1 when it is the first. An empty
    /// journal passes.
    ///
    /// - Throws: ``Journal/Problem``: the file's error, or the diagnostic
    ///   of a line that is not an entry or whose id is out of order.
    mutating func checkLastFollowsPrevious() throws(Journal.Problem) {
        guard let last = try previous() else { return }
        if try previous() == nil, last.entry.id != 1 {
            let location = SourceLocation(file: reader.path, line: reader.lineNumber(at: last.start), column: 1)
            throw .invalid([JournalScan.outOfOrder(last.entry.id, after: 0, at: location)])
        }
    }

    /// Whether entry `id`, past the marker read at first, is committed by
    /// now: the marker is read again, once.
    private mutating func isCommittedNow(_ id: Int) throws(Journal.Problem) -> Bool {
        if let inventory, !rechecked {
            rechecked = true
            do {
                committed = try InventoryMarker.read(path: inventory.path, shownAs: inventory.shownAs)?.entry
            } catch {
                throw .file(error)
            }
        }
        return committed.map { id <= $0 } ?? true
    }

    /// `location` (a place in a line read as line 0) on the line's number
    /// in the file.
    private func place(_ location: SourceLocation, _ line: JournalTailReader.Line) -> SourceLocation {
        var location = location
        location.line = reader.lineNumber(at: line.offset)
        return location
    }
}
