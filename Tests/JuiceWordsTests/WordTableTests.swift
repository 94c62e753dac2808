import JuiceMaker
import JuicePresentation
import JuiceSync
import JuiceToolOptions
import JuiceWords
import TestSupport
import Testing

@testable import JuiceCLI
@testable import JuiceServer

/// The word tables against each other and against the code: a translator
/// who forgets a key, or leaves one no code asks for, or drops a
/// placeholder, is told here.
@Suite struct WordTableTests {
    /// Every key the code asks for, by the enumeration that names it.
    static let keysInCode: Set<String> = Set(
        keys(Message.Key.self) + keys(Diagnostic.Word.self) + keys(Catalogue.Text.self) + keys(Catalogue.Help.self)
            + keys(ServerWord.self) + keys(SyncWord.self) + keys(ArgumentParserWord.self) + keys(ToolHelpWord.self))

    static func keys<Key: WordKey>(_: Key.Type) -> [String] {
        Key.allCases.map(\.wordKey)
    }

    /// The pages, by the namespace of their keys: a script, which the
    /// server writes the words into, and its HTML (`data-text` keys).
    static let pages = ["counterPage": ["app.js", "index.html"], "chainPage": ["chain.js", "chain.html"]]

    @Test(arguments: Language.allCases)
    func everyKeyTheCodeAsksForIsInTheLanguageAndNoOther(language: Language) {
        let keys = Set(Words.table(language).keys.filter { Self.pages[String($0.prefix { $0 != "." })] == nil })
        #expect(Self.keysInCode.subtracting(keys).sorted() == [], "missing from \(language.rawValue).strings")
        #expect(keys.subtracting(Self.keysInCode).sorted() == [], "in \(language.rawValue).strings, used by no code")
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func everyLanguageHasTheKeysOfEnglish(language: Language) {
        let english = Set(Words.table(.english).keys)
        let keys = Set(Words.table(language).keys)
        #expect(english.subtracting(keys).sorted() == [], "missing from \(language.rawValue).strings")
        #expect(keys.subtracting(english).sorted() == [], "in \(language.rawValue).strings, not in en.strings")
    }

    @Test(arguments: pages.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    func everyWordOfAPageIsUsedByItAndEveryWordItSaysIsThere(namespace: String, files: [String]) throws {
        let source = try files.map {
            try String(
                contentsOf: Repository.root.appendingPathComponent("Sources/JuiceServer/Public/\($0)"), encoding: .utf8)
        }.joined(separator: "\n")
        let quoted = Set(source.matches(of: /"(\w+)"/).map { String($0.output.1) })
        let said = Set(source.matches(of: /(?:say\(|data-text=)"(\w+)"/).map { String($0.output.1) })
        let words = Set(
            Words.table(.english).keys.filter { $0.hasPrefix(namespace + ".") }.map {
                String($0.dropFirst(namespace.count + 1))
            })
        #expect(!said.isEmpty)
        #expect(said.subtracting(words).sorted() == [], "said by \(files), not in en.strings")
        #expect(words.subtracting(quoted).sorted() == [], "in en.strings, used by none of \(files)")
    }

    @Test(arguments: Language.allCases.filter { $0 != .english })
    func everyTranslationHasTheEnglishPlaceholders(language: Language) {
        let english = Words.table(.english)
        for (key, template) in Words.table(language) {
            guard let source = english[key] else { continue }
            #expect(
                Template.placeholders(template) == Template.placeholders(source),
                "\(key) in \(language.rawValue).strings")
        }
    }

    @Test func aTextIsReadThroughItsKey() {
        #expect(Message(.unusedFruit, "lime").description == "fruit 'lime' is used by no recipe")
        #expect(
            Catalogue("ko")(Message(.inStore, "gangnam", .message(Message(.fruitNamed, "lime"))))
                == "매장 'gangnam': 과일 'lime'")
        #expect(Catalogue("ko")(.readyMany, "바나나쥬스", 2) == "바나나쥬스 2잔 나왔습니다! 맛있게 드세요!")
        #expect(Catalogue("fr")(.readyMany, "Banana Juice", 2) == "2 × Banana Juice are ready. Enjoy!")
        #expect(Catalogue(nil).title(.limitedByHeader) == "Limited by")
        #expect(ServerText.tooManyStreams(3).text("ko") == "이벤트 스트림이 이미 3개 열려 있습니다. 잠시 후 다시 시도하세요")
        #expect(
            ServerText.notJSON(nil).text("en")
                == "a change must be sent as Content-Type: application/json (it was none)")
    }
}
