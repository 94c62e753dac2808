/// A store's variance, for `juice variance --stores`.
extension StoreSnapshot {
    /// The store's variance over a period (see ``Variance``), when its
    /// files were read without error; a journal that cannot be read is an
    /// error of the store's, as its problems are.
    public func variance(since: JournalTime?, until: JournalTime?) -> (
        variance: Variance?, diagnostics: [Diagnostic]
    ) {
        guard isValid, let menu else { return (nil, []) }
        let file = store.inventoryPath.map { InventoryFile(path: $0) }
        do {
            return try Variance.read(menu: menu, since: since, until: until) { body throws(FileError) in
                try file?.readJournalKnowingUndos(body) ?? []
            }
        } catch {
            return (
                nil,
                [
                    .error(
                        .missingFile, Message(.storeInventoryUnreadable, "\(store.name)", .message(error.message)),
                        at: store.location)
                ]
            )
        }
    }
}
