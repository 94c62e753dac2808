import Testing

@testable import LanguageServerProtocol

/// Columns in Unicode scalars (juice's) as LSP positions in each encoding,
/// and back.
@Suite struct LineIndexTests {
    // 딸 is 1 UTF-16 unit and 3 UTF-8 bytes; 🍓 is 2 UTF-16 units and 4 bytes.
    let text = "a: 1\r\nname: 딸🍓 x\rlast\nend"

    @Test func linesEndAtEachKindOfLineEnd() {
        let index = LineIndex(text, encoding: .utf16)
        #expect(index.lines.count == 4)
        #expect(index.text(ofLine: 1) == "name: 딸🍓 x")
        #expect(index.text(ofLine: 2) == "last")
        #expect(index.text(ofLine: 9) == "")
    }

    @Test func aColumnAfterKoreanAndAnEmojiCountsEachEncodingsUnits() {
        // Column 10 (1-based, in scalars) is the `x` after "name: 딸🍓 ".
        #expect(LineIndex(text, encoding: .utf16).position(line: 2, column: 10) == Position(line: 1, character: 10))
        #expect(LineIndex(text, encoding: .utf8).position(line: 2, column: 10) == Position(line: 1, character: 14))
        #expect(LineIndex(text, encoding: .utf32).position(line: 2, column: 10) == Position(line: 1, character: 9))
    }

    @Test func aPositionGoesBackToItsScalar() {
        let utf16 = LineIndex(text, encoding: .utf16)
        #expect(utf16.scalarOffset(of: Position(line: 1, character: 10)) == 9)
        // Inside the emoji's surrogate pair: the emoji's start.
        #expect(utf16.scalarOffset(of: Position(line: 1, character: 8)) == 7)
        // Past the end of the line: its end.
        #expect(utf16.scalarOffset(of: Position(line: 1, character: 99)) == 10)
    }

    @Test func theEncodingIsTheClientsFirstKnownOneElseUTF16() {
        #expect(PositionEncoding.negotiated(from: nil) == .utf16)
        #expect(PositionEncoding.negotiated(from: ["utf-8", "utf-16"]) == .utf8)
        #expect(PositionEncoding.negotiated(from: ["x", "utf-32"]) == .utf32)
        #expect(PositionEncoding.negotiated(from: ["latin-1"]) == .utf16)
    }
}
