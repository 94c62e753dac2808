internal import MarkedYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store's inventory file: read it, or change it under an exclusive lock
/// with an atomic write, so that concurrent processes never lose an update.
struct InventoryFile: Sendable {
    /// The file's path, as the user gave it.
    let path: String
    /// How long a change waits for another process's lock, in seconds.
    var lockTimeout: Double
    /// Open documents that reads (not changes) take instead of the disk.
    var overlay = FileOverlay()
    /// Runs under the lock when a change's new file is written, just before
    /// it replaces the file (which must then still be the one read): a
    /// test's seam, to edit the file there as a person's editor would.
    var beforeReplace: @Sendable () -> Void = {}

    /// How many times in a row a change is made, the file having been
    /// edited by hand each time between its read and its replace, before it
    /// gives up (``FileError/changedMeanwhile(path:times:)``).
    static let attempts = 5

    /// - Parameters:
    ///   - path: the inventory file; it need not exist.
    ///   - lockTimeout: the longest wait for the lock, in seconds.
    init(path: String, lockTimeout: Double = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// The file the path names once the system has followed its links:
    /// what a change locks, reads and replaces.
    var resolvedPath: String { SystemPath.resolve(path) }

    /// The lock file, `NAME.lock` beside the file finally reached, as
    /// messages name it: beside the path as given, unless its last part is
    /// a link (then the two names would be different files).
    var lockPath: String {
        var info = stat()
        let isLink = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        return (isLink ? resolvedPath : path) + ".lock"
    }

    /// Whether anything exists at the path (a file, or something a read
    /// will refuse); `false` means the menu's initial stock.
    var exists: Bool {
        if overlay.contents(of: path) != nil { return true }
        var info = stat()
        return stat(path, &info) == 0 || errno != ENOENT
    }

    /// Reads the inventory; a missing file is the menu's initial stock.
    ///
    /// - Throws: ``FileError`` when the file exists but cannot be read, or
    ///   is not a regular file.
    func read(menu: Menu) throws(FileError) -> Loaded<Inventory> {
        try read(menu: menu, droppingRetiredFruits: false).loaded
    }

    /// Reads the inventory, and when `droppingRetiredFruits`, without the
    /// fruits the menu no longer has, which are otherwise `unknown-fruit`
    /// errors: what a prune would write.
    func read(menu: Menu, droppingRetiredFruits: Bool) throws(FileError) -> InventoryRead {
        do {
            return try Inventory.load(path: path, menu: menu, dropsRetired: droppingRetiredFruits, overlay: overlay)
        } catch .notFound {
            return Self.initialStock(of: menu)
        }
    }

    /// What a missing file reads as: the menu's initial stock.
    private static func initialStock(of menu: Menu) -> InventoryRead {
        InventoryRead(loaded: Loaded(value: Inventory(initialStockOf: menu), diagnostics: []))
    }

    /// Whether the folder that holds (or would hold) the file is missing:
    /// moved or removed, so that no change can be made. Anything else
    /// there (a file, no right to look) is left to the change to find.
    var folderIsMissing: Bool {
        var info = stat()
        return stat(SystemPath.folder(of: resolvedPath), &info) != 0 && errno == ENOENT
    }

    /// Refuses a change whose inventory `target` has no folder to be written in.
    private func refuseIfFolderMissing(_ target: String) throws(FileError) {
        var info = stat()
        if stat(SystemPath.folder(of: target), &info) != 0, errno == ENOENT { throw .folderMissing(path: path) }
    }

    /// The journal, `NAME.journal` beside the file finally reached, as
    /// messages name it (see ``lockPath``). A name too long for the suffix
    /// (over 247 bytes) is cut, and a hash of the whole name keeps it its
    /// own.
    var journal: Journal {
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
    func readJournal(_ body: (JournalEntry) -> Void) throws(FileError) -> [Diagnostic] {
        // Read without the lock: a change may commit while the journal is read.
        let target = resolvedPath
        return try journal.read(
            committedThrough: InventoryMarker.read(path: target, shownAs: path)?.entry,
            recheck: { () throws(FileError) in try InventoryMarker.read(path: target, shownAs: path)?.entry },
            body)
    }

    /// Reads the journal twice, in bounded memory but for the ids undone:
    /// first for what was undone, then each entry in order, with whether it
    /// counts in a sum of what happened (`usage`, `variance`): an entry
    /// undone, and an undo, count for nothing.
    ///
    /// - Parameters:
    ///   - settled: the last entry the inventory includes, when the caller
    ///     holds the lock and knows it; `nil` to read as the inventory's
    ///     mark says (``readJournal(_:)``).
    ///   - body: given each entry and whether it counts.
    /// - Returns: the journal's problems.
    @discardableResult
    func readJournalKnowingUndos(
        committedThrough settled: Int? = nil, _ body: (JournalEntry, _ counts: Bool) -> Void
    ) throws(FileError) -> [Diagnostic] {
        var undone: Set<Int> = []
        let diagnostics = try readJournal(committedThrough: settled) { entry in
            if let id = entry.undoes { undone.insert(id) }
        }
        try readJournal(committedThrough: settled) { entry in
            body(entry, entry.kind != .undo && !undone.contains(entry.id))
        }
        return diagnostics
    }

    /// The reader of `file`'s journal knowing its undos, or of no entry
    /// when there is no file.
    static func reader(of file: InventoryFile?) -> JournalWalk {
        { body throws(FileError) in try file?.readJournalKnowingUndos(body) ?? [] }
    }

    /// Reads the journal's entries that the inventory includes: through
    /// `settled` when the caller holds the lock and knows it, else as the
    /// inventory's mark says (``readJournal(_:)``).
    ///
    /// - Returns: the journal's problems.
    @discardableResult
    func readJournal(committedThrough settled: Int?, _ body: (JournalEntry) -> Void) throws(FileError)
        -> [Diagnostic]
    {
        guard let settled else { return try readJournal(body) }
        return try journal.read(committedThrough: settled, body)
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
    /// of kind `edit`; so is one made while the change is made (an editor
    /// takes no lock): the file the new one replaces is compared with the
    /// one read, and when they differ, it is put back and the change made
    /// again from it, up to five times in a row.
    ///
    /// - Parameters:
    ///   - droppingRetiredFruits: whether counts of fruits the menu no longer
    ///     has are dropped (and so cleaned out of the file) instead of making
    ///     it invalid.
    ///   - record: what the journal entry says made the change.
    ///   - key: the change's idempotency key: when an entry of the last 24
    ///     hours carries it, nothing is written and that change is answered
    ///     again (see ``InventoryUpdate/repeated``).
    ///   - time: when, for the journal.
    ///   - whileWaiting: called once when another process has held the lock
    ///     for a second (to say why nothing happens yet).
    /// - Returns: the inventory before and after, the entries written, and
    ///   the file's warnings.
    /// - Throws: ``InventoryUpdateError``; in every case the stock is
    ///   unchanged. (A folder that cannot be flushed after the rename is no
    ///   failure: see ``InventoryUpdate/notFlushed``.)
    ///   ``InventoryUpdateError/keyReused(_:entry:)`` when the key's entry
    ///   is another change (other orders, another reason, other counts).
    func update(
        menu: Menu, droppingRetiredFruits: Bool = false, record: JournalRecord, key: IdempotencyKey? = nil,
        time: JournalTime = .now, whileWaiting: () -> Void = {},
        _ transaction: (Inventory) throws(StockError) -> Inventory
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        // The same change: the same orders or reason, and the same counts
        // from the same stock (`kiwi=10` and `kiwi=+2` differ).
        func isSame(_ entry: JournalEntry, _ before: Inventory, _ after: Inventory) -> Bool {
            let draft = record.draft(after: after)
            guard entry.kind == draft.kind, entry.orders == draft.orders, entry.reason == draft.reason,
                entry.counted == draft.counted
            else {
                return false
            }
            guard draft.kind == .adjust else { return true }
            guard let result = try? transaction(before) else { return false }
            return menu.fruits.allSatisfy { result[$0.id] == after[$0.id] }
        }
        return try change(
            menu: menu, droppingRetiredFruits: droppingRetiredFruits, key: key, time: time, whileWaiting: whileWaiting,
            isSame: isSame
        ) { before, _ throws(InventoryUpdateError) in
            do throws(StockError) {
                let after = try transaction(before)
                return (after, record.draft(after: after))
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
    ///   ``InventoryUpdateError/keyReused(_:entry:)`` when `key`'s entry is
    ///   not an undo of the same entry.
    func undo(
        menu: Menu, entry id: Int? = nil, key: IdempotencyKey? = nil, time: JournalTime = .now,
        whileWaiting: () -> Void = {}
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        // The same change: an undo of the same entry (or of the latest).
        func isSame(_ entry: JournalEntry, _: Inventory, _: Inventory) -> Bool {
            entry.kind == .undo && (id == nil || entry.undoes == id)
        }
        var undone: JournalEntry?
        // The key's search reads the journal backward from its end; the
        // target's search goes along, and reads on only if it must.
        var search = UndoTarget.Search(id)
        func follow(_ entry: JournalEntry?, at start: Int) {
            search.take(entry, at: start)
        }
        func reverse(_ before: Inventory, _ journal: Journal) throws(InventoryUpdateError) -> (
            Inventory, JournalEntry.Draft
        ) {
            let target = try UndoTarget.find(continuing: search, in: journal)
            undone = target
            do throws(StockError) {
                return (
                    try UndoTarget.undoing(target, on: before, in: menu),
                    JournalEntry.Draft(kind: .undo, undoes: target.id)
                )
            } catch {
                throw .refused(error)
            }
        }
        var update = try change(
            menu: menu, droppingRetiredFruits: false, key: key, time: time, whileWaiting: whileWaiting, isSame: isSame,
            alongside: follow, reverse)
        update.undone = undone
        return update
    }

    /// What ``undo(menu:entry:key:time:whileWaiting:)`` would reverse,
    /// found by its rule without the lock, for a dry run: the journal read
    /// back from its end no further than the entry, so that a line the undo
    /// would refuse refuses the dry run too, and one before the entry is
    /// not read; entries the inventory does not include yet are skipped.
    ///
    /// - Returns: the entry, and the journal's warnings met on the way.
    /// - Throws: as ``undo(menu:entry:key:time:whileWaiting:)`` for the
    ///   entry and the journal.
    func undoTarget(entry id: Int? = nil) throws(InventoryUpdateError) -> (
        entry: JournalEntry, warnings: [Diagnostic]
    ) {
        try UndoTarget.find(id, in: journal, inventory: (resolvedPath, path))
    }

    /// The shared path of every change: lock, then make the change
    /// (``change(locked:attempt:menu:droppingRetiredFruits:key:time:isSame:alongside:_:)``),
    /// again while the file was edited by hand meanwhile.
    ///
    /// - Parameters:
    ///   - isSame: whether an entry that carries `key`, which took the
    ///     stock from `before` to `after`, is this change.
    ///   - alongside: given what the key's search reads of the journal (see
    ///     ``Journal/entry(withKey:before:alongside:)``).
    func change(
        menu: Menu, droppingRetiredFruits: Bool, key: IdempotencyKey?, time: JournalTime, whileWaiting: () -> Void,
        isSame: (_ entry: JournalEntry, _ before: Inventory, _ after: Inventory) -> Bool,
        alongside: (_ entry: JournalEntry?, _ start: Int) -> Void = { _, _ in },
        _ body: (Inventory, Journal) throws(InventoryUpdateError) -> (Inventory, JournalEntry.Draft)
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        try locked(whileWaiting: whileWaiting, attempts: Self.attempts) {
            target, attempt throws(InventoryUpdateError) in
            try change(
                locked: target, attempt: attempt, menu: menu, droppingRetiredFruits: droppingRetiredFruits,
                key: key, time: time, isSame: isSame, alongside: alongside, body)
        }
    }

    /// Takes the lock every change takes (`NAME.lock` beside the file the
    /// path reaches): for a change, and for a backup or a restore to read or
    /// write the inventory and its journal as no change is halfway through
    /// them. Refused before waiting on anything: a device or a FIFO, or a
    /// folder that is gone (the lock could not be made in it).
    ///
    /// - Throws: ``FileError``: the inventory is no regular file, its
    ///   folder is gone, or the lock stayed held past ``lockTimeout``.
    func takeLock(whileWaiting: () -> Void = {}) throws(FileError) -> FileLock {
        let target = resolvedPath
        try refuseIfNotRegular(target, shownAs: path)
        try refuseIfFolderMissing(target)
        return try FileLock(
            path: target + ".lock", shownPath: lockPath, timeout: lockTimeout, whileWaiting: whileWaiting)
    }

    /// Runs `body` under the file's lock, given the file the path reaches
    /// and the attempt, again while the file was edited by hand meanwhile,
    /// up to `attempts` times.
    func locked(
        whileWaiting: () -> Void, attempts: Int,
        _ body: (_ target: String, _ attempt: Int) throws(InventoryUpdateError) -> InventoryUpdate
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        let target = resolvedPath
        let lock: FileLock
        do throws(FileError) {
            lock = try takeLock(whileWaiting: whileWaiting)
        } catch {
            throw .file(error)
        }
        defer { lock.release() }
        AtomicFile.removeLeftovers(of: target)
        var attempt = 1
        while true {
            do {
                return try body(target, attempt)
            } catch .file(.changedMeanwhile) where attempt < attempts {
                attempt += 1
            }
        }
    }

    /// A change, under the lock of `target`, the file the path reaches, in
    /// its steps: read the file and its marker (`readLocked`), settle the
    /// journal to the marker, record a hand edit (`handEdit`), answer a key
    /// used before again (`repeated`), run `body`, then append the entries
    /// and swap the file in (`commit`), which the caller retries while the
    /// file was edited meanwhile.
    private func change(
        locked target: String, attempt: Int, menu: Menu, droppingRetiredFruits: Bool, key: IdempotencyKey?,
        time: JournalTime, isSame: (_ entry: JournalEntry, _ before: Inventory, _ after: Inventory) -> Bool,
        alongside: (_ entry: JournalEntry?, _ start: Int) -> Void,
        _ body: (Inventory, Journal) throws(InventoryUpdateError) -> (Inventory, JournalEntry.Draft)
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        let (locked, before, settled, handEdit) = try prepare(
            locked: target, menu: menu, droppingRetiredFruits: droppingRetiredFruits, time: time)
        let loaded = locked.read.loaded
        var entries = handEdit.entries
        if let key,
            let repeated = try Self.repeated(
                key, in: journal, stock: before, edit: handEdit.edit, time: time, menu: menu, alongside: alongside)
        {
            guard isSame(repeated.entry, repeated.before, repeated.after) else {
                throw .keyReused(key, entry: repeated.entry.id)
            }
            // Nothing is written, not even a hand edit found: a later change records it.
            return InventoryUpdate(
                before: repeated.before, after: repeated.after, entries: [repeated.entry],
                diagnostics: loaded.diagnostics, retired: locked.read.retired, repeated: true)
        }
        var (after, draft) = try body(before, journal)
        draft.key = key
        let last = try Self.id(in: journal, after: entries.last?.id ?? settled)
        entries.append(
            draft.entry(
                id: last, time: time, changes: Self.changes(from: before, to: after, menu: menu),
                lots: Inventory.lotChanges(from: before, to: after, menu: menu)))
        let notFlushed = try commit(
            entries, after: after, last: last, held: locked.held, target: target, attempt: attempt, settled: settled,
            menu: menu)
        return InventoryUpdate(
            before: before, after: after, entries: entries, diagnostics: loaded.diagnostics,
            retired: locked.read.retired, notFlushed: notFlushed)
    }

    /// A change's first steps under the lock of `target`: read the file
    /// and its marker, settle the journal to the marker, and find a hand
    /// edit, whose entry (if any) the change records before its own.
    ///
    /// - Returns: the file as read, the stock, the journal's last settled
    ///   entry, and the hand edit.
    func prepare(locked target: String, menu: Menu, droppingRetiredFruits: Bool, time: JournalTime)
        throws(InventoryUpdateError) -> (
            locked: LockedRead, before: Inventory, settled: Int,
            handEdit: (edit: [String: Int], entries: [JournalEntry])
        )
    {
        let locked = try readLocked(target, menu: menu, droppingRetiredFruits: droppingRetiredFruits)
        let loaded = locked.read.loaded
        guard let before = loaded.value else { throw .invalidInventory(loaded.diagnostics) }
        let settled: Int
        do throws(Journal.Problem) {
            settled = try journal.settle(committedThrough: locked.marker?.entry)
        } catch {
            throw InventoryUpdateError(error)
        }
        let handEdit = try Self.handEdit(
            of: before, marker: locked.marker, settled: settled, journal: journal, menu: menu, time: time)
        return (locked, before, settled, handEdit)
    }

    /// The inventory as a change under the lock finds it: its bytes, its
    /// marker, and the stock read from them.
    struct LockedRead {
        /// The file's contents, `nil` when there is none: what the swap
        /// compares the file with before replacing it.
        var held: SourceFile.Contents?
        /// The marker at the head of the file: the last entry it includes.
        var marker: InventoryMarker?
        /// The stock (the menu's initial stock without a file).
        var read: InventoryRead
    }

    /// Reads `target` once: the inventory, its marker, and what the swap
    /// compares the file with all come from these bytes. A file that
    /// cannot be read stops the change here: taken for no marker, the
    /// settle would keep a line that never took effect.
    private func readLocked(
        _ target: String, menu: Menu, droppingRetiredFruits: Bool
    ) throws(InventoryUpdateError) -> LockedRead {
        let held: SourceFile.Contents?
        do {
            held = try contents(of: target)
        } catch {
            throw .file(error)
        }
        guard let contents = held else { return LockedRead(held: nil, marker: nil, read: Self.initialStock(of: menu)) }
        var marker: InventoryMarker?
        if case .bytes(let bytes) = contents {
            marker = InventoryMarker.parse(bytes.prefix(InventoryMarker.headBytes))
        }
        let read = Inventory.load(
            contents: contents, path: path, marker: marker, menu: menu, dropsRetired: droppingRetiredFruits)
        return LockedRead(held: held, marker: marker, read: read)
    }

    /// A hand edit, or a journal that does not explain the stock: when the
    /// marker is not the journal's last settled entry or does not match
    /// the stock, the difference, and its entry (`edit`, after `settled`)
    /// to record before the change's.
    private static func handEdit(
        of stock: Inventory, marker: InventoryMarker?, settled: Int, journal: Journal, menu: Menu, time: JournalTime
    ) throws(InventoryUpdateError) -> (edit: [String: Int], entries: [JournalEntry]) {
        guard marker?.entry != settled || marker?.matches(stock, menu: menu) != true else { return ([:], []) }
        let expected = try replayed(journal, against: stock, menu: menu)
        let edit = changes(from: expected, to: stock, menu: menu)
        let lots = Inventory.lotChanges(from: expected, to: stock, menu: menu)
        guard !edit.isEmpty || lots != nil else { return (edit, []) }
        let id = try Self.id(in: journal, after: settled)
        return (edit, [JournalEntry(id: id, time: time, kind: .edit, changes: edit, lots: lots)])
    }

    /// Appends `entries` to the journal, then swaps in the inventory
    /// `after`, marked with entry `last`, unless the file is no longer
    /// `held` (edited meanwhile: the entries are cut off again, back to
    /// `settled`, and ``FileError/changedMeanwhile(path:times:)`` thrown,
    /// for the caller to try again).
    ///
    /// - Returns: the error of a swap made but not yet safe from a power
    ///   loss, if so.
    func commit(
        _ entries: [JournalEntry], after: Inventory, last: Int, held: SourceFile.Contents?, target: String,
        attempt: Int, settled: Int, menu: Menu
    ) throws(InventoryUpdateError) -> FileError? {
        var modeline: String?
        if case .bytes(let bytes)? = held { modeline = Inventory.schemaModeline(in: bytes) }
        do {
            try journal.append(entries)
            let marker = InventoryMarker(entry: last, inventory: after, menu: menu)
            try AtomicFile.replace(
                target, with: after.yamlText(for: menu, marker: marker, modeline: modeline), path: path,
                written: beforeReplace
            ) { replaced throws(FileError) in
                guard try contents(of: replaced) == held else { throw .changedMeanwhile(path: path, times: attempt) }
            }
            return nil
        } catch .notFlushed(let path, let reason) {
            // The new file is in place: the change is made, and said to be
            // not yet safe from a power loss.
            return .notFlushed(path: path, reason: reason)
        } catch .changedMeanwhile(let path, let times) {
            // Not left for the next change's settle: the edited file may
            // have lost its marker.
            do throws(Journal.Problem) {
                _ = try journal.settle(committedThrough: settled)
            } catch {
                throw InventoryUpdateError(error)
            }
            throw .file(.changedMeanwhile(path: path, times: times))
        } catch {
            throw .file(error)
        }
    }

    /// The bytes of the file at `target` (the inventory as the path
    /// reaches it, or the file a change replaced), `nil` when there is none.
    private func contents(of target: String) throws(FileError) -> SourceFile.Contents? {
        do {
            return try SourceFile.contents(
                of: target, shownAs: path, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true)
        } catch .notFound {
            return nil
        }
    }

    /// The change made before with `key` in the last 24 hours, if any: its
    /// entry and the stock just before and after it, worked back from the
    /// stock now (`stock`, less a hand `edit` found) by the changes of
    /// every entry after it.
    private static func repeated(
        _ key: IdempotencyKey, in journal: Journal, stock: Inventory, edit: [String: Int], time: JournalTime,
        menu: Menu, alongside: (_ entry: JournalEntry?, _ start: Int) -> Void
    ) throws(InventoryUpdateError) -> (entry: JournalEntry, before: Inventory, after: Inventory)? {
        let found: (entry: JournalEntry, since: [String: Int])?
        do {
            found = try journal.entry(withKey: key, before: time, alongside: alongside)
        } catch {
            throw InventoryUpdateError(error)
        }
        guard let (entry, since) = found else { return nil }
        var after: [String: Int] = [:]
        var before: [String: Int] = [:]
        for fruit in menu.fruits {
            after[fruit.id] = stock[fruit.id].subtractingSaturating(edit[fruit.id] ?? 0).subtractingSaturating(
                since[fruit.id] ?? 0)
            before[fruit.id] = after[fruit.id]!.subtractingSaturating(entry.changes[fruit.id] ?? 0)
        }
        return (entry, Inventory(counts: before), Inventory(counts: after))
    }

    /// Each fruit of the menu whose count differs, and by how much.
    static func changes(from before: Inventory, to after: Inventory, menu: Menu) -> [String: Int] {
        var changes: [String: Int] = [:]
        for fruit in menu.fruits where after[fruit.id] != before[fruit.id] {
            changes[fruit.id] = after[fruit.id].subtractingSaturating(before[fruit.id])
        }
        return changes
    }

    /// The id after `last` in `journal`, or the journal's error when it
    /// can take no more entries.
    static func id(in journal: Journal, after last: Int) throws(InventoryUpdateError) -> Int {
        do throws(Journal.Problem) {
            return try journal.id(after: last)
        } catch {
            throw InventoryUpdateError(error)
        }
    }

    /// The stock the journal explains: the menu's initial stock changed by
    /// every entry, lot by lot for a fruit with dated lots. What it does
    /// not explain of `inventory` is a hand edit.
    ///
    /// - Throws: ``InventoryUpdateError/invalidJournal(_:)`` for a journal
    ///   with errors, or one whose entries leave a fruit further from
    ///   `inventory` than one entry can record.
    static func replayed(_ journal: Journal, against inventory: Inventory, menu: Menu)
        throws(InventoryUpdateError) -> Inventory
    {
        var expected = Inventory(initialStockOf: menu)
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try journal.read { expected.replay($0) }
        } catch {
            throw .file(error)
        }
        guard !diagnostics.containsErrors else {
            throw .invalidJournal(diagnostics)
        }
        let edit = changes(from: expected, to: inventory, menu: menu)
        // Entries in range that leave a stock no count can be: a journal
        // made by hand, whose gap one entry could not record.
        let limit = Schema.maximumCount
        if let fruit = menu.fruits.first(where: { !(-limit...limit).contains(edit[$0.id] ?? 0) }) {
            throw .invalidJournal([
                .error(
                    .invalidQuantity,
                    Message(.journalLeaves, "\(fruit.id)", "\(expected[fruit.id])", "\(inventory[fruit.id])"),
                    at: .start(of: journal.path))
            ])
        }
        return expected
    }
}

/// An inventory as read, and the fruits it listed that the menu no longer
/// has, when those were to be dropped.
struct InventoryRead: Sendable {
    /// The inventory and its diagnostics.
    var loaded: Loaded<Inventory>
    /// The ids of the dropped fruits, in file order.
    var retired: [String] = []
}

/// A change stored by ``InventoryFile/update(menu:droppingRetiredFruits:whileWaiting:_:)``.
struct InventoryUpdate: Sendable, Hashable {
    /// The stock before the change.
    var before: Inventory
    /// The stock after it, as written.
    var after: Inventory
    /// The journal entries written: the change's, after an `edit` for a
    /// hand edit found first.
    var entries: [JournalEntry]
    /// The warnings the inventory file had.
    var diagnostics: [Diagnostic]
    /// The fruits the menu no longer has whose counts were dropped, when
    /// the update was asked to drop them.
    var retired: [String] = []
    /// Set when the new file is in place but its folder could not be
    /// flushed to disk: the change is made, but a power loss may undo it.
    var notFlushed: FileError?
    /// Whether the change was made before, with the same idempotency key:
    /// nothing was written, ``entries`` is that change's entry, and
    /// ``before`` and ``after`` the stock around it.
    var repeated = false
    /// For an undo: the entry it reversed (`nil` when ``repeated``).
    var undone: JournalEntry?
}

/// Why a change to a ``FruitStore``'s inventory file changed nothing.
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
    /// The idempotency key was used in the last 24 hours for another
    /// change, journal entry `entry`.
    case keyReused(IdempotencyKey, entry: Int)
    /// An order that cannot be received or cancelled.
    case order(OrderBookError)
    /// An order to place that has no line: nothing was written.
    case nothingToOrder
    /// A till's export with a row that cannot be read: nothing of it was
    /// booked.
    case invalidSales(Diagnostic)

    /// The error of a journal that cannot be read back or take a change.
    init(_ problem: Journal.Problem) {
        switch problem {
        case .file(let error): self = .file(error)
        case .invalid(let diagnostics): self = .invalidJournal(diagnostics)
        }
    }
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
        case .keyReused(let key, let entry): Message(.keyReused, "\(key)", "\(entry)").description
        case .order(let error): error.message.description
        case .nothingToOrder: Message(.nothingToOrder).description
        case .invalidSales(let diagnostic): diagnostic.description
        }
    }
}
