/// A YAML node as loaded: a scalar, a sequence or a mapping, with the place
/// in the source where it starts.
///
/// Scalars stay text: no YAML 1.1 `yes`/`no` or number resolution happens
/// here, so a schema decides what a scalar means. Aliases are resolved to a
/// copy of the anchored node (copies share storage).
public struct Node: Sendable {
    /// What a node holds.
    public enum Content: Sendable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    /// The node's content.
    public var content: Content
    /// Where the node starts (for a key, where the key starts).
    public var mark: Mark
    /// The explicit tag (`!!int` is `tag:yaml.org,2002:int`), or `nil` when
    /// the node has none.
    public var tag: String?

    public init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }
}

/// A scalar's text and how it was written.
public struct Scalar: Sendable, Hashable {
    /// The text after YAML's escapes and line folding.
    public var text: String
    /// Whether the scalar was written plain, i.e. with no quotes and not as a
    /// block (`|`, `>`) scalar.
    public var isPlain: Bool

    public init(_ text: String, isPlain: Bool = true) {
        self.text = text
        self.isPlain = isPlain
    }
}

/// One entry of a mapping, in source order.
public struct Pair: Sendable {
    public var key: Node
    public var value: Node

    public init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }
}

extension Node {
    /// The scalar, if this node is one.
    public var scalar: Scalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The mapping's pairs, if this node is a mapping.
    public var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The sequence's items, if this node is a sequence.
    public var items: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// Whether this is a null in YAML's core schema: an untagged plain `~`,
    /// `null`, `Null`, `NULL` or nothing at all, or a node tagged `!!null`.
    public var isNull: Bool {
        guard let scalar else { return false }
        if tag == "tag:yaml.org,2002:null" { return true }
        guard tag == nil, scalar.isPlain else { return false }
        switch scalar.text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A word for the node's kind, for messages: "a scalar", "a sequence",
    /// "a mapping" or "null".
    public var kindDescription: String {
        if isNull { return "null" }
        switch content {
        case .scalar: return "a scalar"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}
