/// Every text a person reads from Juice Maker, one table per language:
/// `Resources/en.strings` and `Resources/ko.strings`, embedded in the code
/// (a binary carries its words, with no bundle beside it), each parsed
/// once, on its first use.
///
/// A text is a template: `{1}`, `{2}`, ... stand for its arguments in
/// order (see ``Template``). Code names a text by a ``WordKey`` case.
package enum Words {
    /// Every key and template of `language`'s file.
    package static func table(_ language: Language) -> [String: String] {
        var table: [String: String] = [:]
        for (namespace, texts) in sections(language) {
            for (name, text) in texts { table[namespace + "." + name] = text }
        }
        return table
    }

    /// The templates of `language` whose keys start with `namespace` and a
    /// dot, by the rest of their keys: a text is looked up without making
    /// its whole key.
    package static func section(_ namespace: String, _ language: Language) -> [String: String] {
        sections(language)[namespace] ?? [:]
    }

    private static func sections(_ language: Language) -> [String: [String: String]] {
        switch language {
        case .english: english
        case .korean: korean
        }
    }

    private static let english = parsed(PackageResources.en_strings, "en.strings")
    private static let korean = parsed(PackageResources.ko_strings, "ko.strings")

    /// A file's table, by namespace; a file that does not parse is a bug
    /// of this package (a test parses each), not of its user.
    private static func parsed(_ bytes: [UInt8], _ name: String) -> [String: [String: String]] {
        do {
            var sections: [String: [String: String]] = [:]
            for (key, text) in try StringsFile.parse(bytes) {
                let dot = key.firstIndex(of: ".") ?? key.startIndex
                let rest = dot == key.startIndex ? key : String(key[key.index(after: dot)...])
                sections[String(key[..<dot]), default: [:]][rest] = text
            }
            return sections
        } catch {
            preconditionFailure("\(name): \(error)")
        }
    }
}
