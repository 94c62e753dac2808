import JuiceMaker

/// The JSON of a successful `make`, `adjust` or `undo`: `{"ok": true,
/// "inventory", "diagnostics"}`, under a dry run `dryRun` and `before`, and
/// for an undo `undoes`.
package struct TransactionJSON: Encodable, Sendable {
    var ok = true
    var dryRun: Bool?
    var before: StockJSON?
    var inventory: StockJSON
    /// The fruits the menu no longer has whose counts a prune dropped.
    var dropped: [String]?
    /// For an undo: the id of the journal entry it reversed.
    var undoes: Int?
    var diagnostics: [Diagnostic]

    /// The answer to a transaction that took `menu`'s stock from `before`
    /// to `after`, writing `entries` to the journal (none for a dry run).
    package init(
        menu: Menu, before: Inventory, after: Inventory, dryRun: Bool, dropped: [String] = [],
        entries: [JournalEntry] = [], diagnostics: [Diagnostic]
    ) {
        self.dropped = dropped.isEmpty ? nil : dropped
        // The change's own entry is the last; an `edit` may come before it.
        undoes = entries.last?.undoes
        self.dryRun = dryRun ? true : nil
        self.before = dryRun ? before.json(for: menu) : nil
        inventory = after.json(for: menu)
        self.diagnostics = diagnostics
    }
}
