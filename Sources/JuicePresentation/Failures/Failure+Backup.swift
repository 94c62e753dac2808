import JuiceMaker

extension Failure {
    /// The failure of a backup or a restore: a restore over journal entries
    /// the backup lacks is refused (exit 1, nothing changed; each store
    /// refused said on a line of its own); a copy that
    /// does not load or replay is invalid data (exit 65); a folder that
    /// holds no backup is a missing file (exit 66), as a folder that is
    /// not there; files and stores fail as they do for every command.
    package init(_ error: BackupError, catalogue: Catalogue) {
        switch error {
        case .store(let error): self.init(error, making: false, catalogue: catalogue)
        case .file(let error): self.init(error, catalogue: catalogue)
        case .invalidCopy(let diagnostics): self = .invalidData(diagnostics)
        case .notABackup: self = .missingFile(error.message.map { catalogue($0) } ?? "")
        case .newerEntries, .otherEntries, .otherStock, .otherMenu:
            self = .refused(error.message.map { catalogue($0) } ?? "")
        case .storesRefused(let refusals):
            self = .refusedEach(refusals.compactMap { $0.message.map { catalogue($0) } })
        }
    }
}
