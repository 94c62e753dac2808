#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store's inventory file: read it, or change it under an exclusive lock
/// with an atomic write, so that concurrent processes never lose an update.
public struct InventoryFile: Sendable {
    /// The file's path, as the user gave it.
    public let path: String
    /// How long a change waits for another process's lock, in seconds.
    public var lockTimeout: Double

    /// - Parameters:
    ///   - path: the inventory file; it need not exist.
    ///   - lockTimeout: the longest wait for the lock, in seconds.
    public init(path: String, lockTimeout: Double = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// The file the path names once the system has followed its links:
    /// what a change locks, reads and replaces.
    public var resolvedPath: String { SystemPath.resolve(path) }

    /// The lock file, `NAME.lock` beside the file finally reached, as
    /// messages name it: beside the path as given, unless its last part is
    /// a link (then the two names would be different files).
    public var lockPath: String {
        var info = stat()
        let isLink = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        return (isLink ? resolvedPath : path) + ".lock"
    }

    /// Whether anything exists at the path (a file, or something a read
    /// will refuse); `false` means the menu's initial stock.
    public var exists: Bool {
        var info = stat()
        return stat(path, &info) == 0 || errno != ENOENT
    }

    /// Reads the inventory; a missing file is the menu's initial stock.
    ///
    /// - Throws: ``FileError`` when the file exists but cannot be read, or
    ///   is not a regular file.
    public func read(menu: Menu) throws(FileError) -> Loaded<Inventory> {
        try read(opening: path, menu: menu).loaded
    }

    /// Reads the inventory, and when `droppingRetiredFruits`, without the
    /// fruits the menu no longer has, which are otherwise `unknown-fruit`
    /// errors: what a prune would write.
    public func read(menu: Menu, droppingRetiredFruits: Bool) throws(FileError) -> InventoryRead {
        try read(opening: path, menu: menu, dropsRetired: droppingRetiredFruits)
    }

    private func read(
        opening file: String, menu: Menu, dropsRetired: Bool = false
    ) throws(FileError) -> InventoryRead {
        do {
            return try Inventory.load(path: path, opening: file, menu: menu, dropsRetired: dropsRetired)
        } catch .notFound {
            return InventoryRead(loaded: Loaded(value: Inventory(initialStockOf: menu), diagnostics: []))
        }
    }

    /// The journal, `NAME.journal` beside the file finally reached, as
    /// messages name it (see ``lockPath``). A name too long for the suffix
    /// (over 247 bytes) is cut, and a hash of the whole name keeps it its
    /// own.
    public var journal: Journal {
        let inventory = String(lockPath.dropLast(".lock".count))
        let name = SystemPath.lastComponent(of: inventory)
        let suffix = ".journal"
        guard name.utf8.count + suffix.utf8.count > Self.longestName else { return Journal(path: inventory + suffix) }
        let tag = "-" + StableHash.hex(StableHash.of(name)) + suffix
        var kept = Substring(name)
        while kept.utf8.count + tag.utf8.count > Self.longestName { kept = kept.dropLast() }
        let folder = String(decoding: inventory.utf8.dropLast(name.utf8.count), as: UTF8.self)
        return Journal(path: folder + kept + tag)
    }

    /// The longest file name most file systems take, in bytes.
    private static let longestName = 255

    /// Reads the journal's entries that the inventory includes, in order
    /// (see ``Journal/read(committedThrough:_:)``).
    ///
    /// - Returns: the journal's problems.
    @discardableResult
    public func readJournal(_ body: (JournalEntry) -> Void) throws(FileError) -> [Diagnostic] {
        // Read without the lock: a change may commit while the journal is read.
        let target = resolvedPath
        return try journal.read(
            committedThrough: InventoryMarker.read(path: target)?.entry,
            recheck: { InventoryMarker.read(path: target)?.entry },
            body)
    }

    /// Runs `transaction` on the current inventory and stores its result,
    /// recorded in the journal, all under the lock: the read, the
    /// transaction, the journal entry and the atomic replace.
    ///
    /// The lock and the write belong to the file the path finally reaches,
    /// so two names of one inventory (a link and its target) share one lock.
    /// Every successful transaction writes the whole inventory, even when no
    /// count changed: a count a person stated is then on record. A hand edit
    /// of the inventory since the last write is recorded first, as an entry
    /// of kind `edit`.
    ///
    /// - Parameters:
    ///   - droppingRetiredFruits: whether counts of fruits the menu no longer
    ///     has are dropped (and so cleaned out of the file) instead of making
    ///     it invalid.
    ///   - record: what the journal entry says made the change.
    ///   - time: when, for the journal.
    ///   - whileWaiting: called once when another process has held the lock
    ///     for a second (to say why nothing happens yet).
    /// - Returns: the inventory before and after, the entries written, and
    ///   the file's warnings.
    /// - Throws: ``InventoryUpdateError``; in every case the stock is
    ///   unchanged. (A folder that cannot be flushed after the rename is no
    ///   failure: see ``InventoryUpdate/notFlushed``.)
    public func update(
        menu: Menu, droppingRetiredFruits: Bool = false, record: JournalRecord, time: JournalTime = .now,
        whileWaiting: () -> Void = {}, _ transaction: (Inventory) throws(StockError) -> Inventory
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        try change(menu: menu, droppingRetiredFruits: droppingRetiredFruits, time: time, whileWaiting: whileWaiting) {
            before, _ throws(InventoryUpdateError) in
            do throws(StockError) {
                return (try transaction(before), record.draft)
            } catch {
                throw .refused(error)
            }
        }
    }

    /// Reverses journal entry `id` (default: the latest `make` or `adjust`
    /// not yet undone) as a new transaction of kind `undo`, all or nothing.
    ///
    /// - Throws: ``InventoryUpdateError/undo(_:)`` for an entry that does
    ///   not exist, was undone already or is itself an undo;
    ///   ``InventoryUpdateError/refused(_:)`` when the stock no longer allows
    ///   it.
    public func undo(menu: Menu, entry id: Int? = nil, time: JournalTime = .now, whileWaiting: () -> Void = {})
        throws(InventoryUpdateError) -> InventoryUpdate
    {
        try change(menu: menu, droppingRetiredFruits: false, time: time, whileWaiting: whileWaiting) {
            before, journal throws(InventoryUpdateError) in
            let target = try UndoTarget.find(id, in: journal)
            let changes = target.changes.sorted { $0.key < $1.key }.filter { menu.fruit(id: $0.key) != nil }
                .map { StockChange(fruit: $0.key, $0.value > 0 ? .remove($0.value) : .add(-$0.value)) }
            do throws(StockError) {
                return (try before.adjusted(by: changes), JournalEntry.Draft(kind: .undo, undoes: target.id))
            } catch {
                throw .refused(error)
            }
        }
    }

    /// The shared path of every change: lock, read, settle the journal,
    /// record a hand edit, run `body`, append its entry, replace the file.
    private func change(
        menu: Menu, droppingRetiredFruits: Bool, time: JournalTime, whileWaiting: () -> Void,
        _ body: (Inventory, Journal) throws(InventoryUpdateError) -> (Inventory, JournalEntry.Draft)
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        let target = resolvedPath
        let lock: FileLock
        do throws(FileError) {
            // Refused before waiting on anything: a device or a FIFO.
            try refuseIfNotRegular(target, shownAs: path)
            lock = try FileLock(
                path: target + ".lock", shownPath: lockPath, timeout: lockTimeout, whileWaiting: whileWaiting)
        } catch {
            throw .file(error)
        }
        defer { lock.release() }
        AtomicFile.removeLeftovers(of: target)
        let read: InventoryRead
        do {
            read = try self.read(opening: target, menu: menu, dropsRetired: droppingRetiredFruits)
        } catch {
            throw .file(error)
        }
        let loaded = read.loaded
        guard let before = loaded.value else { throw .invalidInventory(loaded.diagnostics) }
        let journal = self.journal
        let marker = InventoryMarker.read(path: target)
        var last: Int
        var entries: [JournalEntry] = []
        do throws(Journal.WriteError) {
            last = try journal.settle(committedThrough: marker?.entry)
        } catch {
            switch error {
            case .file(let error): throw .file(error)
            case .invalid(let diagnostics): throw .invalidJournal(diagnostics)
            }
        }
        if marker?.entry != last || marker?.matches(before, menu: menu) != true {
            // A hand edit, or a journal that does not explain the stock:
            // the difference is recorded first.
            let edit = try Self.unexplained(before, by: journal, menu: menu)
            if !edit.isEmpty {
                last += 1
                entries.append(JournalEntry(id: last, time: time, kind: .edit, changes: edit))
            }
        }
        let (after, draft) = try body(before, journal)
        last += 1
        entries.append(draft.entry(id: last, time: time, changes: Self.changes(from: before, to: after, menu: menu)))
        var notFlushed: FileError?
        do {
            try journal.append(entries)
            let marker = InventoryMarker(entry: last, inventory: after, menu: menu)
            try AtomicFile.replace(target, with: after.yamlText(for: menu, marker: marker), path: path)
        } catch .notFlushed(let path, let reason) {
            // The new file is in place: the change is made, and said to be
            // not yet safe from a power loss.
            notFlushed = .notFlushed(path: path, reason: reason)
        } catch {
            throw .file(error)
        }
        return InventoryUpdate(
            before: before, after: after, entries: entries, diagnostics: loaded.diagnostics, retired: read.retired,
            notFlushed: notFlushed)
    }

    /// Each fruit of the menu whose count differs, and by how much.
    static func changes(from before: Inventory, to after: Inventory, menu: Menu) -> [String: Int] {
        var changes: [String: Int] = [:]
        for fruit in menu.fruits where after[fruit.id] != before[fruit.id] {
            changes[fruit.id] = after[fruit.id] - before[fruit.id]
        }
        return changes
    }

    /// What the journal does not explain of `inventory`: its difference from
    /// the menu's initial stock changed by every entry.
    private static func unexplained(_ inventory: Inventory, by journal: Journal, menu: Menu)
        throws(InventoryUpdateError) -> [String: Int]
    {
        var expected = Inventory(initialStockOf: menu).counts
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try journal.read { entry in
                for (fruit, change) in entry.changes where expected[fruit] != nil {
                    expected[fruit, default: 0] &+= change
                }
            }
        } catch {
            throw .file(error)
        }
        guard !diagnostics.containsErrors else {
            throw .invalidJournal(diagnostics)
        }
        return changes(from: Inventory(counts: expected), to: inventory, menu: menu)
    }
}

/// An inventory as read, and the fruits it listed that the menu no longer
/// has, when those were to be dropped.
public struct InventoryRead: Sendable {
    /// The inventory and its diagnostics.
    public var loaded: Loaded<Inventory>
    /// The ids of the dropped fruits, in file order.
    public var retired: [String] = []
}

/// A change stored by ``InventoryFile/update(menu:droppingRetiredFruits:whileWaiting:_:)``.
public struct InventoryUpdate: Sendable, Hashable {
    /// The stock before the change.
    public var before: Inventory
    /// The stock after it, as written.
    public var after: Inventory
    /// The journal entries written: the change's, after an `edit` for a
    /// hand edit found first.
    public var entries: [JournalEntry]
    /// The warnings the inventory file had.
    public var diagnostics: [Diagnostic]
    /// The fruits the menu no longer has whose counts were dropped, when
    /// the update was asked to drop them.
    public var retired: [String] = []
    /// Set when the new file is in place but its folder could not be
    /// flushed to disk: the change is made, but a power loss may undo it.
    public var notFlushed: FileError?
}

/// Why ``InventoryFile/update(menu:droppingRetiredFruits:whileWaiting:_:)`` changed nothing.
public enum InventoryUpdateError: Error, Sendable, Hashable {
    /// The file could not be locked, read or replaced.
    case file(FileError)
    /// The file is not a valid inventory for the menu.
    case invalidInventory([Diagnostic])
    /// The transaction refused: not enough stock, or too much.
    case refused(StockError)
    /// The journal has a line that is not an entry.
    case invalidJournal([Diagnostic])
    /// An undo that cannot be done.
    case undo(UndoError)
}

extension InventoryUpdateError: CustomStringConvertible {
    /// What went wrong, in English, as `juice` says it: the file error, a
    /// line per diagnostic, the refusal or the undo's reason.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .invalidInventory(let diagnostics), .invalidJournal(let diagnostics):
            diagnostics.map(\.description).joined(separator: "\n")
        case .refused(let error): error.description
        case .undo(let error): error.description
        }
    }
}
