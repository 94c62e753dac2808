/// A JSON value whose object keys keep the order they were written in, so
/// that a document built in code (a JSON Schema) reads in that order:
/// `title` before `properties`, `$defs` last. Written with Swift literals.
indirect enum OrderedJSON: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([OrderedJSON])
    /// The members in the order given.
    case object([Member])

    /// One member of an object.
    struct Member: Equatable, Sendable {
        var key: String
        var value: OrderedJSON
    }

    /// The value as JSON text: two spaces a level, `"key": value`, an empty
    /// array or object as `[]` or `{}`, and a line break at the end.
    var text: String {
        var text = ""
        write(to: &text, level: 0)
        text += "\n"
        return text
    }

    private func write(to text: inout String, level: Int) {
        let indent = String(repeating: "  ", count: level + 1)
        switch self {
        case .string(let value): Self.writeString(value, to: &text)
        case .integer(let value): text += "\(value)"
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .array(let items) where items.isEmpty: text += "[]"
        case .object(let members) where members.isEmpty: text += "{}"
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                text += (index == 0 ? "\n" : ",\n") + indent
                item.write(to: &text, level: level + 1)
            }
            text += "\n" + String(repeating: "  ", count: level) + "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                text += (index == 0 ? "\n" : ",\n") + indent
                Self.writeString(member.key, to: &text)
                text += ": "
                member.value.write(to: &text, level: level + 1)
            }
            text += "\n" + String(repeating: "  ", count: level) + "}"
        }
    }

    private static func writeString(_ value: String, to text: inout String) {
        var value = value
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        value.withUTF8 { JSONEscaping.escape($0) { bytes.append(contentsOf: $0) } }
        bytes.append(UInt8(ascii: "\""))
        text += String(decoding: bytes, as: UTF8.self)
    }

    /// The object's member `key`, if it is an object that has one.
    subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension OrderedJSON: ExpressibleByStringLiteral {
    init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension OrderedJSON: ExpressibleByStringInterpolation {}

extension OrderedJSON: ExpressibleByIntegerLiteral {
    init(integerLiteral value: Int) {
        self = .integer(value)
    }
}

extension OrderedJSON: ExpressibleByBooleanLiteral {
    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension OrderedJSON: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: OrderedJSON...) {
        self = .array(elements)
    }
}

extension OrderedJSON: ExpressibleByDictionaryLiteral {
    /// An object with the members in the order the literal gives them.
    init(dictionaryLiteral elements: (String, OrderedJSON)...) {
        self = .object(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
