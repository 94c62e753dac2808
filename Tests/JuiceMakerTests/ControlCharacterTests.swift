import JuiceMaker
import Testing

/// The one set of characters text output escapes and a ticket may not
/// hold (`ControlCharacter`), told by value, against Unicode's categories.
@Suite struct ControlCharacterTests {
    /// Every scalar of the Basic Multilingual Plane, where every control,
    /// separator and bidirectional control is, and the tags' block (format
    /// characters beyond it): in the set exactly when it is a control
    /// (`Cc`), a line or paragraph separator (`Zl`, `Zp`), or one of the
    /// format characters that reorder text (the bidirectional controls).
    /// Not all 1.1 million scalars: a test that holds a thread of the test
    /// process that long starves the tests that wait on servers.
    @Test func theSetIsTheControlsTheSeparatorsAndTheBidirectionalControls() {
        let bidirectional = Set<UInt32>([0x061C, 0x200E, 0x200F]).union(0x202A...0x202E).union(0x2066...0x2069)
        var differing: [String] = []
        for value in Array(UInt32(0)...0xFFFF) + Array(0xE0000...0xE007F) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            let expected =
                category == .control || category == .lineSeparator || category == .paragraphSeparator
                || (category == .format && bidirectional.contains(value))
            if ControlCharacter.contains(scalar) != expected { differing.append("U+" + String(value, radix: 16)) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
        // Format characters that reorder nothing stay: a joiner in an emoji, a soft hyphen.
        #expect(!ControlCharacter.contains("\u{200D}") && !ControlCharacter.contains("\u{AD}"))
    }

    @Test func aTextIsShownWithEachEscapedAsASwiftLiteral() {
        #expect("Ki\u{1B}[2Kwi".controlsEscaped == "Ki\\u{1B}[2Kwi")
        #expect("a\tb\r\n\0".controlsEscaped == "a\\tb\\r\\n\\0")
        #expect("\u{9B}2 \u{7F}".controlsEscaped == "\\u{9B}2 \\u{7F}")
        #expect("abc\u{202E}def\u{2028}".controlsEscaped == "abc\\u{202E}def\\u{2028}")
        #expect("딸기 주스 … ×2 👨‍👩‍👧".controlsEscaped == "딸기 주스 … ×2 👨‍👩‍👧")
    }

    /// A till's ticket with a control character is no idempotency key; one
    /// with a bidirectional control or a separator is (journals written
    /// before the set grew hold such keys, and must stay readable).
    @Test func aTicketWithAControlCharacterIsNoKey() {
        #expect(IdempotencyKey(ticket: "csv:R-1") != nil)
        for scalar in ["\u{7}", "\u{1B}", "\u{7F}", "\u{9B}"] {
            #expect(IdempotencyKey(ticket: "csv:R\(scalar)1") == nil)
        }
        for scalar in ["\u{202E}", "\u{2029}", "\u{200F}"] {
            #expect(IdempotencyKey(ticket: "csv:R\(scalar)1")?.text == "csv:R\(scalar)1")
        }
    }
}
