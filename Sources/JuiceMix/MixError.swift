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
