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

    /// The lock file beside the inventory: `NAME.lock`.
    public var lockPath: String { path + ".lock" }

    /// Reads the inventory; a missing file is the menu's initial stock.
    ///
    /// - Throws: ``FileError`` when the file exists but cannot be read.
    public func read(menu: Menu) throws(FileError) -> Loaded<Inventory> {
        do {
            return try Inventory.load(path: path, menu: menu)
        } catch .notFound {
            return Loaded(value: Inventory(initialStockOf: menu), diagnostics: [])
        }
    }

    /// Runs `transaction` on the current inventory and stores its result, all
    /// under the lock: the read, the transaction and the atomic replace.
    ///
    /// Nothing is written when the transaction throws or returns the same
    /// inventory.
    ///
    /// - Returns: the inventory before and after, and the file's warnings.
    /// - Throws: ``InventoryUpdateError``; in every case the file is unchanged.
    public func update(
        menu: Menu, _ transaction: (Inventory) throws(StockError) -> Inventory
    ) throws(InventoryUpdateError) -> InventoryUpdate {
        let lock: FileLock
        do {
            lock = try FileLock(path: lockPath, timeout: lockTimeout)
        } catch {
            throw .file(error)
        }
        defer { lock.release() }
        AtomicFile.removeLeftovers(of: path)
        let loaded: Loaded<Inventory>
        do {
            loaded = try read(menu: menu)
        } catch {
            throw .file(error)
        }
        guard let before = loaded.value else { throw .invalidInventory(loaded.diagnostics) }
        let after: Inventory
        do {
            after = try transaction(before)
        } catch {
            throw .refused(error)
        }
        if after != before {
            do {
                try AtomicFile.replace(path, with: after.yamlText(for: menu))
            } catch {
                throw .file(error)
            }
        }
        return InventoryUpdate(before: before, after: after, diagnostics: loaded.diagnostics)
    }
}

/// A change stored by ``InventoryFile/update(menu:_:)``.
public struct InventoryUpdate: Sendable, Hashable {
    /// The stock before the change.
    public var before: Inventory
    /// The stock after it, as written.
    public var after: Inventory
    /// The warnings the inventory file had.
    public var diagnostics: [Diagnostic]
}

/// Why ``InventoryFile/update(menu:_:)`` changed nothing.
public enum InventoryUpdateError: Error, Sendable, Hashable {
    /// The file could not be locked, read or replaced.
    case file(FileError)
    /// The file is not a valid inventory for the menu.
    case invalidInventory([Diagnostic])
    /// The transaction refused: not enough stock, or too much.
    case refused(StockError)
}
