import JuiceMaker

/// A diagnostic as compilers print it, `file:line:column: error: message
/// [code]` and a line per note, in the user's language (the code never
/// changes).
package enum DiagnosticText {
    package static func lines(_ diagnostic: Diagnostic, _ text: Catalogue) -> [String] {
        let severity = text(diagnostic.severity == .error ? .error : .warning)
        return ["\(diagnostic.location): \(severity): \(text(diagnostic.explanation)) [\(diagnostic.code.rawValue)]"]
            + diagnostic.notes.map { "\($0.location): \(text(.note)): \(text($0.explanation))" }
    }
}
