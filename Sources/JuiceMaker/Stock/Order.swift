/// A number of servings of one recipe.
public struct Order: Sendable, Hashable {
    /// The recipe to make.
    public var recipe: Recipe
    /// How many servings, from 1 to ``Schema/maximumCount``.
    public var servings: Int

    /// `servings` servings of `recipe`; ``Menu/order(_:servings:)`` checks both against a menu.
    public init(_ recipe: Recipe, servings: Int = 1) {
        self.recipe = recipe
        self.servings = servings
    }
}

/// A change to the stock of one fruit.
public struct StockChange: Sendable, Hashable {
    /// What the change does to the fruit's count.
    public enum Operation: Sendable, Hashable {
        case add(Int)
        case remove(Int)
        case set(Int)
    }

    /// The fruit's id.
    public var fruit: String
    /// What happens to the count.
    public var operation: Operation

    /// A change of `fruit`'s count.
    public init(fruit: String, _ operation: Operation) {
        self.fruit = fruit
        self.operation = operation
    }
}
