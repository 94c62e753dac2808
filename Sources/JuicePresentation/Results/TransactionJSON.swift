import JuiceMaker

/// The JSON of a successful `make`, `adjust` or `undo`: `{"ok": true,
/// "entry", "inventory", "diagnostics"}` (and `lots` for a stock with dated lots), under a dry run `dryRun` and
/// `before` (and no `entry`), and for an undo `undoes` (under a dry run,
/// the entry it would reverse), for `waste --expired` `thrownOut`.
package struct TransactionJSON: Encodable, Sendable {
    package var ok = true
    package var dryRun: Bool?
    package var before: StockJSON?
    package var inventory: StockJSON
    /// The lots after the change of each fruit with a dated lot (SPEC 18);
    /// left out when none has one.
    package var lots: [String: [FreshStockJSON.LotJSON]]?
    /// The fruits the menu no longer has whose counts a prune dropped.
    package var dropped: [String]?
    /// The id of the change's own journal entry, the one to undo it by.
    package var entry: Int?
    /// For an undo: the id of the journal entry it reversed.
    package var undoes: Int?
    /// For `waste --expired`: each fruit thrown out and how many (empty
    /// when nothing had expired).
    package var thrownOut: [String: Int]?
    package var diagnostics: [Diagnostic]

    /// The answer to a transaction that took `menu`'s stock from `before`
    /// to `after`, writing `entries` to the journal (none for a dry run).
    package init(
        menu: Menu, before: Inventory, after: Inventory, dryRun: Bool, dropped: [String] = [],
        entries: [JournalEntry] = [], undoes: Int? = nil, diagnostics: [Diagnostic]
    ) {
        self.dropped = dropped.isEmpty ? nil : dropped
        // The change's own entry is the last; an `edit` may come before it.
        entry = entries.last?.id
        self.undoes = entries.last?.undoes ?? undoes
        self.dryRun = dryRun ? true : nil
        self.before = dryRun ? before.json(for: menu) : nil
        inventory = after.json(for: menu)
        lots = FreshStockJSON.LotJSON.lots(of: after)
        self.diagnostics = diagnostics
    }

    /// Sets `thrownOut` for `waste --expired`'s change `done`: each fruit
    /// of `menu` it took out, and how many.
    package mutating func sayThrownOut(_ done: StoreTransaction, menu: Menu) {
        thrownOut = Dictionary(
            uniqueKeysWithValues: menu.fruits.map { ($0.id, done.before[$0.id] - done.after[$0.id]) }.filter {
                $0.1 != 0
            })
    }
}
