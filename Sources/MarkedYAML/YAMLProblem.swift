/// Something wrong with a YAML text, found while loading it.
public struct YAMLProblem: Error, Sendable, Hashable {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// The text is not YAML (libyaml's own error, or an undefined alias).
        case syntax
        /// A key that already appears earlier in the same mapping; `first` is
        /// where, `key` its text. The later pair is left out of the mapping.
        case duplicateKey(first: Mark, key: String)
        /// The input passed one of the ``YAMLLimits``.
        case limit(YAMLLimit)
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// What is wrong, in a sentence without a trailing period.
    public var message: String
    /// Where: for a duplicate key, the second occurrence.
    public var mark: Mark

    /// A problem of `kind` at `mark`.
    public init(_ kind: Kind, _ message: String, at mark: Mark) {
        self.kind = kind
        self.message = message
        self.mark = mark
    }

    /// Whether loading stopped at this problem (everything but a duplicate key).
    public var isFatal: Bool {
        if case .duplicateKey = kind { return false }
        return true
    }
}
