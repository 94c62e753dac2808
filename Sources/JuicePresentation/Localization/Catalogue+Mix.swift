import JuiceMaker
import JuiceMix

extension Catalogue {
    /// Why a mix cannot be asked for, in one sentence; `nil` for a stock
    /// that cannot meet the minimums, which is said as a refused `make` is.
    package func describe(_ error: MixError) -> String? {
        switch error {
        case .missingPrice(let recipes, let objective):
            return self(.missingPrice, recipes.map { "'\($0)'" }.joined(separator: ", "), objective.rawValue)
        case .unknownRecipe(let id): return self(Message(.unknownRecipe, "\(id)", ""))
        case .maximumBelowMinimum(let recipe, let maximum, let minimum):
            return self(.maxBelowMin, recipe, maximum, minimum)
        case .boundOutOfRange(_, let servings):
            return self(Message(.servingsOutOfRange, "\(servings)", "\(Schema.maximumCount)"))
        case .beyondCounting: return self(.mixBeyondCounting, Int.max)
        case .solverUnavailable(let reason): return self(.solverUnavailable, reason)
        case .insufficient: return nil
        }
    }
}
