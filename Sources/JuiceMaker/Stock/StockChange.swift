/// A change to the stock of one fruit.
public struct StockChange: Sendable, Hashable {
    /// What the change does to the fruit's count, by an amount from 0 to
    /// ``Schema/maximumCount``: ``Inventory/adjusted(by:)`` refuses any other.
    public enum Operation: Sendable, Hashable {
        /// Add this many.
        case add(Int)
        /// Take this many away.
        case remove(Int)
        /// Make the count this.
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
