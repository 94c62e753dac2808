/// Did-you-mean suggestions by edit distance, as swift-argument-parser makes
/// them for flags.
enum Suggestion {
    /// The candidate closest to `word`, if one is close enough to be a typo:
    /// at most a third of the word's length apart (at least 1, at most 3 edits).
    static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let limit = min(3, max(1, word.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance =
                candidate.lowercased() == word.lowercased() ? 0 : editDistance(word, candidate)
            if distance <= limit, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `" (did you mean 'x'?)"`, or nothing when no candidate is close.
    static func clause(for word: String, among candidates: some Sequence<String>) -> String {
        clause(closest(to: word, among: candidates))
    }

    /// `" (did you mean 'x'?)"` for a suggestion, or nothing.
    static func clause(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The edit distance between two strings, in characters: insertions,
    /// deletions, substitutions and swaps of two neighbours (`nmae` is one
    /// edit from `name`) each count one.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        // rows[i][j]: the distance between a's first i and b's first j characters.
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
