import JuicePresentation
import JuiceToolOptions

/// The argument parser's own usage errors and help words in the
/// catalogue's language (see ``ArgumentParserWord``).
extension Catalogue {
    /// The argument parser's message for a usage error (its lines, without
    /// the `Error: ` prefix), in this catalogue's language.
    func argumentParserMessage(_ message: String) -> String {
        ArgumentParserWord.said(message, in: language)
    }

    /// The argument parser's help text with its own words (headings, the
    /// help and version flags, defaults) in this catalogue's language; the
    /// rest of it comes from the catalogue already.
    func argumentParserHelp(_ help: String) -> String {
        ArgumentParserWord.helpSaid(help, in: language)
    }
}
