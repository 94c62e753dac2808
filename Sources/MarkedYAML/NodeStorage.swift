/// The nodes of a YAML stream, stored compactly: one array of fixed-size
/// records in document order (pre-order) and one array of all scalar bytes.
///
/// A ``Node`` is a view into it. Compared with a tree of values, this takes
/// two allocations for a whole document instead of one or more per node, and
/// keeps scalars as bytes until they are read.
///
/// What a schema reads node by node is `@usableFromInline`, so that a reader
/// in another module walks the nodes inlined and specialized, not through a
/// generic call and a reference count per step.
@usableFromInline
final class NodeStorage: Sendable {
    @usableFromInline let nodes: [RawNode]
    /// Every scalar's UTF-8 bytes, one after another.
    @usableFromInline let bytes: [UInt8]
    /// The explicit tags, by node index (most nodes have none).
    let tags: [UInt32: String]

    init(nodes: [RawNode], bytes: [UInt8], tags: [UInt32: String]) {
        self.nodes = nodes
        self.bytes = bytes
        self.tags = tags
    }

    /// The index after the last node of the subtree at `index`.
    @inlinable
    func end(of index: UInt32) -> UInt32 {
        nodes.end(of: index)
    }

    /// The node whose content `index` shows: an alias's anchored node, or
    /// `index` itself.
    @inlinable
    func target(of index: UInt32) -> UInt32 {
        nodes.target(of: index)
    }

    /// Runs `body` with the bytes of the scalar at `index` (a target, not an alias).
    @inlinable
    func withScalarBytes<T>(_ index: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let node = nodes[Int(index)]
        return bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(node.first)..<Int(node.first + node.second)]))
        }
    }
}

/// One node's record: 20 bytes.
@usableFromInline
struct RawNode: Sendable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case plainScalar
        /// A quoted or block scalar.
        case otherScalar
        case sequence
        case mapping
        /// An alias; `first` is the anchored node's index.
        case alias

        @inlinable var isCollection: Bool { self == .sequence || self == .mapping }
        @inlinable var isScalar: Bool { self == .plainScalar || self == .otherScalar }
    }

    @usableFromInline var kind: Kind
    /// Whether this node is the key of a duplicate pair, which readers skip.
    @usableFromInline var isDroppedKey = false
    /// 1-based.
    var line: UInt32
    /// 1-based, in Unicode scalars.
    var column: UInt32
    /// A scalar's first byte in ``NodeStorage/bytes``; an alias's target.
    @usableFromInline var first: UInt32 = 0
    /// A scalar's length in bytes; a collection's subtree end (the index
    /// after its last descendant).
    @usableFromInline var second: UInt32 = 0
}

extension [RawNode] {
    /// The index after the last node of the subtree at `index` (whose
    /// collections, if any, are finished).
    @inlinable
    func end(of index: UInt32) -> UInt32 {
        let node = self[Int(index)]
        return node.kind.isCollection ? node.second : index + 1
    }

    /// An alias's anchored node, or `index` itself.
    @inlinable
    func target(of index: UInt32) -> UInt32 {
        let node = self[Int(index)]
        return node.kind == .alias ? node.first : index
    }
}
