/// One JSON value of a journal line, with the byte offset where it starts,
/// so that a problem in it can be placed at its column.
struct JSONValue {
    enum Kind {
        case string(String)
        /// A number as written: its text, checked but not converted.
        case number(String)
        case bool(Bool)
        case null
        case array([JSONValue])
        /// The members in the order written, each key with its own offset.
        case object([(key: String, keyOffset: Int, value: JSONValue)])
    }

    var kind: Kind
    /// The byte offset of the value's first byte in its line.
    var offset: Int

    /// The value's kind, as a message names it.
    var kindMessage: Message {
        switch kind {
        case .string: Message(.aString)
        case .number: Message(.aNumber)
        case .bool: Message(.aBoolean)
        case .null: Message(.null)
        case .array: Message(.anArray)
        case .object: Message(.anObject)
        }
    }
}

/// A strict JSON parser (RFC 8259) for one line of a journal: the whole
/// line is one value, nesting is bounded, and a problem is reported at its
/// byte offset.
struct JSONLineParser {
    /// Why a line is not JSON, and where.
    struct Failure: Error {
        var message: Message
        var offset: Int
    }

    /// The deepest nesting a journal line may have; entries need two.
    static let maximumDepth = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value that is the whole of `bytes`, with nothing but white space
    /// around it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
        var parser = JSONLineParser(bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.failure(.jsonTrailing) }
        return value
    }

    private func failure(_ key: Message.Key) -> Failure {
        Failure(message: Message(key), offset: position)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { position += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard current == byte else { throw failure(.jsonUnexpected) }
        position += 1
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        let start = position
        guard let byte = current else { throw failure(.jsonUnfinished) }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw failure(.jsonTooDeep) }
            return JSONValue(kind: .object(try members(depth: depth + 1)), offset: start)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw failure(.jsonTooDeep) }
            return JSONValue(kind: .array(try elements(depth: depth + 1)), offset: start)
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try string()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try number()), offset: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(kind: .null, offset: start)
        default:
            throw failure(.jsonUnexpected)
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            try expect(expected)
        }
    }

    private mutating func members(depth: Int) throws(Failure) -> [(key: String, keyOffset: Int, value: JSONValue)] {
        try expect(UInt8(ascii: "{"))
        skipSpace()
        var members: [(key: String, keyOffset: Int, value: JSONValue)] = []
        if current == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipSpace()
            let keyOffset = position
            guard current == UInt8(ascii: "\"") else {
                throw failure(current == nil ? .jsonUnfinished : .jsonUnexpected)
            }
            let key = try string()
            skipSpace()
            try expect(UInt8(ascii: ":"))
            skipSpace()
            members.append((key, keyOffset, try value(depth: depth)))
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard current != nil else { throw failure(.jsonUnfinished) }
            try expect(UInt8(ascii: "}"))
            return members
        }
    }

    private mutating func elements(depth: Int) throws(Failure) -> [JSONValue] {
        try expect(UInt8(ascii: "["))
        skipSpace()
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipSpace()
            elements.append(try value(depth: depth))
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard current != nil else { throw failure(.jsonUnfinished) }
            try expect(UInt8(ascii: "]"))
            return elements
        }
    }

    private mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        var scalars = String.UnicodeScalarView()
        var run = position
        func decode(upTo end: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<end]), as: UTF8.self)
        }
        func flush(upTo end: Int) {
            scalars.append(contentsOf: decode(upTo: end).unicodeScalars)
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                defer { position += 1 }
                // Most strings have no escape: decoded at once, not scalar by scalar.
                guard run != start else { return decode(upTo: position) }
                flush(upTo: position)
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(upTo: position)
                position += 1
                scalars.append(try escape())
                run = position
            case 0..<0x20:
                throw failure(.jsonControlCharacter)
            default:
                position += 1
            }
        }
        throw failure(.jsonUnfinished)
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = current else { throw failure(.jsonUnfinished) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try hexUnit()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate must be followed by a low one.
                guard current == UInt8(ascii: "\\") else { throw failure(.jsonBadEscape) }
                position += 1
                try expect(UInt8(ascii: "u"))
                let low = try hexUnit()
                guard (0xDC00..<0xE000).contains(low) else { throw failure(.jsonBadEscape) }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
            }
            guard let scalar = Unicode.Scalar(unit) else { throw failure(.jsonBadEscape) }
            return scalar
        default:
            position -= 1
            throw failure(.jsonBadEscape)
        }
    }

    private mutating func hexUnit() throws(Failure) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw failure(.jsonBadEscape) }
            unit = unit << 4 | digit
            position += 1
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number as RFC 8259 writes it: `-`, an integer without leading
    /// zeros, then an optional fraction and exponent.
    private mutating func number() throws(Failure) -> String {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        guard let first = current, Self.isDigit(first) else { throw failure(.jsonBadNumber) }
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            position += 1
            guard let digit = current, Self.isDigit(digit) else { throw failure(.jsonBadNumber) }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw failure(.jsonBadNumber) }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = current, Self.isDigit(byte) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
