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

    /// Runs `transaction` on the current inventory and stores its result, all
    /// under the lock: the read, the transaction and the atomic replace.
    ///
    /// The lock and the write belong to the file the path finally reaches,
    /// so two names of one inventory (a link and its target) share one lock.
    /// Every successful transaction writes the whole inventory, even when no
    /// count changed: a count a person stated is then on record.
    ///
    /// - Parameters:
    ///   - droppingRetiredFruits: whether counts of fruits the menu no longer
    ///     has are dropped (and so cleaned out of the file) instead of making
    ///     it invalid.
    ///   - whileWaiting: called once when another process has held the lock
    ///     for a second (to say why nothing happens yet).
    /// - Returns: the inventory before and after, and the file's warnings.
    /// - Throws: ``InventoryUpdateError``; in every case the file is unchanged.
    ///   (A folder that cannot be flushed after the rename is no failure:
    ///   see ``InventoryUpdate/notFlushed``.)
    public func update(
        menu: Menu, droppingRetiredFruits: Bool = false, whileWaiting: () -> Void = {},
        _ transaction: (Inventory) throws(StockError) -> Inventory
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
        let after: Inventory
        do {
            after = try transaction(before)
        } catch {
            throw .refused(error)
        }
        var notFlushed: FileError?
        do {
            try AtomicFile.replace(target, with: after.yamlText(for: menu), path: path)
        } catch .notFlushed(let path, let reason) {
            // The new file is in place: the change is made, and said to be
            // not yet safe from a power loss.
            notFlushed = .notFlushed(path: path, reason: reason)
        } catch {
            throw .file(error)
        }
        return InventoryUpdate(
            before: before, after: after, diagnostics: loaded.diagnostics, retired: read.retired,
            notFlushed: notFlushed)
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
}
