/// Did-you-mean suggestions by edit distance, as swift-argument-parser makes
/// them for flags, with their work bounded: a candidate whose length alone
/// puts it too far is skipped, and the distance is computed only within the
/// band of a typo, so one suggestion costs time linear in the lengths.
package enum Suggestion {
    /// The most edits a suggestion may be from the word.
    static let maximumEdits = 3

    /// The candidate closest to `word`, if one is close enough to be a typo:
    /// at most a third of the word's length apart (at least 1, at most 3
    /// edits) and fewer edits than half the shorter one's length (so `a` is
    /// no typo of `r`), or the same but for letter case.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        Candidates(candidates).closest(to: word)
    }

    /// Candidates made ready once for many words: their scalars and their
    /// lowercase forms, so that each word's search allocates nothing per
    /// candidate.
    struct Candidates {
        private let texts: [String]
        private let scalars: [[Unicode.Scalar]]
        private let folded: [String]

        init(_ candidates: some Sequence<String>) {
            texts = Array(candidates)
            scalars = texts.map { Array($0.unicodeScalars) }
            folded = texts.map { $0.lowercased() }
        }

        /// See ``Suggestion/closest(to:among:)``.
        func closest(to word: String) -> String? {
            let letters = Array(word.unicodeScalars)
            let limit = min(maximumEdits, max(1, letters.count / 3))
            let lowered = word.lowercased()
            var rows = EditRows()
            var best: (candidate: Int, distance: Int)?
            for index in texts.indices where texts[index] != word {
                // The cheapest rejection first: lengths too far apart.
                guard abs(scalars[index].count - letters.count) <= limit else { continue }
                let distance =
                    folded[index] == lowered
                    ? 0 : editDistance(letters, scalars[index], limit: limit, rows: &rows)
                if let distance, distance < best?.distance ?? .max,
                    distance == 0 || 2 * distance < min(letters.count, scalars[index].count)
                {
                    best = (index, distance)
                    if distance == 0 { break }
                }
            }
            return best.map { texts[$0.candidate] }
        }
    }

    /// `" (did you mean 'x'?)"`, or nothing when no candidate is close.
    static func clause(for word: String, among candidates: some Sequence<String>) -> Message.Argument {
        clause(closest(to: word, among: candidates))
    }

    /// `" (did you mean 'x'?)"` for a suggestion, or nothing.
    static func clause(_ suggestion: String?) -> Message.Argument {
        .optional(suggestion.map { Message(.didYouMean, "\($0)") })
    }

    /// The edit distance between two texts in Unicode scalars, if it is at
    /// most `limit`: insertions, deletions, substitutions and swaps of two
    /// neighbours (`nmae` is one edit from `name`) each count one.
    ///
    /// Only the diagonal band `|i - j| <= limit` of the usual table is
    /// computed, three rows at a time: time `O(length × limit)`, memory
    /// `O(length)`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        var rows = EditRows()
        return editDistance(a, b, limit: limit, rows: &rows)
    }

    /// Room for the three rows of ``editDistance(_:_:limit:)``, kept from one
    /// call to the next so that a search over many candidates allocates once.
    struct EditRows {
        var cells: [[Int]] = [[], [], []]
    }

    /// ``editDistance(_:_:limit:)`` in `rows`.
    static func editDistance(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, rows storage: inout EditRows
    ) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty else { return b.count <= limit ? b.count : nil }
        guard !b.isEmpty else { return a.count <= limit ? a.count : nil }
        let outside = limit + 1
        // rows[i % 3][j]: the distance between a's first i and b's first j scalars.
        // Taken out of `storage` while in use, so that it is not shared and
        // no write copies it.
        var rows: [[Int]] = []
        swap(&rows, &storage.cells)
        defer { swap(&rows, &storage.cells) }
        for row in 0..<3 {
            if rows[row].count < b.count + 1 {
                rows[row] = [Int](repeating: outside, count: b.count + 1)
            } else {
                for j in 0...b.count { rows[row][j] = outside }
            }
        }
        for j in 0...min(b.count, limit) { rows[0][j] = j }
        for i in 1...a.count {
            let current = i % 3
            let previous = (i + 2) % 3
            let beforePrevious = (i + 1) % 3
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            // The cells beside the band read as "too far"; the first column
            // holds i deletions while that is within the limit.
            rows[current][low - 1] = low == 1 && i <= limit ? i : outside
            if high < b.count { rows[current][high + 1] = outside }
            var rowMinimum = rows[current][low - 1]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(rows[previous][j] + 1, rows[current][j - 1] + 1, rows[previous][j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        value = min(value, rows[beforePrevious][j - 2] + 1)
                    }
                    rows[current][j] = min(value, outside)
                    rowMinimum = min(rowMinimum, rows[current][j])
                }
            }
            // Every path through this row already costs more than the limit.
            if rowMinimum > limit { return nil }
        }
        let distance = rows[a.count % 3][b.count]
        return distance <= limit ? distance : nil
    }
}

/// Did-you-mean clauses for many words against one list of candidates, with
/// the work capped: after ``Schema/maximumDiagnostics`` clauses it gives
/// none, since a file with more problems than that shows only the first.
struct Suggester {
    private let candidates: () -> [String]
    private var prepared: Suggestion.Candidates?
    private var remaining = Schema.maximumDiagnostics

    /// - Parameter candidates: made once, at the first suggestion.
    init(_ candidates: @escaping () -> [String]) {
        self.candidates = candidates
    }

    /// `" (did you mean 'x'?)"`, or nothing.
    mutating func clause(for word: String) -> Message.Argument {
        guard remaining > 0 else { return .optional(nil) }
        remaining -= 1
        if prepared == nil { prepared = Suggestion.Candidates(candidates()) }
        return Suggestion.clause(prepared?.closest(to: word))
    }
}
