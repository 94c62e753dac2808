import JuicePresentation
import JuiceToolOptions
import JuiceWords
import Testing

@testable import JuiceCLI

/// The argument parser speaks English only, and `juice` says its usage
/// errors again in Korean by their shape (``ArgumentParserWord``): each
/// shape the real parser produces, pinned to its exact Korean, so that an
/// upgrade of the parser that changes its English fails here.
@Suite struct ArgumentParserWordsTests {
    /// The parser's message for `arguments` (its `Error: ` dropped), as
    /// `juice` receives it.
    static func parserMessage(_ arguments: [String]) -> String {
        do {
            _ = try Juice.parseAsRoot(arguments)
            return ""
        } catch {
            let message = Juice.fullMessage(for: error)
            return message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
        }
    }

    static let cases: [(arguments: [String], word: ArgumentParserWord, english: String, korean: String)] = [
        (
            ["report", "--formt"], .unknownOptionDidYouMean, "Unknown option '--formt'. Did you mean '--format'?",
            "모르는 옵션 '--formt'입니다 ('--format'을 찾으셨나요?)"
        ),
        (["report", "--zzzzzz"], .unknownOption, "Unknown option '--zzzzzz'", "모르는 옵션 '--zzzzzz'입니다"),
        (
            ["report", "--format"], .missingValue, "Missing value for '--format <format>'",
            "'--format <format>'에 값이 없습니다"
        ),
        (["report", "extra"], .unexpectedArgument, "Unexpected argument 'extra'", "뜻밖의 인자 'extra'가 있습니다"),
        (["schema"], .missingExpectedArgument, "Missing expected argument '<kind>'", "인자 '<kind>'가 빠졌습니다"),
        (
            ["schema", "xyz"], .invalidValueChoices,
            "The value 'xyz' is invalid for '<kind>'. Please provide one of 'menu', 'inventory', 'stores' or 'sales'.",
            "'<kind>'에 'xyz'는 쓸 수 없습니다. 다음 중 하나를 주세요: 'menu', 'inventory', 'stores' 또는 'sales'"
        ),
        (
            ["undo", "abc"], .invalidValue, "The value 'abc' is invalid for '<id>'",
            "'<id>'에 'abc'는 쓸 수 없습니다"
        ),
    ]

    @Test(arguments: cases.indices)
    func eachShapeOfTheParsersUsageErrorsIsSaidInKorean(index: Int) {
        let (arguments, word, english, korean) = Self.cases[index]
        let message = Self.parserMessage(arguments)
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines.first == english)
        #expect(ArgumentParserWord.sentence(of: english)?.word == word)
        #expect(Catalogue("ko").argumentParserMessage(english) == korean)
        #expect(Catalogue("en").argumentParserMessage(message) == message)
        // The lines after it: Help (when the option has help), Usage, See.
        let said = Catalogue("ko").argumentParserMessage(message).split(separator: "\n").map(String.init)
        let command = arguments[0]
        #expect(said.last == "  자세한 것은 'juice \(command) --help'를 보세요.")
        #expect(said.dropLast().last?.hasPrefix("사용법: juice \(command)") == true)
        if lines.count == 4 { #expect(said[1].hasPrefix("도움말:  ")) }
    }

    @Test func everySentenceOfTheParserIsPinnedByACase() {
        let pinned = Set(Self.cases.map(\.word)).union([.helpLine, .usageLine, .seeMore])
        #expect(Set(ArgumentParserWord.sentences) == pinned)
        let help = Self.parserMessage(["report", "--format"]).split(separator: "\n").map(String.init)
        #expect(
            help.map { ArgumentParserWord.sentence(of: $0)?.word } == [.missingValue, .helpLine, .usageLine, .seeMore])
    }

    @Test func theHelpsOwnWordsAreSaidInKorean() {
        let helps = [Juice.helpMessage(), Juice.helpMessage(for: SchemaCommand.self)]
        var found: [ArgumentParserWord] = []
        for help in helps {
            let korean = Catalogue("ko").argumentParserHelp(help)
            #expect(Catalogue("en").argumentParserHelp(help) == help)
            for word in ArgumentParserWord.helpWords where help.contains(word.template(in: .english)) {
                found.append(word)
                #expect(!korean.contains(word.template(in: .english)), "\(word)")
                #expect(korean.contains(word.template(in: .korean)), "\(word)")
            }
        }
        #expect(Set(found).isSuperset(of: [.overview, .usage, .arguments, .options, .subcommands, .showHelp]))
    }
}
