import Foundation
internal import MarkedYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `juice backup` and `juice restore` (SPEC 19): a store's menu files,
/// inventory and journal copied into a new dated folder, each inventory
/// and journal under the lock every change takes, the copy checked by
/// replaying its journal; and put back, under the same lock, never over
/// entries the backup lacks unless forced.
extension StoreService {
    /// The start of a backup folder's name, before the time it was taken.
    public static let backupFolderPrefix = "juice-backup-"

    /// Copies each store of `addresses` into a new folder under `folder`
    /// (made when missing): `juice-backup-` and the time in UTC
    /// (`2026-11-29T184500Z`), with `-2`, `-3`, ... after it when a backup
    /// of the same second is there. Each inventory and journal is copied
    /// under the inventory's lock; then the copy's menu is loaded, its
    /// journal checked to be the one read and to end at the entry its
    /// inventory names, and replayed from the menu's initial stock: what
    /// that leaves unexplained of the inventory (a hand edit not recorded
    /// yet) is recorded with the copy, for a restore to find it again.
    ///
    /// - Parameters:
    ///   - addresses: the stores, in the order the backup lists them.
    ///   - folder: the folder to make the backup's folder in.
    ///   - time: when the backup is taken, for its folder's name.
    /// - Returns: the folder and what it holds.
    /// - Throws: ``BackupError``; no folder is left behind.
    public func backup(_ addresses: [StoreAddress], into folder: String, time: JournalTime = .now)
        throws(BackupError) -> Backup
    {
        // Every menu read first: a store that cannot be opened is refused
        // before anything is written.
        var menus: [[String]] = []
        for address in addresses {
            do {
                _ = try open(address)
            } catch {
                throw .store(error)
            }
            menus.append(menuFiles(of: address))
        }
        let made = try makeBackupFolder(under: folder, time: time)
        do throws(BackupError) {
            var (record, backup) = try copyStores(addresses, menus: menus, into: made, time: time)
            for index in record.stores.indices {
                record.stores[index].unrecorded = try checkCopy(of: record.stores[index], in: made)
            }
            do {
                try FileCopy.write(record.text(), to: SystemPath.join(made, BackupRecord.fileName))
            } catch {
                throw .file(error)
            }
            return backup
        } catch {
            try? FileManager.default.removeItem(atPath: made)
            throw error
        }
    }

    /// Puts the backup in `folder` back: each store's menu files, journal
    /// and inventory, each file replaced atomically (the journal first: a
    /// crash before the inventory leaves the old one, whose marker the
    /// next change settles the journal by), under the inventory's lock.
    /// Every copy is checked first as ``backup(_:into:time:)`` checks it,
    /// and every store's journal and inventory under its lock: nothing is
    /// written unless all pass.
    ///
    /// - Parameters:
    ///   - folder: the backup's folder, as ``backup(_:into:time:)`` made it.
    ///   - force: restore over a store whose journal has entries the
    ///     backup lacks (or other ones), or whose inventory was edited
    ///     since, all the same.
    ///   - storeName: the one store of a chain's backup to put back (the
    ///     others' files untouched); `nil` for every store it holds.
    /// - Throws: ``BackupError``. When a check fails nothing was written
    ///   (several stores refused are ``BackupError/storesRefused(_:)``);
    ///   a file that cannot be written stops the restore there, each file
    ///   written whole or not at all. A `storeName` the backup does not
    ///   hold is ``StoreError/noSuchStore(name:manifestPath:known:)``.
    public func restore(from folder: String, force: Bool, store storeName: String? = nil) throws(BackupError)
        -> Restoration
    {
        var record = try readRecord(in: folder)
        if let storeName {
            let known = record.stores.map(\.name)
            record.stores = record.stores.filter { $0.name == storeName }
            if record.stores.isEmpty {
                let path = SystemPath.shown(SystemPath.join(folder, BackupRecord.fileName))
                throw .store(.noSuchStore(name: storeName, manifestPath: path, known: known))
            }
        }
        for store in record.stores {
            try checkReplay(of: store, unrecorded: try checkCopy(of: store, in: folder), in: folder)
        }
        // Each inventory's lock, taken once, in the order of the files
        // they lock (two restores never wait on each other in a circle),
        // held until all is written. A store whose folder is gone has
        // nothing to lose: it is made again.
        let files = record.stores.map { store in
            store.inventory.map { InventoryFile(path: $0, lockTimeout: lockTimeout) }.flatMap {
                $0.folderIsMissing ? nil : $0
            }
        }
        var locks: [FileLock] = []
        defer { for lock in locks { lock.release() } }
        do {
            let byTarget = Dictionary(files.compactMap { $0 }.map { ($0.resolvedPath, $0) }) { first, _ in first }
            for (_, file) in byTarget.sorted(by: { $0.key < $1.key }) { locks.append(try file.takeLock()) }
        } catch {
            throw .file(error)
        }
        var replaced: [Int] = []
        // Every store refused is named, not the first alone: a chain's
        // restore is refused whole, and each store is then seen to.
        var refusals: [BackupError] = []
        for (store, file) in zip(record.stores, files) {
            let current: CopyHistory
            do {
                current = try file?.readCopyHistory() ?? CopyHistory()
            } catch {
                throw .file(error)
            }
            replaced.append(current.last)
            guard !force, file != nil else { continue }
            do {
                try refuseOverOtherEntries(store, current: current, in: folder)
            } catch {
                switch error {
                case .newerEntries, .otherEntries, .otherStock, .otherMenu: refusals.append(error)
                default: throw error
                }
            }
        }
        if refusals.count == 1, let refusal = refusals.first { throw refusal }
        if !refusals.isEmpty { throw .storesRefused(refusals) }
        var restored: [Restoration.Store] = []
        for (store, replacedLast) in zip(record.stores, replaced) {
            do {
                let files = try put(store, from: folder)
                restored.append(
                    Restoration.Store(
                        name: store.name, files: files, lastEntry: store.lastEntry, replacedLastEntry: replacedLast))
            } catch {
                throw .file(error)
            }
        }
        return Restoration(folder: folder, stores: restored)
    }

    /// Refuses to restore `store` over a store whose journal (`current`)
    /// has entries past the backup's last, or other ones up to its own
    /// last; or, ending where the backup's does, whose inventory is not
    /// the backup's (edited by hand since, or made where the backup had
    /// none): what the restore would lose.
    private func refuseOverOtherEntries(_ store: BackupRecord.Store, current: CopyHistory, in folder: String)
        throws(BackupError)
    {
        guard !current.diagnostics.containsErrors else { throw .store(.invalidData(current.diagnostics)) }
        if current.last > store.lastEntry {
            throw .newerEntries(store: store.name, storeLast: current.last, backupLast: store.lastEntry)
        }
        let copied: String?
        do {
            copied = try history(
                of: Journal(path: BackupRecord.copy(of: store.journal ?? "", in: folder)), through: current.last)
        } catch {
            throw .file(error)
        }
        if copied != current.history { throw .otherEntries(store: store.name, storeLast: current.last) }
        for path in store.menuFiles {
            let live = try? SourceFile.contents(of: path, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true)
            let copy = try? SourceFile.contents(
                of: BackupRecord.copy(of: path, in: folder), limit: YAMLLimits.standard.maxInputBytes,
                onlyRegular: true)
            // A menu file gone is put back; one changed since is not, unasked.
            if let live, live != copy { throw .otherMenu(store: store.name, file: SystemPath.shown(path)) }
        }
        guard current.last == store.lastEntry, let inventory = store.inventory else { return }
        var copiedText: String?
        if store.hasInventory {
            do {
                copiedText = String(decoding: try Self.inventoryCopy(of: inventory, in: folder), as: UTF8.self)
            } catch {
                throw .file(error)
            }
        }
        if copiedText != current.text { throw .otherStock(store: store.name, storeLast: current.last) }
    }

    /// Makes the backup's new folder under `parent`: its name from `time`,
    /// `-2`, `-3`, ... after it while that name is taken (`mkdir` fails
    /// for a name that is there, so two backups never share one).
    private func makeBackupFolder(under parent: String, time: JournalTime) throws(BackupError) -> String {
        let base = SystemPath.join(
            parent, Self.backupFolderPrefix + time.description.replacingOccurrences(of: ":", with: ""))
        do {
            try FileCopy.makeFolders(parent, path: base)
        } catch {
            throw .file(error)
        }
        var name = base
        for number in 2...1000 {
            if mkdir(name, 0o777) == 0 { return name }
            guard errno == EEXIST else { throw .file(.creating(path: name, errno: errno, replacing: false)) }
            name = base + "-\(number)"
        }
        throw .file(.creating(path: name, errno: EEXIST, replacing: false))
    }

    /// Copies every store's files into `folder`: menus as they are, each
    /// inventory and journal under its lock (an inventory two stores share
    /// copied once).
    private func copyStores(_ addresses: [StoreAddress], menus: [[String]], into folder: String, time: JournalTime)
        throws(BackupError) -> (BackupRecord, Backup)
    {
        var record = BackupRecord(taken: time.description, stores: [])
        var backup = Backup(folder: folder, stores: [])
        var copiedInventories: [String: InventoryBackup] = [:]
        for (address, menuFiles) in zip(addresses, menus) {
            // Each file where the system finds it (see ``resolved(_:)``).
            let absoluteMenus = menuFiles.map(Self.resolved)
            do {
                for (file, absolute) in zip(menuFiles, absoluteMenus) {
                    try FileCopy.copy(file, to: BackupRecord.copy(of: absolute, in: folder))
                }
            } catch {
                throw .file(error)
            }
            var store = BackupRecord.Store(
                name: address.name ?? StoreAddress.oneStoreName,
                menu: address.menuPath.map(Self.resolved),
                menuFiles: absoluteMenus, hasInventory: false, lastEntry: 0, history: "")
            var files = menuFiles
            if let path = address.inventoryPath {
                let file = InventoryFile(path: path, lockTimeout: lockTimeout)
                let inventory = Self.resolved(path)
                let journal = Self.resolved(file.journal.path)
                store.inventory = inventory
                store.journal = journal
                let copied: InventoryBackup
                if let known = copiedInventories[inventory] {
                    copied = known
                } else {
                    copied = try file.copyForBackup(
                        inventoryTo: BackupRecord.copy(of: inventory, in: folder),
                        journalTo: BackupRecord.copy(of: journal, in: folder))
                    copiedInventories[inventory] = copied
                }
                (store.hasInventory, store.lastEntry, store.history) =
                    (copied.hasInventory, copied.lastEntry, copied.history)
                if copied.hasInventory { files.append(path) }
                if copied.hasJournal { files.append(file.journal.path) }
            }
            record.stores.append(store)
            backup.stores.append(Backup.Store(name: store.name, files: files, lastEntry: store.lastEntry))
        }
        return (record, backup)
    }

    /// The record of the backup in `folder`.
    ///
    /// - Throws: ``BackupError/notABackup(folder:record:)`` when it has none,
    ///   ``BackupError/invalidCopy(_:)`` for one that cannot be read as a
    ///   record; the folder's file error when it is not there.
    private func readRecord(in folder: String) throws(BackupError) -> BackupRecord {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw .file(.notFound(path: folder)) }
        let path = SystemPath.join(folder, BackupRecord.fileName)
        let contents: SourceFile.Contents
        do {
            contents = try SourceFile.contents(of: path, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true)
        } catch .notFound {
            throw .notABackup(folder: folder, record: BackupRecord.fileName)
        } catch {
            throw .file(error)
        }
        guard case .bytes(let bytes) = contents, let record = BackupRecord.read(bytes) else {
            // There, but not a record this juice wrote: damaged, or of
            // another format. Invalid data, not a folder without a backup.
            throw .invalidCopy([
                .error(.syntax, Message(.notABackupRecord, "\(SystemPath.shown(path))"), at: .start(of: path))
            ])
        }
        return record
    }

    /// Checks the copy of `store` in `folder`: its menu loads; its journal
    /// is the one recorded (the same last entry and history); and, when it
    /// has an inventory, the inventory loads and its marker names that
    /// last entry.
    ///
    /// - Returns: what the journal's entries, replayed from the menu's
    ///   initial stock, do not explain of the inventory's stock, by fruit:
    ///   what ``backup(_:into:time:)`` records, and ``restore(from:force:store:)``
    ///   finds again.
    /// - Throws: ``BackupError/invalidCopy(_:)`` with what disagrees, or a
    ///   copy's file error.
    private func checkCopy(of store: BackupRecord.Store, in folder: String) throws(BackupError) -> [String: Int] {
        var menu = Menu.builtin
        if let path = store.menu {
            let loaded: Loaded<Menu>
            do {
                loaded = try newLoader().load(path: BackupRecord.copy(of: path, in: folder))
            } catch {
                throw .file(error)
            }
            guard let value = loaded.value else { throw .invalidCopy(loaded.diagnostics) }
            menu = value
        }
        guard let inventory = store.inventory, let journalPath = store.journal else { return [:] }
        let journal = Journal(path: BackupRecord.copy(of: journalPath, in: folder))
        var (last, history) = (0, "")
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try journal.read { entry in
                last = entry.id
                history = entry.historyHash(after: history)
            }
        } catch {
            throw .file(error)
        }
        guard !diagnostics.containsErrors else { throw .invalidCopy(diagnostics) }
        // The record keeps the hash of the whole history, not one for each
        // entry: a copy of as many entries is said to differ, not where.
        guard last == store.lastEntry, history == store.history else {
            let message =
                last == store.lastEntry
                ? Message(.copyOtherEntries, "\(last)")
                : Message(.copyNotAsRecorded, "\(last)", "\(store.lastEntry)")
            throw .invalidCopy([.error(.invalidID, message, at: .start(of: journal.path))])
        }
        guard store.hasInventory else { return [:] }
        let path = BackupRecord.copy(of: inventory, in: folder)
        let bytes: [UInt8]
        do {
            bytes = try Self.inventoryCopy(of: inventory, in: folder)
        } catch {
            throw .file(error)
        }
        let marker = InventoryMarker.parse(bytes.prefix(InventoryMarker.headBytes))
        let read = Inventory.load(
            contents: .bytes(bytes), path: path, marker: marker, menu: menu, dropsRetired: false)
        guard let stock = read.loaded.value else { throw .invalidCopy(read.loaded.diagnostics) }
        if let marker, marker.entry != last {
            throw .invalidCopy([
                .error(
                    .invalidID, Message(.copyMarkerDisagrees, "\(marker.entry)", "\(last)"),
                    at: .start(of: path))
            ])
        }
        do {
            let replayed = try InventoryFile.replayed(journal, against: stock, menu: menu)
            return InventoryFile.changes(from: replayed, to: stock, menu: menu)
        } catch {
            switch error {
            case .file(let error): throw .file(error)
            case .invalidJournal(let diagnostics): throw .invalidCopy(diagnostics)
            default: throw .invalidCopy([])
            }
        }
    }

    /// Refuses a copy whose journal, replayed, does not give its inventory
    /// as it did when the backup was taken: what it leaves `unrecorded`
    /// (see ``checkCopy(of:in:)``) is not what the backup recorded.
    private func checkReplay(of store: BackupRecord.Store, unrecorded: [String: Int], in folder: String)
        throws(BackupError)
    {
        guard unrecorded != store.unrecorded, let inventory = store.inventory, let journal = store.journal else {
            return
        }
        let fruit = Set(unrecorded.keys).union(store.unrecorded.keys).sorted().first {
            unrecorded[$0] != store.unrecorded[$0]
        }
        let id = fruit ?? ""
        let off = (unrecorded[id] ?? 0) - (store.unrecorded[id] ?? 0)
        throw .invalidCopy([
            .error(
                .invalidQuantity,
                Message(.copyDoesNotReplay, "\(id)", "\(off > 0 ? "+" : "")\(off)", "\(SystemPath.shown(journal))"),
                at: .start(of: BackupRecord.copy(of: inventory, in: folder)))
        ])
    }

    /// The hash of `journal`'s history through entry `last` (`""` for 0,
    /// `nil` when it has no such entry).
    private func history(of journal: Journal, through last: Int) throws(FileError) -> String? {
        var history = ""
        var found = last == 0
        try journal.read { entry in
            guard entry.id <= last else { return }
            history = entry.historyHash(after: history)
            found = found || entry.id == last
        }
        return found ? history : nil
    }

    /// Writes `store`'s files back from the backup in `folder`, its lock
    /// held by the caller: the menu files, then the journal, then the
    /// inventory (or, for a store that had none, its journal and inventory
    /// removed).
    ///
    /// - Returns: the files written or removed.
    private func put(_ store: BackupRecord.Store, from folder: String) throws(FileError) -> [String] {
        var files: [String] = []
        for path in store.menuFiles {
            try FileCopy.copy(BackupRecord.copy(of: path, in: folder), to: path)
            files.append(path)
        }
        guard let inventory = store.inventory, let journalPath = store.journal else { return files }
        let file = InventoryFile(path: inventory, lockTimeout: lockTimeout)
        let target = file.resolvedPath
        guard store.hasInventory else {
            try Self.remove(file.journal.path)
            try Self.remove(target)
            return files + [inventory, journalPath]
        }
        try FileCopy.makeFolders(SystemPath.folder(of: target), path: inventory)
        // A store that had no journal has none again (a missing journal is an empty one).
        let journalCopy = Journal(path: BackupRecord.copy(of: journalPath, in: folder))
        if journalCopy.exists {
            let journal = try JournalCopy(path: file.journal.path, appending: false)
            _ = try journalCopy.copyEntries(committedThrough: nil, to: journal)
            try journal.commit()
        } else {
            try Self.remove(file.journal.path)
        }
        try AtomicFile.replace(target, with: try Self.inventoryCopy(of: inventory, in: folder), path: inventory)
        return files + [journalPath, inventory]
    }

    /// The bytes of the copy in `folder` of the inventory at `inventory`.
    ///
    /// - Throws: ``FileError`` when it cannot be read or is larger than an
    ///   inventory may be.
    private static func inventoryCopy(of inventory: String, in folder: String) throws(FileError) -> [UInt8] {
        let copy = BackupRecord.copy(of: inventory, in: folder)
        switch try SourceFile.contents(of: copy, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true) {
        case .bytes(let bytes): return bytes
        case .tooLarge(let size):
            throw .unreadable(path: copy, reason: .message(Message(.largerThanAnInventory, "\(size)")))
        }
    }

    /// Removes the file at `path`, if there is one.
    private static func remove(_ path: String) throws(FileError) {
        if unlink(path) != 0, errno != ENOENT { throw .creating(path: path, errno: errno, replacing: true) }
    }

    /// The file `path` names as the system finds it, absolute: links
    /// followed, then `..` (`recipes/S/../base.yaml`, `S` a link, is beside
    /// the link's target, not in `recipes`); the text folded only where no
    /// folder of it exists to follow.
    static func resolved(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/"), let here = getcwd(nil, 0) {
            absolute = String(cString: here) + "/" + path
            free(here)
        }
        return PathName.normalize(SystemPath.resolve(absolute))
    }
}
