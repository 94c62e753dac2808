import JuiceMaker

/// The JSON of a failed command: `{"ok": false, "error": ..., ...}`.
package struct FailureJSON: Encodable, Sendable {
    var ok = false
    var error: String
    var message: String?
    var missing: [String: Int]?
    var diagnostics: [Diagnostic] = []

    /// A failure named `error` (`usage`, `invalid-data`, ...), with a
    /// message, the counts missing of a refused transaction, and diagnostics.
    package init(error: String, message: String? = nil, missing: [String: Int]? = nil, diagnostics: [Diagnostic] = []) {
        self.error = error
        self.message = message
        self.missing = missing
        self.diagnostics = diagnostics
    }
}
