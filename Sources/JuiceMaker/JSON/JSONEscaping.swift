/// How a string's contents are written inside JSON quotes, as `JSONEncoder`
/// writes them: `"`, `\` and the control characters escaped (`\n`, `\t`,
/// `\b`, `\f`, `\r`, else `\u001f`), every other byte as it is. One rule for
/// the journal's lines and for the command line's JSON output. The controls
/// are JSON's part of ``ControlCharacter`` (C0): DEL, C1 and the
/// bidirectional controls stay as they are, as `JSONEncoder` leaves them,
/// so that the journal's bytes and every JSON output stay JSONEncoder's.
package enum JSONEscaping {
    /// Calls `write` with the pieces of `utf8` as a JSON string's contents:
    /// runs of bytes that need no escape, and each escape between them.
    @inlinable
    package static func escape(_ utf8: UnsafeBufferPointer<UInt8>, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart = 0
        for (index, byte) in utf8.enumerated()
        where ControlCharacter.isJSONControl(byte) || byte == 0x22 || byte == 0x5C {
            write(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            switch byte {
            case 0x22: write(bytes("\\\""))
            case 0x5C: write(bytes("\\\\"))
            case 0x08: write(bytes("\\b"))
            case 0x0C: write(bytes("\\f"))
            case 0x0A: write(bytes("\\n"))
            case 0x0D: write(bytes("\\r"))
            case 0x09: write(bytes("\\t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                let escape: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                    0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex.utf8Start[Int(byte >> 4)],
                    hex.utf8Start[Int(byte & 0xF)]
                )
                withUnsafeBytes(of: escape) { write($0.bindMemory(to: UInt8.self)) }
            }
        }
        write(UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }

    /// A literal's bytes, as a buffer.
    @usableFromInline
    static func bytes(_ literal: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }
}
