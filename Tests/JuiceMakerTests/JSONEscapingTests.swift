import Foundation
import Testing

@testable import JuiceMaker

/// The one JSON string escaping, shared by the journal and `juice`'s JSON.
@Suite struct JSONEscapingTests {
    private func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        var text = text
        text.withUTF8 { JSONEscaping.escape($0) { bytes.append(contentsOf: $0) } }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every ASCII character and some others, as `JSONEncoder` writes them
    /// (slashes unescaped, as `juice` asks of it).
    @Test func everyCharacterIsEscapedAsJSONEncoderEscapesIt() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let text = String(decoding: (0..<0x80).map { UInt8($0) }, as: UTF8.self) + "바나나 🍌 \u{2028}"
        let expected = String(decoding: try encoder.encode(text), as: UTF8.self)
        #expect("\"" + escaped(text) + "\"" == expected)
    }

    /// A journal line is still JSON when an entry made through the library
    /// has ids that need escapes (a reader then refuses them by the id rule).
    @Test func aJournalLineEscapesItsKeysByTheSameRule() throws {
        let entry = JournalEntry(
            id: 1, time: JournalTime(seconds: 1_795_339_800), kind: .make, changes: ["a\"b\\c\n\u{1}": -2],
            orders: ["t\u{8}\u{c}\t": 1])
        #expect(
            entry.line
                == #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"make","orders":{"t\b\f\t":1},"changes":{"a\"b\\c\n\u0001":-2}}"#
        )
        let parsed = try JSONSerialization.jsonObject(with: Data(entry.line.utf8)) as? [String: Any]
        #expect((parsed?["changes"] as? [String: Int]) == entry.changes)
        #expect((parsed?["orders"] as? [String: Int]) == entry.orders)
    }
}
