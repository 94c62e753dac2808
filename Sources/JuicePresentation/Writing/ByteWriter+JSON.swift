import JuiceMaker

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON as `juice` writes it: the bytes `JSONEncoder` writes with sorted
/// keys, pretty-printed, slashes not escaped, whether a value goes through
/// the encoder or is written piece by piece by a streaming renderer.
extension ByteWriter {
    /// Writes `text` as a JSON string: quoted, with `"`, `\` and the control
    /// characters escaped as `JSONEncoder` escapes them (`\n`, `\u001f`).
    package func writeJSONString(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ writeJSONString(utf8: $0) }) == nil {
            var copy = text
            copy.withUTF8 { writeJSONString(utf8: $0) }
        }
    }

    /// Writes text given as UTF-8 as a JSON string, as ``writeJSONString(_:)``.
    package func writeJSONString(utf8: UnsafeBufferPointer<UInt8>) {
        write(byte: UInt8(ascii: "\""))
        JSONEscaping.escape(utf8) { write($0) }
        write(byte: UInt8(ascii: "\""))
    }

    /// Writes the indentation of a line at nesting `level`: two spaces a level.
    package func writeIndent(_ level: Int) {
        write(repeating: UInt8(ascii: " "), count: 2 * level)
    }

    /// `,` and a line break, then the indentation of 32 levels: what starts
    /// the next line of pretty-printed JSON, in one write.
    private static let lineStarts: StaticString =
        ",\n                                                                "

    /// Starts a line of JSON at `level`, ending the previous item with a
    /// comma unless `first`.
    @inline(__always)
    package func writeJSONLine(level: Int, first: Bool) {
        let start = Self.lineStarts.utf8Start + (first ? 1 : 0)
        let length = 2 * level + (first ? 1 : 2)
        guard 2 * level <= Self.lineStarts.utf8CodeUnitCount - 2 else {
            write(first ? "\n" : ",\n")
            return writeIndent(level)
        }
        write(UnsafeBufferPointer(start: start, count: length))
    }

    /// Writes `"key" : ` on a new line at `level`, after a comma unless the
    /// key is its object's first.
    package func writeJSONKey(_ key: StaticString, level: Int, first: Bool = false) {
        writeJSONLine(level: level, first: first)
        write(byte: UInt8(ascii: "\""))
        write(key)
        write("\" : ")
    }

    /// Writes `value` through `JSONEncoder`, as a value nested at `level`:
    /// every line after its first indented by `level` more levels (an empty
    /// array's or object's blank line stays blank, as the encoder leaves it).
    /// Diagnostics say their messages in `catalogue`'s language.
    package func writeJSON(_ value: some Encodable, level: Int, catalogue: Catalogue) {
        if let list = value as? [Diagnostic], list.isEmpty {
            // What the encoder writes for an empty list, without its cost
            // for each store of a chain.
            write("[\n\n")
            writeIndent(level)
            return write(byte: UInt8(ascii: "]"))
        }
        let data = JSONText.data(value, catalogue: catalogue)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
                write(UnsafeBufferPointer(rebasing: bytes[lineStart...index]))
                if index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { writeIndent(level) }
                lineStart = index + 1
            }
            write(UnsafeBufferPointer(rebasing: bytes[lineStart...]))
        }
    }
}
