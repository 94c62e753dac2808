import JuicePresentation

/// ANSI colours for the severity words of stderr lines.
enum Colour {
    private static let reset = "\u{1B}[0m"

    /// `text` with its first severity word (at the start, or after a
    /// `file:line:column: ` place) coloured; the words are `catalogue`'s.
    static func highlight(_ text: String, _ catalogue: Catalogue) -> String {
        let words: [(word: String, start: String)] = [
            (catalogue(.error) + ":", "\u{1B}[1;31m"), (catalogue(.warning) + ":", "\u{1B}[1;35m"),
            (catalogue(.note) + ":", "\u{1B}[1;36m"),
        ]
        for (word, start) in words where text.hasPrefix(word) {
            return start + word + reset + text.dropFirst(word.count)
        }
        // The earliest `: word`, so that a word inside the message stays.
        let found = words.compactMap { word, start in text.firstRange(of: ": " + word).map { ($0, word, start) } }
        guard let (range, word, start) = found.min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return text }
        return String(text[..<range.lowerBound]) + ": " + start + word + reset + String(text[range.upperBound...])
    }
}
