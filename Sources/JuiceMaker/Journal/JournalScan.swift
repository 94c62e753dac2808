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
    /// The first entry past `committed` that did not fit among the
    /// ``pending`` (an import appends thousands before it commits).
    private var firstNotHeld: (id: Int, line: Int)?
    private var warnedUncommitted = false
    /// The orders so far: a cancel or a delivery names an open one.
    private var orders = OrderBook()

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
        switch JournalLine.check(bytes, isFinished: isFinished, file: path, number: line) {
        case .unfinished(let diagnostic), .tooLong(let diagnostic):
            report.add(diagnostic)
        case .problem(let diagnostic):
            report.add(diagnostic)
            lostTrack = true
        case .entry(let entry, let idOffset):
            if let committed, entry.id > committed {
                if pending.count < Self.heldBack {
                    pending.append((entry, line))
                } else if firstNotHeld == nil {
                    firstNotHeld = (entry.id, line)
                }
                return
            }
            guard entry.id - 1 == previous || (lostTrack && entry.id > previous) else {
                report.add(
                    Self.outOfOrder(
                        entry.id, after: previous,
                        at: JournalLine(bytes: bytes, file: path, number: line).location(idOffset)))
                previous = max(previous, entry.id)
                return
            }
            previous = entry.id
            lostTrack = false
            pass(entry, line: line, body)
        }
    }

    /// Passes `entry`, of line `line`, to `body`, after the checks that
    /// need the entries before it.
    private mutating func pass(_ entry: JournalEntry, line: Int, _ body: (JournalEntry) -> Void) {
        if let problem = orders.take(entry) {
            report.add(.error(.invalidID, problem, at: SourceLocation(file: path, line: line, column: 1)))
        }
        body(entry)
    }

    /// Passes on the entries held back that `committedNow` includes, and
    /// warns of the first that it does not. When `committedNow` includes
    /// an entry that was not held (a large change committed while the
    /// journal was read), none is passed and none is warned of: the read
    /// is the book as it was when it began, never part of that change.
    mutating func finish(committedNow: Int?, _ body: (JournalEntry) -> Void) {
        defer {
            pending = []
            firstNotHeld = nil
        }
        if let firstNotHeld, let committedNow, firstNotHeld.id <= committedNow { return }
        for (entry, line) in pending {
            if let committedNow, entry.id <= committedNow, entry.id > previous {
                previous = entry.id
                pass(entry, line: line, body)
            } else {
                warnUncommitted(entry.id, line: line)
            }
        }
        if let firstNotHeld { warnUncommitted(firstNotHeld.id, line: firstNotHeld.line) }
    }

    private mutating func warnUncommitted(_ id: Int, line: Int) {
        guard !warnedUncommitted else { return }
        warnedUncommitted = true
        report.add(Self.uncommitted(id, at: SourceLocation(file: path, line: line, column: 1)))
    }

    /// The warning for the first entry, `id`, past the last one the
    /// inventory includes: it and those after it never took effect.
    static func uncommitted(_ id: Int, at location: SourceLocation) -> Diagnostic {
        .warning(.syntax, Message(.uncommittedEntry, "\(id)"), at: location)
    }

    /// The error for an entry whose id is `id` where the one after
    /// `previous` (0 at the start) belongs. `previous` may be the largest
    /// id: the one after it is said, not worked out in `Int`.
    static func outOfOrder(_ id: Int, after previous: Int, at location: SourceLocation) -> Diagnostic {
        .error(.invalidID, Message(.entryOutOfOrder, "\(id)", "\(UInt(previous) + 1)"), at: location)
    }

    /// The error for a change to a journal whose last entry, `id`, has the
    /// largest id there is: no entry can follow it.
    static func lastID(_ id: Int, at location: SourceLocation) -> Diagnostic {
        .error(.limit, Message(.lastEntryID, "\(id)"), at: location)
    }
}
