/// Why a backup was not taken, or a restore not made. A backup refused
/// leaves no folder behind; a restore refused changed nothing.
public enum BackupError: Error, Sendable, Hashable {
    /// A store could not be found or opened (its manifest, its menu).
    case store(StoreError)
    /// A file could not be read or written: a store's, the backup's
    /// folder, or a copy in it.
    case file(FileError)
    /// A copy does not load, or its journal does not replay to its
    /// inventory: a backup that would not give the store back.
    case invalidCopy([Diagnostic])
    /// The folder given to restore holds no backup's record.
    case notABackup(folder: String, record: String)
    /// A store's journal has entries past the backup's last one: a restore
    /// would lose them (`--force` to restore all the same).
    case newerEntries(store: String, storeLast: Int, backupLast: Int)
    /// A store's journal differs from the backup's at or before its last
    /// entry: it is not the history the backup was taken from.
    case otherEntries(store: String, storeLast: Int)
    /// A store whose journal ends where the backup's does, but whose
    /// inventory is not the backup's: edited by hand since (the next
    /// change would record it), or made where the backup had none.
    case otherStock(store: String, storeLast: Int)
    /// A menu file of the store is not the backup's copy: changed since (a
    /// menu pulled from the chain's repository, one other stores share),
    /// which a restore would put back for every store that reads it.
    case otherMenu(store: String, file: String)
    /// More than one store of a chain's backup refused, each for one of
    /// the reasons above, in the backup's order: every one is named (a
    /// store refused alone is thrown as its own reason).
    case storesRefused([BackupError])

    /// The sentence that says it; `nil` for the diagnostics of
    /// ``invalidCopy(_:)``, the store's error (said by its own) and
    /// ``storesRefused(_:)`` (said by each refusal's).
    public var message: Message? {
        switch self {
        case .store(let error): error.message
        case .file(let error): error.message
        case .invalidCopy, .storesRefused: nil
        case .notABackup(let folder, let record): Message(.notABackup, "\(folder)", "\(record)")
        case .newerEntries(let store, let storeLast, let backupLast):
            Message(.restoreNewerEntries, "\(store)", "\(storeLast)", "\(backupLast)")
        case .otherEntries(let store, let storeLast): Message(.restoreOtherEntries, "\(store)", "\(storeLast)")
        case .otherStock(let store, let storeLast): Message(.restoreOtherStock, "\(store)", "\(storeLast)")
        case .otherMenu(let store, let file): Message(.restoreOtherMenu, "\(store)", "\(file)")
        }
    }
}
