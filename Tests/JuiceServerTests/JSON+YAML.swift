import MarkedYAML
import TestSupport

extension JSON {
    /// A YAML node read as YAML 1.2's core schema reads it: a plain
    /// `null`, `~` or nothing is null, a plain `true`/`false` a boolean, a
    /// plain number a number; every other scalar (quoted ones too) a string.
    init(yaml node: Node) {
        if let pairs = node.pairs {
            self = .object(
                Dictionary(pairs.map { (JSON(yaml: $0.key).text, JSON(yaml: $0.value)) }) { first, _ in first })
        } else if let items = node.items {
            self = .array(items.map(JSON.init(yaml:)))
        } else if node.isNull {
            self = .null
        } else {
            let scalar = node.scalar ?? Scalar("")
            guard node.isPlainUntaggedScalar else {
                self = .string(scalar.text)
                return
            }
            switch scalar.text.lowercased() {
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            default:
                let looksNumeric = scalar.text.allSatisfy { "0123456789+-.eE".contains($0) }
                if looksNumeric, let number = Double(scalar.text) {
                    self = .number(number)
                } else {
                    self = .string(scalar.text)
                }
            }
        }
    }

    /// A scalar as text (a key of a mapping).
    private var text: String {
        if case .string(let text) = self { return text }
        return description
    }
}
