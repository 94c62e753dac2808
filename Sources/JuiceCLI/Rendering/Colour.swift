/// ANSI colours for the severity words of stderr lines.
enum Colour {
    private static let words: [(word: String, start: String)] = [
        ("error:", "\u{1B}[1;31m"), ("warning:", "\u{1B}[1;35m"), ("note:", "\u{1B}[1;36m"),
    ]
    private static let reset = "\u{1B}[0m"

    /// `text` with its first severity word (at the start, or after a
    /// `file:line:column: ` place) coloured.
    static func highlight(_ text: String) -> String {
        for (word, start) in words where text.hasPrefix(word) {
            return start + word + reset + text.dropFirst(word.count)
        }
        // The earliest `: word`, so that a word inside the message stays.
        let found = words.compactMap { word, start in text.firstRange(of: ": " + word).map { ($0, word, start) } }
        guard let (range, word, start) = found.min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return text }
        return String(text[..<range.lowerBound]) + ": " + start + word + reset + String(text[range.upperBound...])
    }
}
