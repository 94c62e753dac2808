import JuiceMaker

/// Says why a command failed: in text on stderr, or as one JSON object on
/// stdout.
package struct FailureRenderer {
    package let context: FailureContext

    /// A renderer of failures said as `context` says.
    package init(context: FailureContext) {
        self.context = context
    }

    /// The failure as the JSON object of a failed command.
    package func json(_ failure: Failure) -> FailureJSON {
        var json = FailureJSON(
            error: failure.errorName, message: failure.message(name: rawName, catalogue: context.catalogue),
            diagnostics: context.warnings + failure.diagnostics)
        switch failure {
        case .insufficientStock(let shortages), .minimumsShort(let shortages), .negativeStock(let shortages):
            json.missing = Dictionary(uniqueKeysWithValues: shortages.map { ($0.fruit, $0.missing) })
            let expired = shortages.filter { $0.expired > 0 }
            if !expired.isEmpty {
                json.expired = Dictionary(uniqueKeysWithValues: expired.map { ($0.fruit, $0.expired) })
            }
        case .orderClosed(_, _, let entry):
            json.entry = entry
        default:
            break
        }
        return json
    }

    /// The lines for stderr.
    package func text(_ failure: Failure) -> [String] {
        let text = context.language.map { Catalogue($0) } ?? context.catalogue
        switch failure {
        case .invalidData(let diagnostics):
            // Fruits the menu no longer has make every command fail on the
            // inventory: say how to drop them. A name close to a fruit of
            // the menu is a typo instead, which a prune would throw away.
            let retired = diagnostics.contains {
                $0.code == .unknownFruit && $0.location.file == context.inventoryPath && !$0.suggestsAName
            }
            return diagnostics.flatMap { $0.lines(in: text.language) }
                + (retired ? [text(.pruneHint, context.repeatedArguments)] : [])
        case .insufficientStock(let shortages), .minimumsShort(let shortages):
            let headline =
                if case .minimumsShort = failure { text(Message(.minimumsShort)) } else { text(.notEnoughFruit) }
            let changes = shortages.map { "\($0.fruit)=+\($0.missing)" }.joined(separator: " ")
            // Adding what is missing must not pass the most a store may hold,
            // or the suggested command would itself be refused.
            let advice =
                shortages.allSatisfy { $0.needed <= Schema.maximumCount }
                ? text(.toAddThem, changes, context.repeatedArguments)
                : text(.noStoreMayHold, Schema.maximumCount)
            return [text(.error) + ": " + headline]
                + shortages.map {
                    $0.expired > 0
                        ? text(.shortExpiredLine, name($0.fruit), $0.needed, $0.available, $0.missing, $0.expired)
                        : text(.shortLine, name($0.fruit), $0.needed, $0.available, $0.missing)
                }
                + [advice]
        case .negativeStock(let shortages):
            return [text(.error) + ": " + text(.belowZero)]
                + shortages.map { text(.removeLine, name($0.fruit), $0.needed, $0.available, $0.missing) }
        case .refusedEach(let texts):
            return texts.map { text(.error) + ": " + Self.shown($0) }
        default:
            return [text(.error) + ": " + Self.shown(failure.message(name: name, catalogue: text) ?? failure.errorName)]
        }
    }

    /// A fruit's name as the menu gives it (JSON escapes it its own way).
    private func rawName(_ fruit: String) -> String {
        context.menu?.fruitName(fruit, for: context.language) ?? fruit
    }

    /// A fruit's name in a line of text, its control characters escaped.
    private func name(_ fruit: String) -> String {
        rawName(fruit).controlsEscaped
    }

    /// A failure's message as lines of text: what it quotes (a name given
    /// on the command line or read from a file) with its control
    /// characters escaped, as a diagnostic's are; its own line breaks (the
    /// argument parser's usage under its error) kept.
    private static func shown(_ message: String) -> String {
        guard message.contains("\n") else { return message.controlsEscaped }
        return message.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).controlsEscaped }
            .joined(separator: "\n")
    }
}
