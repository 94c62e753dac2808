import JuiceMaker

/// Says why a command failed: in text on stderr, or as one JSON object on
/// stdout.
struct FailureRenderer {
    let context: FailureContext

    func write(_ failure: Failure) {
        if context.isJSON {
            Output.json(json(failure))
        } else {
            text(failure).forEach { Output.errorLine($0) }
        }
    }

    func json(_ failure: Failure) -> FailureJSON {
        var json = FailureJSON(error: failure.errorName, diagnostics: context.warnings + failure.diagnostics)
        switch failure {
        case .insufficientStock(let shortages), .negativeStock(let shortages):
            json.missing = Dictionary(uniqueKeysWithValues: shortages.map { ($0.fruit, $0.missing) })
        case .invalidData:
            break
        default:
            json.message = failure.message(name: name)
        }
        return json
    }

    /// The lines for stderr.
    func text(_ failure: Failure) -> [String] {
        switch failure {
        case .invalidData(let diagnostics):
            // Fruits the menu no longer has make every command fail on the
            // inventory: say how to drop them.
            let retired = diagnostics.contains {
                $0.code == .unknownFruit && $0.location.file == context.inventoryPath
            }
            let hint = "To drop the counts of fruits the menu no longer has: juice adjust --prune"
            return diagnostics.map(\.description) + (retired ? [hint + context.repeatedArguments] : [])
        case .insufficientStock(let shortages):
            let changes = shortages.map { "\($0.fruit)=+\($0.missing)" }.joined(separator: " ")
            // Adding what is missing must not pass the most a store may hold,
            // or the suggested command would itself be refused.
            let advice =
                shortages.allSatisfy { $0.needed <= Schema.maximumCount }
                ? "To add them: juice adjust \(changes)\(context.repeatedArguments)"
                : "No store may hold that many: a fruit's stock is at most \(Schema.maximumCount); order fewer servings"
            return ["error: not enough fruit; nothing was made"]
                + shortages.map {
                    "  \(name($0.fruit)): \($0.needed) needed, \($0.available) in stock, \($0.missing) more needed"
                }
                + [advice]
        case .negativeStock(let shortages):
            return ["error: the stock cannot go below zero; nothing changed"]
                + shortages.map {
                    "  \(name($0.fruit)): \($0.needed) to remove, \($0.available) in stock, \($0.missing) short"
                }
        default:
            return ["error: " + failure.message(name: name)]
        }
    }

    private func name(_ fruit: String) -> String {
        context.menu?.fruitName(fruit, for: context.language) ?? fruit
    }
}
