import Foundation
import MarkedYAML

/// A JSON value, read from an answer's body or from the OpenAPI document's
/// YAML, for the schema checks: numbers as `Double` (the API's counts are
/// far below 2^53), objects unordered.
indirect enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// The member `key` of an object; `nil` for a missing one or a non-object.
    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] } else { return nil }
    }

    var string: String? {
        if case .string(let text) = self { return text } else { return nil }
    }

    var array: [JSON]? {
        if case .array(let items) = self { return items } else { return nil }
    }

    var object: [String: JSON]? {
        if case .object(let members) = self { return members } else { return nil }
    }

    /// The value as JSON Schema names its type: `object`, `integer`, ...
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let value): return value.isWhole ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// A JSON text.
    ///
    /// - Throws: `DecodingError` when it is not JSON.
    init(parsing text: String) throws {
        self = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
    }

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
        switch self {
        case .string(let text): return text
        case .number(let value): return value.isWhole ? String(Int(value)) : String(value)
        case .bool(let value): return String(value)
        case .null: return "null"
        case .array, .object: return "\(self)"
        }
    }
}

extension JSON: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }
}

extension JSON: CustomStringConvertible {
    /// Compact JSON-like text, for messages.
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let value): return value.isWhole ? String(Int(value)) : String(value)
        case .string(let text): return "\"\(text)\""
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{"
                + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
                .joined(separator: ", ") + "}"
        }
    }
}

extension Double {
    /// Whether this is a whole number that an `Int` holds: JSON Schema's
    /// `integer`.
    fileprivate var isWhole: Bool {
        isFinite && rounded() == self && abs(self) < 9e15
    }
}
