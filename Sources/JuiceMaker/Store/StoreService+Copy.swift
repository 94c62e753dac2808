extension StoreService {
    /// The files of a store's copy made elsewhere (`juice-sync pull`'s),
    /// at `inventoryPath`: the inventory's text and the journal's entries
    /// its stock includes, read so that they agree (see
    /// ``InventoryFile/readWithJournal(after:)``).
    ///
    /// - Throws: ``FileError`` when they cannot be read.
    public func readCopy(inventoryPath: String) throws(FileError) -> InventoryWithJournal {
        try InventoryFile(path: inventoryPath, lockTimeout: lockTimeout).readWithJournal()
    }

    /// Writes a store's copy made elsewhere at `inventoryPath`: `lines`
    /// appended to its journal (or the journal replaced by them when
    /// `replacingJournal`), then the inventory replaced by `text` (see
    /// ``InventoryFile/writeCopy(text:journalLines:replacingJournal:)``).
    ///
    /// - Throws: ``FileError`` when a file cannot be written.
    public func writeCopy(
        inventoryPath: String, text: String, journalLines lines: [String], replacingJournal: Bool
    ) throws(FileError) {
        try InventoryFile(path: inventoryPath, lockTimeout: lockTimeout).writeCopy(
            text: text, journalLines: lines, replacingJournal: replacingJournal)
    }
}
