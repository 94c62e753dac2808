/// What a `make`, `adjust` or `undo` did to a store's stock.
public struct StoreTransaction: Sendable {
    /// The stock before.
    public var before: Inventory
    /// The stock after: as written, or under a dry run as it would be.
    public var after: Inventory
    /// The fruits the menu no longer has whose counts were dropped.
    public var retired: [String] = []
    /// The journal entries written, the change's last (an `edit` for a
    /// hand edit may come first); none for a dry run.
    public var entries: [JournalEntry] = []
    /// The inventory file's warnings.
    public var diagnostics: [Diagnostic] = []
    /// Set when the new file is in place but its folder could not be
    /// flushed to disk: the change is made, but a power loss may undo it.
    public var notFlushed: FileError?
    /// Whether the change was made before, with the same idempotency key:
    /// nothing was written; ``entries`` holds that change's entry, and
    /// ``before`` and ``after`` are the stock around it.
    public var repeated = false
    /// For an undo, the entry it reverses (or under a dry run would);
    /// `nil` for an undo answered again for its key.
    public var undone: JournalEntry?
}
