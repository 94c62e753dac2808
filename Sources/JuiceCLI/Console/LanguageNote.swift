import JuiceMaker
import JuicePresentation

/// A note on stderr when `--locale` names a language the menus give no
/// names in (`--locale kr`, `--locale 한국어`), which would otherwise fall
/// back to English without a word.
enum LanguageNote {
    /// Says so, once, when `locale` was given and the menus lack it.
    ///
    /// - Parameter languages: the languages the menus give names in.
    static func say(for locale: String?, languages: some Sequence<String>, quiet: Bool) {
        guard let locale, let text = text(for: locale, languages: languages) else { return }
        Output.note(text, quiet: quiet)
    }

    /// The note, or `nil` when the menus have names in that language (or
    /// it is English, the fallback itself).
    ///
    /// - Parameter languages: the languages the menus give names in.
    static func text(for locale: String, languages: some Sequence<String>) -> String? {
        let language = DisplayName.language(of: locale)
        let known = Set(languages).union(["en"]).sorted()
        guard !known.contains(language) else { return nil }
        return Catalogue(language)(.unknownLanguage, locale, known.joined(separator: ", "))
    }
}
