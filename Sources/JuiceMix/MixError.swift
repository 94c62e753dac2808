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

extension MixError: CustomStringConvertible {
    /// What is wrong, in English, as `juice mix` says it; for
    /// ``insufficient(_:)``, followed by an indented line for each short fruit.
    public var description: String {
        switch self {
        case .missingPrice(let recipes, let objective):
            let names = recipes.map { "'\($0)'" }.joined(separator: ", ")
            return "no price for \(names): --objective \(objective.rawValue) needs the price of every recipe;"
                + " give each a `price:` in the menu"
        case .unknownRecipe(let id):
            return Message(.unknownRecipe, "\(id)", "").description
        case .maximumBelowMinimum(let recipe, let maximum, let minimum):
            return "--max \(recipe)=\(maximum) is below --min \(recipe)=\(minimum)"
        case .boundOutOfRange(_, let servings):
            return Message(.servingsOutOfRange, "\(servings)", "\(Schema.maximumCount)").description
        case .insufficient(let shortages):
            return
                (["not enough fruit for the --min servings; no mix is suggested"]
                + shortages.map { "  " + $0.message.description }).joined(separator: "\n")
        case .beyondCounting:
            return "the mix's value would pass what can be counted (over \(Int.max)); lower the prices or the stock"
        case .solverUnavailable(let reason):
            return "the solver, COIN-OR CBC, could not be loaded (\(reason));"
                + " install it (on Debian: apt install coinor-libcbc3)"
        }
    }
}
