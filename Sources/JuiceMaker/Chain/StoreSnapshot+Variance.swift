/// A store's variance, for `juice variance --stores`.
extension StoreSnapshot {
    /// The store's variance over a period (see ``Variance``), when its
    /// files were read without error; a journal that cannot be read is an
    /// error of the store's, as its problems are.
    public func variance(since: JournalTime?, until: JournalTime?) -> (
        variance: Variance?, diagnostics: [Diagnostic]
    ) {
        guard isValid, let menu else { return (nil, []) }
        return readingJournal { journal throws(FileError) in
            try Variance.read(menu: menu, since: since, until: until, journal: journal)
        }
    }
}
