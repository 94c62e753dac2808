import JuiceWords

extension Diagnostic {
    /// The words a diagnostic's lines start with, after the location
    /// (`text.` keys, which every front end shares).
    package enum Word: String, WordKey {
        case error, warning, note

        /// These words are `text.` keys, as the front ends' other words.
        package static var namespace: String { "text" }
    }

    /// The diagnostic as compilers print it, in `language`:
    /// `file:line:column: error: message [code]` and a line per note (the
    /// code never changes). `juice`, `juice-sync` and ``description`` say it
    /// so. What the message quotes has its control characters escaped
    /// (``Message/renderedAsText(using:)``): a till's field or a menu's key
    /// holding an escape sequence cannot change the terminal's line.
    package func lines(in language: Language) -> [String] {
        let word: Word =
            switch severity {
            case .error: .error
            case .warning: .warning
            case .note: .note
            }
        let severityWord = word.template(in: language)
        let say = { (message: Message) in message.renderedAsText { $0.template(in: language) } }
        return ["\(location): \(severityWord): \(say(explanation)) [\(code.rawValue)]"]
            + notes.map { "\($0.location): \(Word.note.template(in: language)): \(say($0.explanation))" }
    }
}
