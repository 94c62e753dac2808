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

    /// Which lot an increase joins.
    public enum Destination: Sendable, Hashable {
        /// The lot with the earliest best-before (the undated one when none
        /// is dated): a count's surplus, a correction's increase.
        case earliestLot
        /// A lot of this best-before (`nil`: the undated lot): a delivery.
        case lot(bestBefore: CalendarDate?)
    }

    /// The fruit's id.
    public var fruit: String
    /// What happens to the count.
    public var operation: Operation
    /// The lot an increase joins; a decrease takes from the lots earliest
    /// best-before first, whatever this says.
    public var destination: Destination

    /// A change of `fruit`'s count, an increase joining `destination`.
    public init(fruit: String, _ operation: Operation, destination: Destination = .earliestLot) {
        self.fruit = fruit
        self.operation = operation
        self.destination = destination
    }
}
