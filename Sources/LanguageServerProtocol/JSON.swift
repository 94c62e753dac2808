import Foundation

/// A JSON value: what a message's `params`, `result` and `data` hold.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// The member `key` of an object; `nil` for anything else.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The text of a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of an integer (or of a number that is a whole one).
    public var integer: Int? {
        switch self {
        case .integer(let value): return value
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }

    /// The members of an object; none for anything else.
    public var objectMembers: [String: JSON] {
        if case .object(let members) = self { return members }
        return [:]
    }

    /// The elements of an array.
    public var array: [JSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Parses `bytes` as one JSON text.
    ///
    /// - Throws: ``ResponseError`` with code ``ErrorCode/parseError``.
    public static func parse(_ bytes: [UInt8]) throws(ResponseError) -> JSON {
        do {
            return try JSONDecoder().decode(JSON.self, from: Data(bytes))
        } catch {
            throw ResponseError(.parseError, "the message is not JSON")
        }
    }

    /// The JSON text of this value, keys sorted.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSON value cannot fail but for a number that is not
        // finite, which this module never makes.
        return Array((try? encoder.encode(self)) ?? Data("null".utf8))
    }
}

extension JSON: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
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

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// An object; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}
