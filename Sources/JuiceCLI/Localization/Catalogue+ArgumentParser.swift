import JuiceMaker
import JuicePresentation

/// The argument parser's own usage errors in the catalogue's language. It
/// speaks English only, so its sentences are recognised by their shape
/// (swift-argument-parser 1.6) and said again; a sentence of another shape
/// stays as it is.
extension Catalogue {
    /// The argument parser's message for a usage error (its lines, without
    /// the `Error: ` prefix), in this catalogue's language.
    func argumentParserMessage(_ message: String) -> String {
        guard language == .korean else { return message }
        return message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { KoreanParticle.resolve(Self.koreanArgumentParserLine(String($0))) }
            .joined(separator: "\n")
    }

    /// The argument parser's help text with its own words (headings, the
    /// help and version flags, defaults) in this catalogue's language; the
    /// rest of it comes from the catalogue already.
    func argumentParserHelp(_ help: String) -> String {
        guard language == .korean else { return help }
        let words: [(String, String)] = [
            ("OVERVIEW: ", "개요: "), ("USAGE: ", "사용법: "), ("ARGUMENTS:", "인자:"), ("OPTIONS:", "옵션:"),
            ("SUBCOMMANDS:", "하위 명령:"), ("Show help information.", "도움말을 보여 줍니다."),
            ("Show the version.", "버전을 보여 줍니다."), ("values:", "값:"), ("default:", "기본값:"),
            ("See 'juice help <subcommand>' for detailed help.", "명령마다 자세한 도움말: juice help <subcommand>"),
        ]
        return words.reduce(help) { text, word in text.replacing(word.0, with: word.1) }
    }

    private static func koreanArgumentParserLine(_ line: String) -> String {
        if let match = line.wholeMatch(of: /Unknown option '(.+)'\. Did you mean '(.+)'\?/) {
            return "모르는 옵션 '\(match.1)'입니다 ('\(match.2)'을(를) 찾으셨나요?)"
        }
        if let match = line.wholeMatch(of: /Unknown option '(.+)'/) {
            return "모르는 옵션 '\(match.1)'입니다"
        }
        if let match = line.wholeMatch(of: /Missing value for '(.+)'/) {
            return "'\(match.1)'에 값이 없습니다"
        }
        if let match = line.wholeMatch(of: /Unexpected argument '(.+)'/) {
            return "뜻밖의 인자 '\(match.1)'이(가) 있습니다"
        }
        if let match = line.wholeMatch(of: /Missing expected argument '(.+)'/) {
            return "인자 '\(match.1)'이(가) 빠졌습니다"
        }
        if let match = line.wholeMatch(of: /The value '(.*)' is invalid for '(.+)'\. Please provide one of (.+)\./) {
            let choices = match.3.replacing(" or ", with: " 또는 ")
            return "'\(match.2)'에 '\(match.1)'은(는) 쓸 수 없습니다. 다음 중 하나를 주세요: \(choices)"
        }
        if let match = line.wholeMatch(of: /The value '(.*)' is invalid for '(.+)'(.*)/) {
            return "'\(match.2)'에 '\(match.1)'은(는) 쓸 수 없습니다\(match.3)"
        }
        if let match = line.wholeMatch(of: /Help:  (.*)/) {
            return "도움말:  \(match.1)"
        }
        if let match = line.wholeMatch(of: /Usage: (.*)/) {
            return "사용법: \(match.1)"
        }
        if let match = line.wholeMatch(of: #/  See '(.+)' for more information\./#) {
            return "  자세한 것은 '\(match.1)'을(를) 보세요."
        }
        return line
    }
}
