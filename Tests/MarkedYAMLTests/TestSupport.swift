@testable import MarkedYAML

// Small lookups that keep the tests about behaviour rather than about
// unwrapping the node tree.

extension Node {
    /// The value of the first pair whose key is the scalar `key`.
    subscript(key: String) -> Node? {
        pairs?.first { $0.key.scalar?.text == key }?.value
    }

    /// The key node of the first pair whose key is the scalar `key`.
    func keyNode(_ key: String) -> Node? {
        pairs?.first { $0.key.scalar?.text == key }?.key
    }

    /// The item at `index`, if this is a sequence long enough.
    subscript(index: Int) -> Node? {
        guard let items = items.map(Array.init), items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The scalar's text, if this node is a scalar.
    var text: String? { scalar?.text }
}

extension YAMLStream {
    /// The root of the only document; `nil` unless there is exactly one.
    var onlyRoot: Node? {
        documents.count == 1 ? documents[0].root : nil
    }
}

/// A 1-based mark, shorter to write in expectations.
func at(_ line: Int, _ column: Int) -> Mark {
    Mark(line: line, column: column)
}
