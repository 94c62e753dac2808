/// Apple's `.strings` format, as translators' tools read and write it, in
/// UTF-8: `"key" = "text";` entries, `/* ... */` and `// ...` comments,
/// and in a quoted string the escapes `\"`, `\\`, `\n`, `\t`, `\r` and
/// `\Uxxxx`.
package enum StringsFile {
    /// Why a file did not parse: the line, and what was wrong there.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var line: Int
        package var reason: String
        package var description: String { "line \(line): \(reason)" }

        package init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// Every entry of `bytes`, key to text.
    ///
    /// - Throws: a ``Problem`` at the first thing that is not an entry,
    ///   or a key given twice.
    package static func parse(_ bytes: [UInt8]) throws(Problem) -> [String: String] {
        var reader = Reader(bytes: bytes)
        var entries: [String: String] = [:]
        while try reader.skipSpaceAndComments() {
            let line = reader.line
            let key = try reader.string()
            try reader.skipSpaceAndComments(expecting: UInt8(ascii: "="))
            guard try reader.skipSpaceAndComments() else { throw Problem(line: reader.line, reason: "expected '\"'") }
            let text = try reader.string()
            try reader.skipSpaceAndComments(expecting: UInt8(ascii: ";"))
            guard entries.updateValue(text, forKey: key) == nil else {
                throw Problem(line: line, reason: "the key \"\(key)\" is given twice")
            }
        }
        return entries
    }

    /// A position in the bytes of a file.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // A byte order mark says nothing.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        /// Skips white space and comments; whether anything is left.
        mutating func skipSpaceAndComments() throws(Problem) -> Bool {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    index += 2
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && next == UInt8(ascii: "/")) {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                    guard index < bytes.count else { throw Problem(line: line, reason: "a comment is not closed") }
                    index += 2
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                default:
                    return true
                }
            }
            return false
        }

        /// Skips white space and comments, then `byte`.
        mutating func skipSpaceAndComments(expecting byte: UInt8) throws(Problem) {
            guard try skipSpaceAndComments(), bytes[index] == byte else {
                throw Problem(line: line, reason: "expected '\(Character(Unicode.Scalar(byte)))'")
            }
            index += 1
        }

        /// A quoted string, its escapes resolved.
        mutating func string() throws(Problem) -> String {
            guard bytes[index] == UInt8(ascii: "\"") else { throw Problem(line: line, reason: "expected '\"'") }
            index += 1
            var text: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: text, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &text)
                case UInt8(ascii: "\n"):
                    line += 1
                    text.append(byte)
                default:
                    text.append(byte)
                }
            }
            throw Problem(line: line, reason: "a string is not closed")
        }

        /// The character an escape stands for, after its backslash.
        private mutating func escape(into text: inout [UInt8]) throws(Problem) {
            guard index < bytes.count else { throw Problem(line: line, reason: "a string is not closed") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"): text.append(byte)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                    let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { throw Problem(line: line, reason: "\\U takes four hexadecimal digits") }
                index += 4
                text.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw Problem(line: line, reason: "an unknown escape '\\\(Character(Unicode.Scalar(byte)))'")
            }
        }

        private var next: UInt8? { index + 1 < bytes.count ? bytes[index + 1] : nil }
    }
}
