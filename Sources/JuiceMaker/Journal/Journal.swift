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
public struct Journal: Sendable {
    /// The journal's path.
    public let path: String

    /// The journal at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The journal of the inventory at `inventoryPath`: `NAME.journal`.
    public init(besideInventory inventoryPath: String) {
        self.init(path: inventoryPath + ".journal")
    }

    /// Whether anything exists at the path; a missing journal is an empty
    /// one.
    public var exists: Bool {
        var info = stat()
        return stat(path, &info) == 0 || errno != ENOENT
    }

    /// The longest line read, in bytes; a longer one is a `limit` error.
    public static let maximumLineBytes = 1 << 20

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
    public func read(committedThrough committed: Int? = nil, _ body: (JournalEntry) -> Void) throws(FileError)
        -> [Diagnostic]
    {
        try read(committedThrough: committed, recheck: { committed }, body)
    }

    /// ``read(committedThrough:_:)`` without the inventory's lock: a change
    /// may commit while the journal is read. The last entries past
    /// `committed` are held back, and passed on after all when `recheck`
    /// (the inventory's last entry, read again at the end) includes them.
    func read(committedThrough committed: Int?, recheck: () -> Int?, _ body: (JournalEntry) -> Void)
        throws(FileError) -> [Diagnostic]
    {
        let reader = try JournalReader(path: path)
        defer { reader.close() }
        var scan = JournalScan(path: path, committed: committed)
        try reader.forEachLine { line, bytes, isFinished in
            scan.take(line: line, bytes, isFinished: isFinished, body)
        }
        scan.finish(committedNow: recheck(), body)
        return scan.report.diagnostics
    }

    /// ``read(committedThrough:_:)`` for a journal's bytes already in memory,
    /// as if they were the file at ``path``.
    @discardableResult
    public func read(contents: [UInt8], committedThrough committed: Int? = nil, _ body: (JournalEntry) -> Void)
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

/// The checks of reading a journal line by line: each line an entry, ids
/// in order, nothing past the last entry the inventory includes.
struct JournalScan {
    let path: String
    let committed: Int?
    private(set) var report = DiagnosticReport()
    private var previous = 0
    /// After a line that is not an entry, its id is unknown: the next entry
    /// may have any later id.
    private var lostTrack = false
    /// Entries past `committed`, at most ``heldBack`` of them, with their
    /// lines: held until the end (see ``finish(committedNow:_:)``).
    private var pending: [(entry: JournalEntry, line: Int)] = []
    private var warnedUncommitted = false

    /// The most entries held back: a change appends one or two (an `edit`
    /// and its own) before it commits.
    static let heldBack = 4

    init(path: String, committed: Int?) {
        self.path = path
        self.committed = committed
    }

    /// Checks one line (at most ``Journal/maximumLineBytes`` + 1 of its
    /// bytes), passing its entry to `body` when it is a good one.
    mutating func take(
        line: Int, _ bytes: UnsafeBufferPointer<UInt8>, isFinished: Bool, _ body: (JournalEntry) -> Void
    ) {
        let start = SourceLocation(file: path, line: line, column: 1)
        guard isFinished else {
            report.add(.warning(.syntax, Message(.unfinishedLine), at: start))
            return
        }
        guard bytes.count <= Journal.maximumLineBytes else {
            report.add(.error(.limit, Message(.lineTooLong, "\(Journal.maximumLineBytes)"), at: start))
            return
        }
        let reader = JournalLine(bytes: bytes, file: path, number: line)
        switch reader.entry() {
        case .problem(let diagnostic):
            report.add(diagnostic)
            lostTrack = true
        case .entry(let entry, let idOffset):
            if let committed, entry.id > committed {
                if pending.count < Self.heldBack {
                    pending.append((entry, line))
                } else {
                    warnUncommitted(entry.id, line: line)
                }
                return
            }
            guard entry.id == previous + 1 || (lostTrack && entry.id > previous) else {
                report.add(
                    .error(
                        .invalidID, Message(.entryOutOfOrder, "\(entry.id)", "\(previous + 1)"),
                        at: reader.location(idOffset)))
                previous = max(previous, entry.id)
                return
            }
            previous = entry.id
            lostTrack = false
            body(entry)
        }
    }

    /// Passes on the entries held back that `committedNow` includes, and
    /// warns of the first that it does not.
    mutating func finish(committedNow: Int?, _ body: (JournalEntry) -> Void) {
        for (entry, line) in pending {
            if let committedNow, entry.id <= committedNow, entry.id > previous {
                previous = entry.id
                body(entry)
            } else {
                warnUncommitted(entry.id, line: line)
            }
        }
        pending = []
    }

    private mutating func warnUncommitted(_ id: Int, line: Int) {
        guard !warnedUncommitted else { return }
        warnedUncommitted = true
        report.add(
            .warning(
                .syntax, Message(.uncommittedEntry, "\(id)"), at: SourceLocation(file: path, line: line, column: 1)))
    }
}

/// Diagnostics kept up to ``Schema/maximumDiagnostics``, the rest counted:
/// a journal of a million bad lines holds no million diagnostics.
struct DiagnosticReport {
    private(set) var kept: [Diagnostic] = []
    /// Where the first diagnostic not kept is.
    private var firstHidden: SourceLocation?
    private var hiddenCount = 0
    private var hiddenErrors = 0

    mutating func add(_ diagnostic: Diagnostic) {
        if kept.count < Schema.maximumDiagnostics {
            kept.append(diagnostic)
            return
        }
        hiddenCount += 1
        if diagnostic.severity == .error { hiddenErrors += 1 }
        if firstHidden == nil { firstHidden = diagnostic.location }
    }

    /// The kept diagnostics and, when some were not kept, one that counts
    /// them (an error when any of them is).
    var diagnostics: [Diagnostic] {
        guard let firstHidden else { return kept }
        let summary = Message(
            .moreProblems, "\(hiddenCount)", "\(hiddenErrors)", "\(Schema.maximumDiagnostics)")
        return kept + [Diagnostic(hiddenErrors > 0 ? .error : .warning, .limit, summary, at: firstHidden)]
    }
}

/// Reads a file line by line in large chunks.
struct JournalReader {
    private let descriptor: Int32
    let path: String

    /// Opens the journal; a missing file reads as empty.
    init(path: String) throws(FileError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 {
            guard errno == ENOENT else { throw .unreadable(path: path, reason: errorText(errno)) }
            return
        }
        var info = stat()
        if fstat(descriptor, &info) != 0 || info.st_mode & S_IFMT != S_IFREG {
            let reason = notRegularReason(info.st_mode & S_IFMT)
            closeDescriptor(descriptor)
            throw .unreadable(path: path, reason: reason)
        }
    }

    func close() {
        if descriptor >= 0 { closeDescriptor(descriptor) }
    }

    /// Calls `body` with each line as ``LineSplitter`` gives it.
    func forEachLine(_ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Void) throws(FileError) {
        guard descriptor >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var lines = LineSplitter()
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: errorText(errno))
            }
            if count == 0 { break }
            chunk.withUnsafeBufferPointer { lines.feed(UnsafeBufferPointer(rebasing: $0[..<count]), body) }
        }
        lines.finish(body)
    }
}

/// Splits bytes that come in pieces (a file's chunks, or all at once) into
/// lines: each line's number (from 1), its bytes without the line feed (only
/// the first ``Journal/maximumLineBytes`` + 1 of a longer line, enough to
/// know it is too long), and whether it ended with a line feed. Empty lines
/// are skipped. A line within one piece is passed without a copy.
struct LineSplitter {
    private var pending: [UInt8] = []
    private var overlong = false
    private var line = 1

    /// Passes on every line that `bytes` ends; keeps the rest for the next piece.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Void) {
        var start = 0
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if pending.isEmpty, !overlong {
                let kept = UnsafeBufferPointer(rebasing: bytes[start..<end].prefix(Journal.maximumLineBytes + 1))
                if !kept.isEmpty { body(line, kept, true) }
            } else {
                append(bytes[start..<end])
                pending.withUnsafeBufferPointer { if !$0.isEmpty { body(line, $0, true) } }
                pending.removeAll(keepingCapacity: true)
                overlong = false
            }
            line += 1
            start = end + 1
        }
        append(bytes[start...])
    }

    /// Passes on the last line when it has no line feed.
    mutating func finish(_ body: (Int, UnsafeBufferPointer<UInt8>, Bool) -> Void) {
        if !pending.isEmpty {
            pending.withUnsafeBufferPointer { body(line, $0, false) }
        }
    }

    /// Adds `bytes` to the line being gathered, keeping one byte past the
    /// longest line allowed so that an overlong line is known as one.
    private mutating func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        let room = Journal.maximumLineBytes + 1 - pending.count
        guard room > 0 else {
            overlong = true
            return
        }
        pending.append(contentsOf: bytes.prefix(room))
        if bytes.count > room { overlong = true }
    }
}

/// `close(2)`, for types that have a `close()` of their own.
func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
