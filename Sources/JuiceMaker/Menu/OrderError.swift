/// An order or a stock change, as a person writes it, that does not fit the
/// menu: a recipe or fruit it lacks, or text not of the expected form.
public enum OrderError: Error, Sendable, Hashable {
    /// No recipe has this id or name; `suggestion` is a close id or name,
    /// if any.
    case unknownRecipe(String, suggestion: String?)
    /// No fruit has this id or name; `suggestion` is a close id or name, if
    /// any.
    case unknownFruit(String, suggestion: String?)
    /// The servings of `RECIPE=N` are not a whole number in range.
    case invalidServings(String, order: String)
    /// A change that is not `FRUIT=+N`, `FRUIT=-N` or `FRUIT=N`.
    case notAChange(String)
    /// The amount of a change is not a whole number in range.
    case invalidAmount(String, change: String)
    /// Servings out of range in an order built in code.
    case servingsOutOfRange(Int)
    /// The orders together need more of a fruit than an `Int` counts.
    case beyondCounting(fruit: String)
    /// A name that fits several recipes or several fruits: their ids.
    case ambiguous(String, candidates: [String])
    /// A recipe was wanted, and the name is a fruit's.
    case fruitNamedAsRecipe(String)
    /// A fruit was wanted, and the name is a recipe's.
    case recipeNamedAsFruit(String)
}

extension OrderError: CustomStringConvertible {
    /// What is wrong, in one sentence, with a did-you-mean where one is close.
    public var description: String {
        switch self {
        case .unknownRecipe(let id, let suggestion):
            return "unknown recipe '\(id)'" + Suggestion.clause(suggestion)
        case .unknownFruit(let id, let suggestion):
            return "unknown fruit '\(id)'" + Suggestion.clause(suggestion)
        case .invalidServings(let count, let order):
            return
                "invalid number of servings '\(count)' in '\(order)': expected a whole number from 1 to \(Schema.maximumCount)"
        case .notAChange(let text):
            return "'\(text)' is not a change: write FRUIT=+N to add, FRUIT=-N to remove, FRUIT=N to set"
        case .invalidAmount(let amount, let change):
            return
                "invalid amount '\(amount)' in '\(change)': expected +N, -N or N, N a whole number from 0 to \(Schema.maximumCount)"
        case .ambiguous(let name, let candidates):
            return "'\(name)' names several: \(candidates.joined(separator: ", ")); write one of these ids"
        case .fruitNamedAsRecipe(let name):
            return "'\(name)' is a fruit, not a recipe"
        case .recipeNamedAsFruit(let name):
            return "'\(name)' is a recipe, not a fruit"
        case .beyondCounting(let fruit):
            return
                "the orders together need more '\(fruit)' than can be counted (over \(Int.max)); order fewer servings"
        case .servingsOutOfRange(let servings):
            return "invalid number of servings \(servings): expected a whole number from 1 to \(Schema.maximumCount)"
        }
    }
}
