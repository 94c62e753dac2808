import Foundation
import SeededRandom
import Testing

@testable import JuiceMaker

/// The journal's JSON parser reads strings as Foundation's parser does,
/// whether they hold escapes or not.
@Suite struct JSONLineParserTests {
    private func parsedString(_ line: String) throws -> String? {
        var line = line
        return try line.withUTF8 { bytes in
            guard case .string(let text) = try JSONLineParser.parse(bytes).kind else { return nil }
            return text
        }
    }

    @Test(arguments: [
        #""""#, #""kiwi""#, #""바나나 🍌""#, #""a\"b""#, #""\\""#, #""tail\n""#, #""\u00e9t\u00E9""#,
        #""\ud83c\udf4c and \/""#, #""\b\f\r\t mid""#, #""plain, then \u0041""#,
    ])
    func aStringReadsAsFoundationReadsIt(line: String) throws {
        let expected = try JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed) as? String
        #expect(try parsedString(line) == expected)
    }

    /// Seeded random texts, escaped by the journal's own escaping, read back
    /// unchanged: runs without a backslash and runs with them alike.
    @Test func randomTextsReadBackAsWritten() throws {
        var generator = SplitMix64(seed: 21)
        let pieces = ["a", "kiwi", "바", "🍌", "\"", "\\", "\n", "\u{1}", "/", " ", "é", "\u{2028}"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            var bytes: [UInt8] = [UInt8(ascii: "\"")]
            var source = text
            source.withUTF8 { JSONEscaping.escape($0) { bytes.append(contentsOf: $0) } }
            bytes.append(UInt8(ascii: "\""))
            #expect(try parsedString(String(decoding: bytes, as: UTF8.self)) == text)
        }
    }

    @Test func aControlCharacterOrAnUnfinishedStringIsRefusedWhereItIs() throws {
        #expect(throws: JSONLineParser.Failure.self) { try parsedString("\"a\u{1}\"") }
        #expect(throws: JSONLineParser.Failure.self) { try parsedString(#""kiwi"#) }
    }
}
