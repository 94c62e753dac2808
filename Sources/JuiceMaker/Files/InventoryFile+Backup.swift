internal import MarkedYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a backup copied of one inventory and its journal.
struct InventoryBackup: Sendable, Hashable {
    /// Whether the inventory file was there (no file: no entry took effect).
    var hasInventory = false
    /// The last entry copied; 0 for none.
    var lastEntry = 0
    /// The hash of the history copied (``JournalEntry/historyHash(after:)``); `""` for none.
    var history = ""
    /// Whether the journal was there to copy (none: no entry yet, and no
    /// copy of it).
    var hasJournal = false
}

extension InventoryFile {
    /// Copies the inventory to `inventoryCopy` and the journal's entries
    /// its stock includes (up to its marker; a killed writer's lines
    /// past it are left out) to `journalCopy`, under the lock, so that the
    /// copy is of one moment between changes. Nothing is written when
    /// there is no inventory file (or no folder for it).
    ///
    /// - Throws: ``BackupError/file(_:)`` when a file cannot be read or
    ///   written, ``BackupError/store(_:)`` with the journal's errors
    ///   when a line of it is no entry.
    func copyForBackup(inventoryTo inventoryCopy: String, journalTo journalCopy: String) throws(BackupError)
        -> InventoryBackup
    {
        // No folder: no inventory, and no change can have been made.
        guard !folderIsMissing else { return InventoryBackup() }
        let lock: FileLock
        let held: SourceFile.Contents
        do {
            lock = try takeLock()
            held = try SourceFile.contents(
                of: resolvedPath, shownAs: path, limit: YAMLLimits.standard.maxInputBytes, onlyRegular: true)
        } catch .notFound {
            return InventoryBackup()
        } catch {
            throw .file(error)
        }
        defer { lock.release() }
        guard case .bytes(let bytes) = held else {
            if case .tooLarge(let size) = held {
                throw .file(.unreadable(path: path, reason: .message(Message(.largerThanAnInventory, "\(size)"))))
            }
            return InventoryBackup()
        }
        let committed = InventoryMarker.parse(bytes.prefix(InventoryMarker.headBytes))?.entry
        let copied: InventoryBackup
        let diagnostics: [Diagnostic]
        do {
            (copied, diagnostics) = try copyJournal(committedThrough: committed, to: journalCopy)
        } catch {
            throw .file(error)
        }
        guard !diagnostics.containsErrors else { throw .store(.invalidData(diagnostics)) }
        do {
            try FileCopy.makeFolders(SystemPath.folder(of: inventoryCopy), path: inventoryCopy)
            try AtomicFile.replace(inventoryCopy, with: bytes, path: inventoryCopy)
        } catch {
            throw .file(error)
        }
        return copied
    }

    /// Copies the journal's entries through `committed` to `journalCopy`,
    /// written only when the journal has no line that is no entry, and
    /// not at all when there is no journal.
    ///
    /// - Returns: what was copied, and the journal's problems.
    private func copyJournal(committedThrough committed: Int?, to journalCopy: String) throws(FileError) -> (
        InventoryBackup, [Diagnostic]
    ) {
        guard journal.exists else { return (InventoryBackup(hasInventory: true), []) }
        try FileCopy.makeFolders(SystemPath.folder(of: journalCopy), path: journalCopy)
        let copy = try JournalCopy(path: journalCopy, appending: false)
        var (copied, diagnostics) = try journal.copyEntries(committedThrough: committed, to: copy)
        copied.hasJournal = true
        guard !diagnostics.containsErrors else {
            copy.abandon()
            return (copied, diagnostics)
        }
        try copy.commit()
        return (copied, diagnostics)
    }
}

extension Journal {
    /// Appends each entry through `committed` (all when `nil`) to `copy`,
    /// a line each, as the journal writes them.
    ///
    /// - Returns: what was copied, and the journal's problems.
    func copyEntries(committedThrough committed: Int?, to copy: JournalCopy) throws(FileError) -> (
        InventoryBackup, [Diagnostic]
    ) {
        var copied = InventoryBackup(hasInventory: true)
        var failure: FileError?
        let diagnostics = try read(committedThrough: committed) { entry in
            guard failure == nil else { return }
            do throws(FileError) {
                try copy.append(entry.line)
            } catch {
                failure = error
            }
            copied.lastEntry = entry.id
            copied.history = entry.historyHash(after: copied.history)
        }
        if let failure { throw failure }
        return (copied, diagnostics)
    }
}
