/// The characters a line of text output never prints as they are, told by
/// their value (no lookup of a category: an export's ticket keys are
/// checked a million at a time):
///
/// - the control characters (Unicode's `Cc`: C0 U+0000 to U+001F, DEL
///   U+007F, C1 U+0080 to U+009F), which a terminal obeys: a carriage
///   return goes back over the line, an escape sequence moves the cursor
///   or clears the line;
/// - the format characters that reorder text (`Cf`'s bidirectional
///   controls: U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
///   U+2069), with which a name shows in another order than it is read
///   (`U+202E` turns the rest of the line around);
/// - the line and paragraph separators (`Zl` U+2028, `Zp` U+2029), which
///   some terminals and editors break a line at.
///
/// Other format characters (a zero-width joiner in an emoji, a soft
/// hyphen) change no order and stay. One set for every use: a line of
/// text escapes them (``Swift/String/controlsEscaped``), a till's ticket
/// with a control character is no idempotency key (``isControlCode(_:)``),
/// and JSON escapes the part of it JSON requires (``isJSONControl(_:)``).
package enum ControlCharacter {
    /// Whether `scalar` is one of the set.
    @inlinable
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F: false
        case 0x00..<0x20, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `scalar` is of the set's first part, the control characters
    /// (`Cc`): what a till's ticket may not hold to be an idempotency key.
    /// A key's rule cannot grow, as the journals written under it must
    /// stay readable; a key is shown escaped like any text.
    @inlinable
    package static func isControlCode(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `byte` of UTF-8 is a control character JSON requires escaped
    /// inside a string (C0, the set's first part); JSON leaves the rest of
    /// the set as it is, as `JSONEncoder` does, and a reader of JSON
    /// decodes a string before it shows it.
    @inlinable
    package static func isJSONControl(_ byte: UInt8) -> Bool {
        byte < 0x20
    }

    /// Whether UTF-8 text may hold a scalar of the set: a byte that is one
    /// (C0, DEL) or that starts one (`C2` of C1, `D8` of U+061C, `E2` of
    /// the rest). Checked before the text's scalars are, as most texts
    /// have none of these bytes.
    @inlinable
    package static func mayBeIn(_ utf8: some Sequence<UInt8>) -> Bool {
        utf8.contains { byte in byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 }
    }
}

extension String {
    /// The text with each character of ``ControlCharacter`` written as a
    /// Swift literal writes it (`\r`, `\t`, `\u{1B}`, `\u{9B}`, `\u{202E}`), for a
    /// line of text output: printed raw, a carriage return or an escape
    /// sequence read from a file (a till's item name, a menu's name) makes
    /// a terminal go back over the line or change it, and a bidirectional
    /// override shows the line in another order. The rest is left as it
    /// is; JSON output escapes such characters its own way instead.
    package var controlsEscaped: String {
        let mayHave =
            utf8.withContiguousStorageIfAvailable { ControlCharacter.mayBeIn($0) } ?? ControlCharacter.mayBeIn(utf8)
        guard mayHave, unicodeScalars.contains(where: ControlCharacter.contains) else { return self }
        var shown = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if ControlCharacter.contains(scalar) {
                shown.append(contentsOf: Self.escape(of: scalar).unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// `scalar` as a Swift literal writes it: `\0`, `\t`, `\n`, `\r`, else
    /// `\u{` its value in hexadecimal without leading zeros `}` (`\u{1B}`,
    /// `\u{9B}`, `\u{202E}`: `escaped(asASCII:)` writes U+009B as
    /// `\u{009B}` where it writes U+001B as `\u{1B}`).
    private static func escape(of scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\0": "\\0"
        case "\t": "\\t"
        case "\n": "\\n"
        case "\r": "\\r"
        default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
