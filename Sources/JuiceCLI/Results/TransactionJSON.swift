import JuiceMaker

/// The JSON of a successful `make` or `adjust`: `{"ok": true, "inventory",
/// "diagnostics"}`, and under a dry run `dryRun` and `before`.
package struct TransactionJSON: Encodable, Sendable {
    var ok = true
    var dryRun: Bool?
    var before: StockJSON?
    var inventory: StockJSON
    /// The fruits the menu no longer has whose counts a prune dropped.
    var dropped: [String]?
    var diagnostics: [Diagnostic]

    /// The answer to a transaction that took `menu`'s stock from `before`
    /// to `after`.
    package init(
        menu: Menu, before: Inventory, after: Inventory, dryRun: Bool, dropped: [String] = [],
        diagnostics: [Diagnostic]
    ) {
        self.dropped = dropped.isEmpty ? nil : dropped
        self.dryRun = dryRun ? true : nil
        self.before = dryRun ? before.json(for: menu) : nil
        inventory = after.json(for: menu)
        self.diagnostics = diagnostics
    }
}
