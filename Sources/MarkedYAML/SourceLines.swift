/// Turns byte offsets and out-of-range marks into marks that point at real
/// characters of a UTF-8 text. Used only when reporting a problem.
struct SourceLines {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The mark of the character that starts at or spans `offset`.
    func mark(atByteOffset offset: Int) -> Mark {
        var line = 1
        var column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count lead bytes only, so a column is a Unicode scalar.
                column += 1
            }
        }
        return Mark(line: line, column: column)
    }

    /// `mark`, or the end of the last line when `mark` lies past the last
    /// line (libyaml places end-of-input errors on the line after a final
    /// newline, which no editor shows).
    func clamp(_ mark: Mark) -> Mark {
        guard let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")),
            lastNewline == bytes.count - 1
        else { return mark }
        let lineCount = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        guard mark.line > lineCount else { return mark }
        return self.mark(atByteOffset: lastNewline)
    }
}
