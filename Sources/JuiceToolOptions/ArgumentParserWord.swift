import JuiceMaker
import JuiceWords

/// The argument parser's own words, as keys of the word tables (`parser.`
/// and its name). swift-argument-parser (1.8) speaks English only and has
/// no way to ask it for another language, so its English is recognised and
/// said again: a sentence's English template (`Unknown option '{1}'`) is
/// the shape of its lines, whose parts fill the other language's template.
package enum ArgumentParserWord: String, WordKey {
    // The sentences of a usage error, most specific first.
    case unknownOptionDidYouMean, unknownOption, missingValue, unexpectedArgument, missingExpectedArgument
    case invalidValueChoices, invalidValue, helpLine, usageLine, seeMore
    /// The last two choices of a list: `'a', 'b' or 'c'`.
    case or
    /// What starts a usage error where the parser says it itself
    /// (`juice-server`, `juice-sync`).
    case errorPrefix
    // The help's own words, replaced wherever they are.
    case overview, usage, arguments, options, subcommands, showHelp, showVersion, values, defaultValue
    case subcommandHelp
    /// Ours, said alike by every tool: an option of one value given more
    /// than once (``RepeatedOption``).
    case repeatedOption

    package static var namespace: String { "parser" }

    /// The sentences, in the order a line is tried against them.
    package static let sentences: [ArgumentParserWord] = [
        .unknownOptionDidYouMean, .unknownOption, .missingValue, .unexpectedArgument, .missingExpectedArgument,
        .invalidValueChoices, .invalidValue, .helpLine, .usageLine, .seeMore,
    ]

    /// The help's words.
    package static let helpWords: [ArgumentParserWord] = [
        .overview, .usage, .arguments, .options, .subcommands, .showHelp, .showVersion, .values, .defaultValue,
        .subcommandHelp,
    ]

    /// The parser's message for a usage error (its lines, an `Error: `
    /// first or not) in `language`.
    package static func said(_ message: String, in language: Language) -> String {
        guard language != .english else { return message }
        let prefix = errorPrefix.template(in: .english)
        guard !message.hasPrefix(prefix) else {
            return errorPrefix.template(in: language) + said(String(message.dropFirst(prefix.count)), in: language)
        }
        return message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { KoreanParticle.resolve(line(String($0), in: language)) }
            .joined(separator: "\n")
    }

    /// The parser's help text with its own words (headings, the help and
    /// version flags, defaults) in `language`.
    package static func helpSaid(_ help: String, in language: Language) -> String {
        guard language != .english else { return help }
        return helpWords.reduce(help) { text, word in
            text.replacing(word.template(in: .english), with: word.template(in: language))
        }
    }

    /// A line of a usage error in `language`: as it is when of no known
    /// shape.
    private static func line(_ line: String, in language: Language) -> String {
        guard let (word, found) = sentence(of: line) else { return line }
        var parts = found
        if word == .invalidValueChoices, let last = parts.indices.last {
            parts[last] = parts[last].replacing(
                " \(or.template(in: .english)) ", with: " \(or.template(in: language)) ")
        }
        return Template.fill(word.template(in: language), with: parts)
    }

    /// The sentence `line` is, and its parts in the order of its English
    /// template's placeholders; `nil` for a line of no known shape.
    package static func sentence(of line: String) -> (word: ArgumentParserWord, parts: [String])? {
        for word in sentences {
            guard let match = line.wholeMatch(of: word.shape) else { continue }
            let parts = match.output.dropFirst().map { $0.substring.map(String.init) ?? "" }
            return (word, parts)
        }
        return nil
    }

    /// The English template as a pattern: its text as it is, each
    /// placeholder any text.
    private var shape: Regex<AnyRegexOutput> {
        var pattern = ""
        var rest = Substring(template(in: .english))
        while let open = rest.firstMatch(of: /\{[0-9]+\}/) {
            pattern += Self.escaped(rest[..<open.range.lowerBound]) + "(.*)"
            rest = rest[open.range.upperBound...]
        }
        pattern += Self.escaped(rest)
        // The English template is this package's: it always compiles.
        return (try? Regex(pattern)) ?? Regex(/(?!)/)
    }

    private static func escaped(_ text: Substring) -> String {
        text.map { "\\^$.|?*+()[]{}".contains($0) ? "\\\($0)" : String($0) }.joined()
    }
}
