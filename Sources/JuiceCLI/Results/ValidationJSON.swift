import JuiceMaker

/// The JSON of `juice validate`.
struct ValidationJSON: Encodable {
    var diagnostics: [Diagnostic]
}
