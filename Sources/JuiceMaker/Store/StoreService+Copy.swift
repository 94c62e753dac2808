extension StoreService {
    /// What the files of a store's copy made elsewhere (`juice-sync pull`'s)
    /// at `inventoryPath` hold: the inventory's text and the hash of the
    /// journal's history its stock includes (see
    /// ``InventoryFile/readCopyHistory()``).
    ///
    /// - Throws: ``FileError`` when they cannot be read.
    public func readCopyHistory(inventoryPath: String) throws(FileError) -> CopyHistory {
        try InventoryFile(path: inventoryPath, lockTimeout: lockTimeout).readCopyHistory()
    }
}
