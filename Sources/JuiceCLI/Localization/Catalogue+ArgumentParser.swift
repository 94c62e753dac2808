import JuiceMaker
import JuicePresentation
import JuiceWords

/// The argument parser's own usage errors and help words in the
/// catalogue's language (see ``ArgumentParserWord``); a line of a shape
/// it does not know stays as it is.
extension Catalogue {
    /// The argument parser's message for a usage error (its lines, without
    /// the `Error: ` prefix), in this catalogue's language.
    func argumentParserMessage(_ message: String) -> String {
        guard language != .english else { return message }
        return message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { KoreanParticle.resolve(argumentParserLine(String($0))) }
            .joined(separator: "\n")
    }

    /// The argument parser's help text with its own words (headings, the
    /// help and version flags, defaults) in this catalogue's language; the
    /// rest of it comes from the catalogue already.
    func argumentParserHelp(_ help: String) -> String {
        guard language != .english else { return help }
        return ArgumentParserWord.helpWords.reduce(help) { text, word in
            text.replacing(word.template(in: .english), with: word.template(in: language))
        }
    }

    private func argumentParserLine(_ line: String) -> String {
        guard let (word, found) = ArgumentParserWord.sentence(of: line) else { return line }
        var parts = found
        if word == .invalidValueChoices, let last = parts.indices.last {
            let or = ArgumentParserWord.or
            parts[last] = parts[last].replacing(
                " \(or.template(in: .english)) ", with: " \(or.template(in: language)) ")
        }
        return Template.fill(word.template(in: language), with: parts)
    }
}
