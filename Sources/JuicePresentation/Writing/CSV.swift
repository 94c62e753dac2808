/// Comma-separated values as RFC 4180 writes them.
package enum CSV {
    /// A field, quoted when it holds a comma, a quote or a line break.
    ///
    /// Bytes are checked, not characters: `\r\n` is one `Character`, equal
    /// to neither `\r` nor `\n`, and no byte of a multi-byte character is
    /// an ASCII one.
    package static func field(_ text: String) -> String {
        let quoted = text.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        }
        guard quoted else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
