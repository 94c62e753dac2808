/// Bounds that keep hostile input from exhausting time or memory.
///
/// Each one, when passed, ends the parse with a ``YAMLProblem/Kind/limit(_:)``
/// problem that names it.
public struct YAMLLimits: Sendable, Hashable {
    /// The largest input, in bytes.
    public var maxInputBytes: Int
    /// The deepest nesting of sequences and mappings; the root collection is
    /// at depth 1.
    public var maxDepth: Int
    /// How many times its own node count a document may grow to when its
    /// aliases are expanded.
    public var aliasExpansionFactor: Int
    /// Nodes that aliases may add on top of the factor, so that a small
    /// document may still reuse an anchor freely.
    public var aliasExpansionAllowance: Int

    /// Limits of your own; ``standard`` is what juice uses.
    public init(
        maxInputBytes: Int = 256 << 20,
        maxDepth: Int = 256,
        aliasExpansionFactor: Int = 10,
        aliasExpansionAllowance: Int = 1_000
    ) {
        self.maxInputBytes = maxInputBytes
        self.maxDepth = maxDepth
        self.aliasExpansionFactor = aliasExpansionFactor
        self.aliasExpansionAllowance = aliasExpansionAllowance
    }

    /// The limits documented in the README: 256 MiB, depth 256, ten times the
    /// node count plus 1,000 nodes.
    public static let standard = YAMLLimits()
}

/// Which limit an input passed.
public enum YAMLLimit: String, Sendable, Hashable {
    case inputSize = "input-size"
    case depth = "nesting-depth"
    case aliasExpansion = "alias-expansion"
}
