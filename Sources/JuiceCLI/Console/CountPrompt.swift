import JuiceMaker
import JuicePresentation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Asks for every fruit's count on the terminal, in the menu's order, for
/// `juice count --all`: each question on stderr (`Banana [12]: `), each
/// answer a line of stdin; Enter keeps the number shown.
struct CountPrompt {
    let menu: Menu
    let language: String?

    /// Whether stdin is a terminal, which `--all` needs.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 }

    /// Every fruit's count: what was typed, or on Enter `defaults`'s; an
    /// answer that is no count is said and asked again. `nil` when the
    /// input ends first.
    func ask(defaults: (String) -> Int) -> [String: Int]? {
        let text = Output.catalogue
        var counts: [String: Int] = [:]
        for fruit in menu.fruits {
            let current = defaults(fruit.id)
            while counts[fruit.id] == nil {
                Output.prompt(text(.countPrompt, fruit.displayName(for: language), current))
                guard let line = readLine() else { return nil }
                let answer = line.trimmingPrefix(while: \.isWhitespace)
                let typed = answer.prefix { !$0.isWhitespace }
                if typed.isEmpty {
                    counts[fruit.id] = current
                } else if let count = Schema.parseCount(typed, in: Schema.stockRange) {
                    counts[fruit.id] = count
                } else {
                    Output.errorLine(text(.notACountNumber, String(typed), Schema.maximumCount, current))
                }
            }
        }
        return counts
    }
}
