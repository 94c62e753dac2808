import JuiceMaker

/// The JSON of a successful `make` or `adjust`: `{"ok": true, "inventory",
/// "diagnostics"}`, and under a dry run `dryRun` and `before`.
package struct TransactionJSON: Encodable, Sendable {
    var ok = true
    var dryRun: Bool?
    var before: StockJSON?
    var inventory: StockJSON
    var diagnostics: [Diagnostic]

    /// The answer to a transaction that took `menu`'s stock from `before`
    /// to `after`.
    package init(menu: Menu, before: Inventory, after: Inventory, dryRun: Bool, diagnostics: [Diagnostic]) {
        self.dryRun = dryRun ? true : nil
        self.before = dryRun ? before.json(for: menu) : nil
        inventory = after.json(for: menu)
        self.diagnostics = diagnostics
    }
}
