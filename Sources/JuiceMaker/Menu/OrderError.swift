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
    /// A count that is not `FRUIT=N`.
    case notACount(String)
    /// What arrived that is not `FRUIT=N`, N the fruits that came.
    case notAnArrival(String)
    /// The amount of a change is not a whole number in range.
    case invalidAmount(String, change: String)
    /// The best-before after `@` (`FRUIT=+N@YYYY-MM-DD`,
    /// `FRUIT=N@YYYY-MM-DD`) is not a day written `YYYY-MM-DD`.
    case invalidBestBefore(String, change: String)
    /// A change gives a best-before with an amount that adds no lot
    /// (`FRUIT=-N@…`, `FRUIT=N@…`): only `FRUIT=+N@YYYY-MM-DD` does.
    case datedNotAddition(String)
    /// The number of a count is not a whole number in range.
    case invalidCount(String, count: String)
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
    /// A change of a fruit gives a best-before date (`kiwi=+2@2027-01-01`)
    /// for a reason that is no delivery (the reason's name): only a
    /// delivery adds a lot of its own, else fruit could be dated fresher.
    case datedNotDelivery(String, reason: String)
}

extension OrderError {
    /// What is wrong, in one sentence, with a did-you-mean where one is close.
    public var message: Message {
        let maximum: Message.Argument = "\(Schema.maximumCount)"
        switch self {
        case .unknownRecipe(let id, let suggestion):
            return Message(.unknownRecipe, "\(id)", Suggestion.clause(suggestion))
        case .unknownFruit(let id, let suggestion):
            return Message(.unknownFruit, "\(id)", Suggestion.clause(suggestion))
        case .invalidServings(let count, let order):
            return Message(.invalidServings, "\(count)", "\(order)", maximum)
        case .notAChange(let text):
            return Message(.notAChange, "\(text)")
        case .notACount(let text):
            return Message(.notACount, "\(text)")
        case .notAnArrival(let text):
            return Message(.notAnArrival, "\(text)")
        case .invalidAmount(let amount, let change):
            return Message(.invalidAmount, "\(amount)", "\(change)", maximum)
        case .invalidBestBefore(let date, let change):
            return Message(.invalidBestBefore, "\(date)", "\(change)")
        case .datedNotAddition(let change):
            return Message(.datedNotAddition, "\(change)")
        case .invalidCount(let number, let count):
            return Message(.countOutOfRange, "\(number)", "\(count)", maximum)
        case .ambiguous(let name, let candidates):
            return Message(.ambiguous, "\(name)", "\(candidates.joined(separator: ", "))")
        case .fruitNamedAsRecipe(let name):
            return Message(.fruitNamedAsRecipe, "\(name)")
        case .recipeNamedAsFruit(let name):
            return Message(.recipeNamedAsFruit, "\(name)")
        case .datedNotDelivery(let fruit, let reason):
            return Message(.datedNotDelivery, "\(fruit)", "\(reason)")
        case .beyondCounting(let fruit):
            return Message(.beyondCounting, "\(fruit)", "\(Int.max)")
        case .servingsOutOfRange(let servings):
            return Message(.servingsOutOfRange, "\(servings)", maximum)
        }
    }
}

extension OrderError: CustomStringConvertible {
    /// ``message`` in English.
    public var description: String { message.description }
}
