/// The outcome of loading a file: the value, when it has no errors, and every
/// diagnostic found.
public struct Loaded<Value: Sendable>: Sendable {
    /// The value; `nil` when any diagnostic is an error.
    public var value: Value?
    /// Every problem found, errors and warnings, in file order.
    public var diagnostics: [Diagnostic]

    /// A loaded value and its diagnostics.
    public init(value: Value?, diagnostics: [Diagnostic]) {
        self.value = value
        self.diagnostics = diagnostics
    }
}
