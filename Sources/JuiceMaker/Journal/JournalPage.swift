/// A page of a store's journal, newest first: up to a limit of the entries
/// before an id. The page is checked when it is made (every line from the
/// journal's end down to the page's last entry), then its entries are read
/// a few at a time with ``entries(upTo:)``, so that a front end writes them
/// as they come, in memory bounded by the few, however large the journal.
///
/// A page holds no open file: each ``entries(upTo:)`` reads from where the
/// last one stopped. The journal only grows at its end (and loses only
/// lines past the committed ones), so the page's bytes stay as checked.
public struct JournalPage: Sendable {
    /// The most entries a page may have.
    public static let maximumLimit = 1000
    /// The entries a page has unless asked for another number.
    public static let defaultLimit = 100

    /// The id to ask the next page's entries before (the id of this page's
    /// oldest entry), or `nil` when no older entry is left.
    public let next: Int?
    /// The journal's warnings met while checking: an unfinished last line,
    /// entries a change never committed (skipped).
    public let diagnostics: [Diagnostic]

    private let path: String
    /// Where the entries still to give end in the file: just past the line
    /// of the next one.
    private var end: Int
    private var remaining: Int

    /// A page of an empty journal.
    static let empty = JournalPage(path: "", next: nil, diagnostics: [], end: 0, remaining: 0)

    private init(path: String, next: Int?, diagnostics: [Diagnostic], end: Int, remaining: Int) {
        self.path = path
        self.next = next
        self.diagnostics = diagnostics
        self.end = end
        self.remaining = remaining
    }

    /// The page of the journal at `path` of the `limit` newest entries
    /// before id `before` (default: the newest of all).
    ///
    /// - Parameter inventory: the inventory whose marker says which entries
    ///   are committed.
    /// - Throws: ``Journal/Problem``: a file that cannot be read, or a line
    ///   from the end to the page's last entry that is not an entry.
    init(path: String, inventory: (path: String, shownAs: String), before: Int?, limit: Int) throws(Journal.Problem) {
        var scan: JournalTailScan
        do {
            scan = try JournalTailScan(path: path, inventory: inventory)
        } catch {
            throw .file(error)
        }
        defer { scan.close() }
        var start: Int?
        var count = 0
        var oldest: Int?
        var next: Int?
        while let (entry, _, end) = try scan.previous() {
            if let before, entry.id >= before { continue }
            guard count < limit else {
                next = oldest
                break
            }
            if start == nil { start = end }
            count += 1
            oldest = entry.id
        }
        self.init(path: path, next: next, diagnostics: scan.warnings, end: start ?? 0, remaining: count)
    }

    /// The page's next entries, up to `count` of them, newest first; none
    /// once the page is done.
    ///
    /// - Throws: ``StoreError`` when the journal cannot be read, or was
    ///   replaced by another since the page was checked.
    public mutating func entries(upTo count: Int) throws(StoreError) -> [JournalEntry] {
        guard remaining > 0, count > 0 else { return [] }
        var entries: [JournalEntry] = []
        do throws(Journal.Problem) {
            var scan: JournalTailScan
            do {
                scan = try JournalTailScan(path: path, end: end)
            } catch {
                throw .file(error)
            }
            defer { scan.close() }
            while entries.count < min(count, remaining), let (entry, start, _) = try scan.previous() {
                entries.append(entry)
                end = start
            }
        } catch {
            throw StoreError(InventoryUpdateError(error))
        }
        // A journal cut short since: the page ends here.
        remaining = entries.count < min(count, remaining) ? 0 : remaining - entries.count
        return entries
    }
}
