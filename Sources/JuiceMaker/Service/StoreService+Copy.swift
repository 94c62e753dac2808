extension StoreService {
    /// What the files of a store's copy made elsewhere (`juice-sync pull`'s)
    /// at `inventoryPath` hold: the inventory's text and the hash of the
    /// journal's history its stock includes (see
    /// ``InventoryFile/readCopyHistory()``).
    ///
    /// - Throws: ``FileError`` when they cannot be read.
    package func readCopyHistory(inventoryPath: String) throws(FileError) -> CopyHistory {
        try InventoryFile(path: inventoryPath, lockTimeout: lockTimeout).readCopyHistory()
    }
}

/// The lock of a copy's folder, held while one pull writes it: the
/// inventories' own ``FileLock`` on `.juice-sync-pull.lock` there.
package final class CopyLock {
    /// The lock file's name in the copy's folder.
    package static let name = ".juice-sync-pull.lock"

    private let lock: FileLock

    fileprivate init(_ lock: FileLock) {
        self.lock = lock
    }
}

extension StoreService {
    /// Takes the lock of the copy in `folder` (made when missing), waiting
    /// up to `timeout` seconds for another pull that holds it; released
    /// when the lock returned goes.
    ///
    /// - Throws: ``FileError/locked(lockPath:waitedSeconds:)`` when the wait
    ///   runs out; the errors of making the folder or the lock file (a link
    ///   in its place is not followed).
    package func lockCopy(folder: String, timeout: Double) throws(FileError) -> CopyLock {
        let path = SystemPath.join(folder, CopyLock.name)
        try FileCopy.makeFolders(folder, path: path)
        return CopyLock(try FileLock(path: path, shownPath: path, timeout: timeout))
    }
}
