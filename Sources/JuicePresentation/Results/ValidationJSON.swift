import JuiceMaker

/// The JSON of `juice validate`: `{"diagnostics": [...]}`, or, when a file
/// could not be read, the failure's JSON (which carries the diagnostics too).
package struct ValidationJSON: Encodable, Sendable {
    package var diagnostics: [Diagnostic]
    /// Set when a file could not be read: then it is the whole answer.
    package var failure: FailureJSON?

    private enum CodingKeys: String, CodingKey {
        case diagnostics
    }

    /// `{"diagnostics"}`, or the failure's keys when a file could not be read.
    package func encode(to encoder: any Encoder) throws {
        if let failure {
            try failure.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(diagnostics, forKey: .diagnostics)
    }
}
