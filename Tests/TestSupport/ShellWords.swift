/// A command line as the pages show it, split as a shell would split a
/// simple one: words at spaces, with '...' and "..." quoting, and a `#`
/// that starts a word outside quotes starting a comment.
package struct ShellWords: Sendable, Equatable {
    /// The words, their quotes removed.
    package var words: [String]
    /// What follows `#`, without it; empty when there is no comment.
    package var comment: String

    /// Splits `text`.
    package init(_ text: String) {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var comment = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil } else { word?.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else if character == "#", word == nil {
                comment = String(text[text.index(after: index)...])
                break
            } else {
                word = (word ?? "") + String(character)
            }
            index = text.index(after: index)
        }
        if let finished = word { words.append(finished) }
        self.words = words
        self.comment = comment
    }
}
