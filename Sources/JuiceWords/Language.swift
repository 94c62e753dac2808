/// A language the words are written in: one `.strings` file each, named
/// by the code (`en.strings`, `ko.strings`).
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case korean = "ko"

    /// The language of a code (`ko`), English for any other or none.
    public init(code: String?) {
        self = code.flatMap(Language.init(rawValue:)) ?? .english
    }
}
