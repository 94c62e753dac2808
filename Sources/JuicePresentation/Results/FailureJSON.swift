import JuiceMaker

/// The JSON of a failed command: `{"ok": false, "error": ..., ...}`.
package struct FailureJSON: Encodable, Sendable {
    package var ok = false
    package var error: String
    package var message: String?
    package var missing: [String: Int]?
    /// For a make refused for stock: per fruit short, how many in stock
    /// have expired and make nothing (only fruits with some).
    package var expired: [String: Int]?
    /// For an order received or cancelled already: the entry that did it.
    package var entry: Int?
    package var diagnostics: [Diagnostic] = []

    /// A failure named `error` (`usage`, `invalid-data`, ...), with a
    /// message, the counts missing of a refused transaction, and diagnostics.
    package init(error: String, message: String? = nil, missing: [String: Int]? = nil, diagnostics: [Diagnostic] = []) {
        self.error = error
        self.message = message
        self.missing = missing
        self.diagnostics = diagnostics
    }
}
