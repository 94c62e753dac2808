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
        switch language {
        case .english: english
        case .korean: korean
        }
    }

    private static let english = parsed(PackageResources.en_strings, "en.strings")
    private static let korean = parsed(PackageResources.ko_strings, "ko.strings")

    /// A file's table; a file that does not parse is a bug of this
    /// package (a test parses each), not of its user.
    private static func parsed(_ bytes: [UInt8], _ name: String) -> [String: String] {
        do {
            return try StringsFile.parse(bytes)
        } catch {
            preconditionFailure("\(name): \(error)")
        }
    }
}
