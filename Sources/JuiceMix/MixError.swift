import JuiceMaker

/// Why a mix cannot be asked for or cannot be made.
public enum MixError: Error, Sendable, Hashable {
    /// The objective needs prices that these recipes (ids, in menu order)
    /// do not have.
    case missingPrice([String], objective: MixObjective)
    /// A bound names a recipe the menu lacks.
    case unknownRecipe(String)
    /// A recipe's maximum is below its minimum.
    case maximumBelowMinimum(recipe: String, maximum: Int, minimum: Int)
    /// A bound outside 0 (1 for a minimum) to ``Schema/maximumCount``.
    case boundOutOfRange(recipe: String, servings: Int)
    /// The stock cannot make the minimums: every short fruit, as `make`
    /// of those orders would say.
    case insufficient([Shortage])
    /// The best mix's value passes what an `Int` counts.
    case beyondCounting
    /// CBC, the solver, could not be loaded: the dynamic loader's reasons.
    case solverUnavailable(String)
}

extension MixError {
    /// What is wrong, in one sentence, as `juice mix` says it; `nil` for
    /// ``insufficient(_:)``, which is said by its shortages.
    public var message: Message? {
        switch self {
        case .missingPrice(let recipes, let objective):
            return Message(
                .missingPrice, "\(recipes.map { "'\($0)'" }.joined(separator: ", "))", "\(objective.rawValue)")
        case .unknownRecipe(let id): return Message(.unknownRecipe, "\(id)", "")
        case .maximumBelowMinimum(let recipe, let maximum, let minimum):
            return Message(.maxBelowMin, "\(recipe)", "\(maximum)", "\(minimum)")
        case .boundOutOfRange(_, let servings):
            return Message(.servingsOutOfRange, "\(servings)", "\(Schema.maximumCount)")
        case .insufficient: return nil
        case .beyondCounting: return Message(.mixBeyondCounting, "\(Int.max)")
        case .solverUnavailable(let reason): return Message(.solverUnavailable, "\(reason)")
        }
    }
}

extension MixError: CustomStringConvertible {
    /// What is wrong, in English, as `juice mix` says it; for
    /// ``insufficient(_:)``, a headline and an indented line for each short
    /// fruit.
    public var description: String {
        guard case .insufficient(let shortages) = self else { return message?.description ?? "" }
        return
            ([Message(.minimumsShort).description]
            + shortages.map { "  " + $0.message.description }).joined(separator: "\n")
    }
}
