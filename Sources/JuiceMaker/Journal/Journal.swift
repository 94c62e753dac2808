#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store's journal, `NAME.journal` beside its inventory `NAME`: JSON
/// Lines, one ``JournalEntry`` per change, appended under the inventory's
/// lock. A missing journal is an empty one.
///
/// An entry counts once the inventory that includes it is written: the
/// inventory records the id of its last entry (see ``InventoryMarker``).
/// A line past that id, or an unfinished last line, is what a writer
/// killed midway left; readers skip it, and the next change removes it.
struct Journal: Sendable {
    /// The journal's path.
    let path: String

    /// The journal at `path`.
    init(path: String) {
        self.path = path
    }

    /// The journal of the inventory at `inventoryPath`: `NAME.journal`.
    init(besideInventory inventoryPath: String) {
        self.init(path: inventoryPath + ".journal")
    }

    /// Whether anything exists at the path; a missing journal is an empty
    /// one.
    var exists: Bool {
        var info = stat()
        return stat(path, &info) == 0 || errno != ENOENT
    }

    /// Why the journal cannot be read back or take a change.
    enum Problem: Error {
        case file(FileError)
        /// A line that is not an entry, or out of order: the journal needs
        /// a person.
        case invalid([Diagnostic])
    }

    /// The longest line read, in bytes; a longer one is a `limit` error.
    static let maximumLineBytes = 1 << 20

    /// Reads the entries in order, passing each valid one to `body`, with
    /// memory bounded by the longest line, however long the journal.
    ///
    /// - Parameter committed: the id of the last entry the inventory
    ///   includes, if known: later lines are skipped with a warning.
    /// - Returns: the problems found: a line that is not an entry, an id out
    ///   of order (errors), an unfinished last line or entries past
    ///   `committed` (warnings).
    /// - Throws: ``FileError`` when the journal exists but cannot be read.
    @discardableResult
    func read(committedThrough committed: Int? = nil, _ body: (JournalEntry) -> Void) throws(FileError)
        -> [Diagnostic]
    {
        try read(committedThrough: committed, recheck: { committed }, body)
    }

    /// ``read(committedThrough:_:)`` without the inventory's lock: a change
    /// may commit while the journal is read. The last entries past
    /// `committed` are held back, and passed on after all when `recheck`
    /// (the inventory's last entry, read again at the end) includes them.
    func read(
        committedThrough committed: Int?, recheck: () throws(FileError) -> Int?, _ body: (JournalEntry) -> Void
    ) throws(FileError) -> [Diagnostic] {
        let reader = try JournalReader(path: path)
        defer { reader.close() }
        var scan = JournalScan(path: path, committed: committed)
        try reader.forEachLine { line, bytes, isFinished in
            scan.take(line: line, bytes, isFinished: isFinished, body)
        }
        scan.finish(committedNow: try recheck(), body)
        return scan.report.diagnostics
    }

    /// ``read(committedThrough:_:)`` for a journal's bytes already in memory,
    /// as if they were the file at ``path``.
    @discardableResult
    func read(contents: [UInt8], committedThrough committed: Int? = nil, _ body: (JournalEntry) -> Void)
        -> [Diagnostic]
    {
        var scan = JournalScan(path: path, committed: committed)
        var lines = LineSplitter()
        contents.withUnsafeBufferPointer { buffer in
            lines.feed(buffer) { scan.take(line: $0, $1, isFinished: $2, body) }
        }
        lines.finish { scan.take(line: $0, $1, isFinished: $2, body) }
        scan.finish(committedNow: committed, body)
        return scan.report.diagnostics
    }
}
