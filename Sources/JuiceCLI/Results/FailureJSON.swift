import JuiceMaker

/// The JSON of a failed command: `{"ok": false, "error": ..., ...}`.
struct FailureJSON: Encodable {
    var ok = false
    var error: String
    var message: String?
    var missing: [String: Int]?
    var diagnostics: [Diagnostic] = []
}
