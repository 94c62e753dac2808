/// A YAML document built by a test, written as text: the root mapping and
/// its mappings in block style, everything deeper in flow style, as the
/// example menus are written. Keys and scalars are written exactly as
/// given (quotes included), so a test controls every byte; a mapping may
/// hold a key twice.
indirect enum YAMLTree: Sendable {
    case map([(key: String, value: YAMLTree)])
    case seq([YAMLTree])
    case scalar(String)

    /// The document's text.
    var text: String {
        guard case .map(let pairs) = self else { return flow + "\n" }
        var text = ""
        for (key, value) in pairs {
            if case .map(let entries) = value, !entries.isEmpty {
                text += "\(key):\n"
                for (entryKey, entry) in entries { text += "  \(entryKey): \(entry.flow)\n" }
            } else {
                text += "\(key): \(value.flow)\n"
            }
        }
        return text.isEmpty ? "{}\n" : text
    }

    /// The value in flow style.
    var flow: String {
        switch self {
        case .scalar(let text): text
        case .seq(let items): "[" + items.map(\.flow).joined(separator: ", ") + "]"
        case .map(let pairs) where pairs.isEmpty: "{}"
        case .map(let pairs): "{ " + pairs.map { "\($0.key): \($0.value.flow)" }.joined(separator: ", ") + " }"
        }
    }

    /// The mapping's pairs; empty for anything else.
    var pairs: [(key: String, value: YAMLTree)] {
        if case .map(let pairs) = self { return pairs }
        return []
    }

    /// The value at `path` (keys of nested mappings, the first match each).
    subscript(path: [String]) -> YAMLTree? {
        get {
            guard let first = path.first else { return self }
            return pairs.first { $0.key == first }?.value[Array(path.dropFirst())]
        }
        set {
            guard let first = path.first else {
                if let newValue { self = newValue }
                return
            }
            var pairs = self.pairs
            if let index = pairs.firstIndex(where: { $0.key == first }) {
                if path.count == 1, newValue == nil {
                    pairs.remove(at: index)
                } else {
                    pairs[index].value[Array(path.dropFirst())] = newValue
                }
            } else if path.count == 1, let newValue {
                pairs.append((first, newValue))
            }
            self = .map(pairs)
        }
    }
}
