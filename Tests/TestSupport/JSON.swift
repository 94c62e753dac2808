import Foundation

/// A parsed JSON value, comparable with `==` and writable as a literal, so
/// that a test states the whole expected object: the command line's
/// answers, the server's bodies, and the OpenAPI document's schemas.
/// Numbers are `Double` (the counts tested are far below 2^53); objects
/// are unordered.
package indirect enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// A text that is not one JSON value.
    package struct ParseError: Error, CustomStringConvertible {
        var text: String

        /// A failure to parse `text`.
        package init(text: String) {
            self.text = text
        }

        package var description: String { "not one JSON value: \(text.prefix(500))" }
    }

    /// Parses `text`, which must be exactly one JSON value.
    package init(parsing text: String) throws {
        do {
            self = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
        } catch {
            throw ParseError(text: text)
        }
    }

    /// The member `key` of an object; `nil` for a missing key or a non-object.
    package subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` of an array; `nil` when out of range.
    package subscript(index: Int) -> JSON? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// The keys of an object, sorted; empty for anything else.
    package var keys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.keys.sorted()
    }

    /// The elements of an array; empty for anything else.
    package var items: [JSON] {
        guard case .array(let items) = self else { return [] }
        return items
    }

    /// The text of a string; `nil` for anything else.
    package var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The elements of an array; `nil` for anything else.
    package var array: [JSON]? {
        guard case .array(let items) = self else { return nil }
        return items
    }

    /// The members of an object; `nil` for anything else.
    package var object: [String: JSON]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    /// The value as JSON Schema names its type: `object`, `integer`, ...
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let value): return value.isWhole ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSON: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSON].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSON: CustomStringConvertible {
    /// Compact JSON-like text, for messages.
    package var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .number(let value): return value.isWhole ? String(Int(value)) : String(value)
        case .string(let text): return "\"\(text)\""
        case .array(let items): return "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
                + "}"
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

extension JSON {
    /// This value with each diagnostic's `file` cut to its last path
    /// component: the answers of the same files read from different folders
    /// (a pulled copy, a server's absolute paths) then compare equal.
    package var withDiagnosticFileNames: JSON {
        switch self {
        case .object(let members):
            var copy = members.mapValues(\.withDiagnosticFileNames)
            if case .string(let file)? = members["file"], members["code"] != nil {
                copy["file"] = .string(file.split(separator: "/").last.map(String.init) ?? file)
            }
            return .object(copy)
        case .array(let items):
            return .array(items.map(\.withDiagnosticFileNames))
        default:
            return self
        }
    }
}
