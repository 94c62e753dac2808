/// A YAML node as loaded: a scalar, a sequence or a mapping, with the place
/// in the source where it starts.
///
/// Scalars stay text: no YAML 1.1 `yes`/`no` or number resolution happens
/// here, so a schema decides what a scalar means. An alias shows its anchored
/// node's content and tag at the alias's own place. A node is a small view
/// into its document's storage; reading it allocates only the strings asked for.
public struct Node: Sendable {
    @usableFromInline let storage: NodeStorage
    /// The node as written (an alias, or not).
    @usableFromInline let index: UInt32

    @inlinable
    init(_ storage: NodeStorage, _ index: UInt32) {
        self.storage = storage
        self.index = index
    }

    /// The node whose content this one shows.
    private var target: RawNode { storage.nodes[Int(storage.target(of: index))] }

    /// Where the node starts (for a key, where the key starts).
    public var mark: Mark {
        let node = storage.nodes[Int(index)]
        return Mark(line: Int(node.line), column: Int(node.column))
    }

    /// The explicit tag (`!!int` is `tag:yaml.org,2002:int`), or `nil` when
    /// the node has none.
    public var tag: String? {
        storage.tags.isEmpty ? nil : storage.tags[storage.target(of: index)]
    }

    /// The scalar, if this node is one.
    public var scalar: Scalar? {
        let targetIndex = storage.target(of: index)
        let node = storage.nodes[Int(targetIndex)]
        guard node.kind.isScalar else { return nil }
        let text = storage.withScalarBytes(targetIndex) { String(decoding: $0, as: UTF8.self) }
        return Scalar(text, isPlain: node.kind == .plainScalar)
    }

    /// Runs `body` with the scalar's UTF-8 bytes, if this node is a scalar:
    /// for a schema that reads many scalars without keeping them as strings.
    @inlinable
    public func withScalarBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        let targetIndex = storage.target(of: index)
        guard storage.nodes[Int(targetIndex)].kind.isScalar else { return nil }
        return storage.withScalarBytes(targetIndex, body)
    }

    /// Whether this node is a scalar whose text is `word`, however written.
    @inlinable
    public func isScalar(_ word: StaticString) -> Bool {
        withScalarBytes { bytes in word.withUTF8Buffer { Bytes.equal(bytes, $0) } } ?? false
    }

    /// Whether this node is a scalar written plain (no quotes, not a block
    /// scalar) and without a tag: one whose text a schema may read as a number.
    public var isPlainUntaggedScalar: Bool {
        storage.nodes[Int(storage.target(of: index))].kind == .plainScalar && tag == nil
    }

    /// The mapping's pairs, in source order (duplicate keys left out), if this
    /// node is a mapping.
    @inlinable
    public var pairs: Pairs? {
        let targetIndex = storage.target(of: index)
        guard storage.nodes[Int(targetIndex)].kind == .mapping else { return nil }
        return Pairs(storage: storage, mapping: targetIndex)
    }

    /// The sequence's items, if this node is a sequence.
    public var items: Items? {
        let targetIndex = storage.target(of: index)
        guard storage.nodes[Int(targetIndex)].kind == .sequence else { return nil }
        return Items(storage: storage, sequence: targetIndex)
    }

    /// What a node holds, built on demand (arrays of views): for tests that
    /// switch over a node's kind.
    enum Content: Sendable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
    }

    /// The node's content, built on demand.
    var content: Content {
        if let pairs { return .mapping(Array(pairs)) }
        if let items { return .sequence(Array(items)) }
        return .scalar(scalar ?? Scalar(""))
    }

    /// Whether this is a null in YAML's core schema: an untagged plain `~`,
    /// `null`, `Null`, `NULL` or nothing at all, or a node tagged `!!null`.
    public var isNull: Bool {
        let targetIndex = storage.target(of: index)
        let node = storage.nodes[Int(targetIndex)]
        guard node.kind.isScalar else { return false }
        let tag = tag
        if tag == "tag:yaml.org,2002:null" { return true }
        guard tag == nil, node.kind == .plainScalar else { return false }
        return storage.withScalarBytes(targetIndex) { bytes in
            switch bytes.count {
            case 0: return true
            case 1: return bytes[0] == UInt8(ascii: "~")
            case 4: return Self.nullWords.contains { $0.elementsEqual(bytes) }
            default: return false
            }
        }
    }

    private static let nullWords = ["null", "Null", "NULL"].map { Array($0.utf8) }

    /// A word for the node's kind, for messages: "a scalar", "a sequence",
    /// "a mapping" or "null".
    public var kindDescription: String {
        if isNull { return "null" }
        switch target.kind {
        case .plainScalar, .otherScalar, .alias: return "a scalar"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}

/// A scalar's text and how it was written.
public struct Scalar: Sendable, Hashable {
    /// The text after YAML's escapes and line folding.
    public var text: String
    /// Whether the scalar was written plain, i.e. with no quotes and not as a
    /// block (`|`, `>`) scalar.
    public var isPlain: Bool

    /// A scalar with this text, plain unless `isPlain` says otherwise.
    public init(_ text: String, isPlain: Bool = true) {
        self.text = text
        self.isPlain = isPlain
    }
}

/// One entry of a mapping, in source order.
public struct Pair: Sendable {
    /// The key node.
    public var key: Node
    /// The value node.
    public var value: Node

    /// A key and its value.
    @inlinable
    public init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }
}

extension Node {
    /// A mapping's pairs, read from the storage as they are visited.
    public struct Pairs: Collection, Sendable {
        @usableFromInline let storage: NodeStorage
        /// The first pair's index.
        public let startIndex: Index
        /// The index past the last pair.
        public let endIndex: Index

        /// A position: the index of a pair's key node.
        public struct Index: Comparable, Sendable {
            @usableFromInline let key: UInt32

            @inlinable
            init(key: UInt32) {
                self.key = key
            }

            /// Whether `lhs` comes before `rhs`.
            @inlinable
            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.key < rhs.key }
        }

        @inlinable
        init(storage: NodeStorage, mapping: UInt32) {
            self.storage = storage
            endIndex = Index(key: storage.nodes[Int(mapping)].second)
            startIndex = Self.firstKept(from: mapping + 1, storage: storage, end: endIndex.key)
        }

        /// The pair at `position`.
        @inlinable
        public subscript(position: Index) -> Pair {
            Pair(key: Node(storage, position.key), value: Node(storage, storage.end(of: position.key)))
        }

        /// The index of the next pair.
        @inlinable
        public func index(after position: Index) -> Index {
            let next = storage.end(of: storage.end(of: position.key))
            return Self.firstKept(from: next, storage: storage, end: endIndex.key)
        }

        /// The first pair at or after `key` whose key is not a dropped duplicate.
        @inlinable
        static func firstKept(from key: UInt32, storage: NodeStorage, end: UInt32) -> Index {
            var key = key
            while key < end, storage.nodes[Int(key)].isDroppedKey {
                key = storage.end(of: storage.end(of: key))
            }
            return Index(key: Swift.min(key, end))
        }
    }

    /// A sequence's items, read from the storage as they are visited.
    public struct Items: Collection, Sendable {
        let storage: NodeStorage
        /// The first item's index.
        public let startIndex: Index
        /// The index past the last item.
        public let endIndex: Index

        /// A position: the index of an item's node.
        public struct Index: Comparable, Sendable {
            let node: UInt32

            /// Whether `lhs` comes before `rhs`.
            public static func < (lhs: Index, rhs: Index) -> Bool { lhs.node < rhs.node }
        }

        init(storage: NodeStorage, sequence: UInt32) {
            self.storage = storage
            startIndex = Index(node: sequence + 1)
            endIndex = Index(node: storage.nodes[Int(sequence)].second)
        }

        /// The item at `position`.
        public subscript(position: Index) -> Node {
            Node(storage, position.node)
        }

        /// The index of the next item.
        public func index(after position: Index) -> Index {
            Index(node: storage.end(of: position.node))
        }
    }
}
