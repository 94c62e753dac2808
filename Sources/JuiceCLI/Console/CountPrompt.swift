import JuiceMaker
import JuicePresentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks for every fruit's count on the terminal, in the menu's order, for
/// `juice count --all`: each question on stderr (`Banana [12]: `), each
/// answer a line of stdin; Enter keeps the number shown. A blind count
/// (`--blind`) shows no number (`Banana: `), and Enter leaves the fruit
/// uncounted.
struct CountPrompt {
    let menu: Menu
    let language: String?

    /// Whether stdin is a terminal, which `--all` needs.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    /// Every fruit's count: what was typed, or on Enter `defaults`'s; an
    /// answer that is no count is said and asked again. `nil` when the
    /// input ends first.
    func ask(defaults: (String) -> Int) -> [String: Int]? {
        var counts: [String: Int] = [:]
        for fruit in menu.fruits {
            let current = defaults(fruit.id)
            guard let answer = ask(fruit, showing: current) else { return nil }
            counts[fruit.id] = answer.count ?? current
        }
        return counts
    }

    /// A blind count of every fruit but those of `given` (taken as they
    /// are): what was typed, Enter leaving a fruit out. `nil` when the
    /// input ends first.
    func askBlind(given: [String: Int]) -> [String: Int]? {
        var counts = given
        for fruit in menu.fruits where given[fruit.id] == nil {
            guard let answer = ask(fruit, showing: nil) else { return nil }
            counts[fruit.id] = answer.count
        }
        return counts
    }

    /// One answer: a count, or Enter alone (`count` is `nil`).
    private struct Answer {
        var count: Int?
    }

    /// One fruit's answer, asked again until it is a count or empty;
    /// `nil` when the input ends. `shown` is the number the question shows,
    /// none for a blind count.
    private func ask(_ fruit: Fruit, showing shown: Int?) -> Answer? {
        let text = Output.catalogue
        let name = fruit.displayName(for: language).controlsEscaped
        while true {
            Output.prompt(shown.map { text(.countPrompt, name, $0) } ?? text(.blindPrompt, name))
            guard let line = readLine() else { return nil }
            let typed = line.trimmingPrefix(while: \.isWhitespace).prefix { !$0.isWhitespace }
            if typed.isEmpty { return Answer(count: nil) }
            if let count = Schema.parseCount(typed, in: Schema.stockRange) { return Answer(count: count) }
            Output.errorLine(
                shown.map { text(.notACountNumber, String(typed), Schema.maximumCount, $0) }
                    ?? text(.notABlindCount, String(typed), Schema.maximumCount))
        }
    }
}
