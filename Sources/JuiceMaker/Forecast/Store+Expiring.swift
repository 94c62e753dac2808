/// A store's expiring lots and projected waste (`juice expiring`), through
/// the one door.
extension Store {
    /// The lots expiring within `request`'s window and the waste the
    /// forecast projects (see ``Expiring``).
    ///
    /// - Returns: what is expiring, and the inventory's and journal's
    ///   problems.
    /// - Throws: ``StoreError``: the inventory's, or the journal's when it
    ///   cannot be read.
    public func expiring(_ request: ExpiringRequest) throws(StoreError) -> (
        expiring: Expiring, diagnostics: [Diagnostic]
    ) {
        let reading = try readStock()
        let (expiring, diagnostics) = try readingJournal { journal throws(FileError) in
            try request.expiring(menu: menu, inventory: reading.inventory, dayStart: dayStart, journal: journal)
        }
        return (expiring, reading.diagnostics + diagnostics)
    }
}

/// A store's expiring lots, for `juice expiring --stores`.
extension StoreSnapshot {
    /// The store's expiring lots and projected waste as `request` asks,
    /// when its files were read without error; a journal that cannot be
    /// read is an error of the store's, as its problems are.
    public func expiring(_ request: ExpiringRequest) -> (expiring: Expiring?, diagnostics: [Diagnostic]) {
        guard isValid, let menu, let inventory else { return (nil, []) }
        return readingJournal { journal throws(FileError) in
            try request.expiring(menu: menu, inventory: inventory, dayStart: dayStart, journal: journal)
        }
    }
}
