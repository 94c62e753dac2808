/// Turns byte offsets and out-of-range marks into marks that point at real
/// characters of a UTF-8 text. Used only when reporting a problem.
struct SourceLines {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The mark of the character that starts at or spans `offset`. Line
    /// breaks are `\n`, `\r\n` or a lone `\r`, as in YAML.
    func mark(atByteOffset offset: Int) -> Mark {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            if let width = lineBreakWidth(at: index) {
                line += 1
                column = 1
                index += width
                continue
            }
            // Count lead bytes only, so a column is a Unicode scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return Mark(line: line, column: column)
    }

    /// `mark`, or the end of the last line when `mark` lies past the last
    /// line (libyaml places end-of-input errors on the line after a final
    /// line break, which no editor shows).
    func clamp(_ mark: Mark) -> Mark {
        let end = self.mark(atByteOffset: bytes.count)
        let clamped = mark > end ? end : mark
        guard clamped.line == end.line, end.line > 1, end.column == 1 else { return clamped }
        // On the empty line after a final line break: the end of the line before.
        var breakStart = bytes.count - 1
        if bytes[breakStart] == UInt8(ascii: "\n"), breakStart > 0, bytes[breakStart - 1] == UInt8(ascii: "\r") {
            breakStart -= 1
        }
        return self.mark(atByteOffset: breakStart)
    }

    /// The length of the line break at `index`, if one starts there.
    private func lineBreakWidth(at index: Int) -> Int? {
        switch bytes[index] {
        case UInt8(ascii: "\n"):
            return 1
        case UInt8(ascii: "\r"):
            return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
        default:
            return nil
        }
    }
}
