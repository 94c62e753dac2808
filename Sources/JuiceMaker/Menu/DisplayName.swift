/// A name in one or more languages, as a menu writes it: a plain string, or
/// a mapping from locale to string.
public struct DisplayName: Sendable, Hashable {
    /// One translation.
    public struct Translation: Sendable, Hashable {
        /// The locale as written in the menu (`en`, `ko`, `ko-KR`).
        public var locale: String
        /// The name in this locale.
        public var text: String

        /// A name in `locale`.
        public init(locale: String, text: String) {
            self.locale = locale
            self.text = text
        }
    }

    /// The translations in the order the menu gives them; a plain string is
    /// one translation whose locale is empty.
    public var translations: [Translation]

    /// A name with these translations, in the order to fall back on.
    public init(_ translations: [Translation]) {
        self.translations = translations
    }

    /// A name in no particular language.
    public init(_ text: String) {
        self.translations = [Translation(locale: "", text: text)]
    }

    /// The name to show for `language` (a language code such as `ko`): the
    /// translation in that language, else English, else the first one given.
    public func text(for language: String?) -> String? {
        Self.preferred(translations, for: language) { Self.locale($0.locale.utf8, isIn: $1) }?.text
    }

    /// Of a name's translations, the one to show for `language`: the one in
    /// that language, else English, else the first; the one rule for a
    /// ``DisplayName`` and for a name held as bytes.
    ///
    /// - Parameter isIn: whether a translation's locale is in a language.
    static func preferred<Translations: Collection>(
        _ translations: Translations, for language: String?, isIn: (Translations.Element, String) -> Bool
    ) -> Translations.Element? {
        if let language, let match = translations.first(where: { isIn($0, language) }) { return match }
        return translations.first(where: { isIn($0, "en") }) ?? translations.first
    }

    /// Whether `locale` (its UTF-8) has the language part `language` (a
    /// lowercase code): ``language(of:)`` compared without making a string,
    /// since a report asks it of every name.
    static func locale(_ locale: some Collection<UInt8>, isIn language: String) -> Bool {
        var expected = language.utf8.makeIterator()
        for byte in locale {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "@")
            {
                break
            }
            guard byte < 0x80 else { return Self.language(of: String(decoding: locale, as: UTF8.self)) == language }
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            guard expected.next() == lowered else { return false }
        }
        return expected.next() == nil
    }

    /// The language part of a locale: `ko_KR.UTF-8`, `ko-KR` and `KO` are `ko`.
    public static func language(of locale: String) -> String {
        let end = locale.firstIndex { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" } ?? locale.endIndex
        return locale[..<end].lowercased()
    }

    /// The language the user asked for: `explicit` (from `--locale`), else the
    /// first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty,
    /// reduced to its language part; `nil` when none is set.
    package static func preferredLanguage(explicit: String?, environment: [String: String]) -> String? {
        let candidates = [explicit, environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
        guard let locale = candidates.lazy.compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return nil }
        return language(of: locale)
    }
}
