import JuiceMaker
import JuiceWords

/// The library's sentences (diagnostics, file errors, order errors) in the
/// catalogue's language: one template per ``Message/Key`` in each word
/// table (`message.` keys). What a sentence quotes (ids, numbers, paths,
/// the system's and libyaml's own words) stays as it is.
extension Catalogue {
    /// `message` in this catalogue's language.
    package func callAsFunction(_ message: Message) -> String {
        message.rendered(using: templates)
    }

    /// The templates of the library's sentences in this language.
    package var templates: @Sendable (Message.Key) -> String {
        { [language] key in key.template(in: language) }
    }

    /// ` (did you mean 'x'?)`, or nothing.
    package func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { self(Message(.didYouMean, "\($0)")) } ?? ""
    }
}
