import JuiceMaker

/// A note on stderr when `--locale` names a language the menus give no
/// names in (`--locale kr`, `--locale 한국어`), which would otherwise fall
/// back to English without a word.
enum LanguageNote {
    /// Says so, once, when `locale` was given and the menus lack it.
    static func say(for locale: String?, menus: [Menu]) {
        guard let locale, let text = text(for: locale, menus: menus) else { return }
        Output.note(text)
    }

    /// The note, or `nil` when the menus have names in that language (or
    /// it is English, the fallback itself).
    static func text(for locale: String, menus: [Menu]) -> String? {
        let language = DisplayName.language(of: locale)
        let known = Set(menus.flatMap(\.languages)).union(["en"]).sorted()
        guard !known.contains(language) else { return nil }
        return Catalogue(language)(.unknownLanguage, locale, known.joined(separator: ", "))
    }
}
