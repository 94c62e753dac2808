import SeededRandom
import Testing

@testable import JuiceMaker

/// Did-you-mean: the banded edit distance agrees with the full table, and
/// the work stays bounded.
@Suite struct SuggestionTests {
    /// The textbook table (restricted Damerau-Levenshtein), every cell.
    private func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        guard !a.isEmpty, !b.isEmpty else { return rows[a.count][b.count] }
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

    @Test func theBandedDistanceIsTheFullDistanceWithinTheLimitAndNilBeyond() {
        // Seeded: the same words on every run.
        var random = SplitMix64(seed: 20_261_122)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let alphabet = Array("abc".unicodeScalars)
        for _ in 0..<3_000 {
            let a = (0..<next(9)).map { _ in alphabet[next(3)] }
            let b = (0..<next(9)).map { _ in alphabet[next(3)] }
            let full = fullDistance(a, b)
            for limit in 1...3 {
                let banded = Suggestion.editDistance(a, b, limit: limit)
                #expect(
                    banded == (full <= limit ? full : nil),
                    "\(String(String.UnicodeScalarView(a))) \(String(String.UnicodeScalarView(b))) \(limit)")
            }
        }
    }

    @Test func typosAndCaseAreSuggestedAndFarWordsAreNot() {
        let fruits = ["strawberry", "banana", "kiwi", "mango"]
        #expect(Suggestion.closest(to: "strawbery", among: fruits) == "strawberry")
        #expect(Suggestion.closest(to: "bnaana", among: fruits) == "banana")
        #expect(Suggestion.closest(to: "KIWI", among: fruits) == "kiwi")
        #expect(Suggestion.closest(to: "melon", among: fruits) == nil)
        #expect(Suggestion.closest(to: "kiwi", among: fruits) == nil)
    }

    @Test func aLongWordAmongLongCandidatesIsComparedInTheBandOnly() {
        let long = String(repeating: "k", count: 20_000)
        let near = String(long.dropLast()) + "x"
        #expect(Suggestion.closest(to: long, among: [near, "kiwi"]) == near)
        #expect(Suggestion.editDistance(Array(long.unicodeScalars), Array(near.unicodeScalars), limit: 3) == 1)
    }

    @Test func aSuggesterStopsSuggestingAfterTheDiagnosticsLimit() {
        var made = 0
        var suggester = Suggester {
            made += 1
            return ["kiwi"]
        }
        let clauses = (0..<150).map { _ in suggester.clause(for: "kiwii") }
        #expect(clauses.prefix(Schema.maximumDiagnostics).allSatisfy { $0 == .message(Message(.didYouMean, "kiwi")) })
        #expect(clauses.dropFirst(Schema.maximumDiagnostics).allSatisfy { $0 == .text("") })
        #expect(made == 1)
    }

    @Test func moreDiagnosticsThanTheLimitKeepErrorsFirstAndCountTheRest() {
        let warnings = (1...150).map {
            Diagnostic.warning(.unusedFruit, Message(.unusedFruit, "w\($0)"), at: .start(of: "m.yaml"))
        }
        let errors = (1...30).map {
            Diagnostic.error(.unknownFruit, Message(.unknownFruit, "e\($0)", ""), at: .start(of: "m.yaml"))
        }
        let limited = (warnings + errors).limited()
        #expect(limited.count == Schema.maximumDiagnostics + 1)
        #expect(limited.filter { $0.severity == .error && $0.code == .unknownFruit }.count == 30)
        #expect(
            limited.filter { $0.code == .unusedFruit }.map(\.message)
                == (1...70).map { "fruit 'w\($0)' is used by no recipe" })
        #expect(
            limited.last?.message
                == "80 more problems are not shown (0 of them errors), past the diagnostics limit of 100")
        #expect(limited.last?.severity == .warning)
        #expect(warnings.prefix(100).map { $0 }.limited() == Array(warnings.prefix(100)))
    }
}
