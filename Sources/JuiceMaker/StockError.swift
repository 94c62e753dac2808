/// Why a transaction on an ``Inventory`` was refused. Nothing changed.
public enum StockError: Error, Sendable, Hashable {
    /// Some fruits are short: `make` lacks them, or `adjust` would take a
    /// fruit below zero.
    case insufficient([Shortfall])
    /// An `adjust` would raise a fruit past ``Schema/maximumCount``.
    case aboveMaximum(fruit: String, result: Int)
}

/// One fruit a transaction needs more of than there is.
public struct Shortfall: Sendable, Hashable {
    public var fruit: String
    /// How many the transaction takes.
    public var needed: Int
    /// How many there are.
    public var available: Int

    public init(fruit: String, needed: Int, available: Int) {
        self.fruit = fruit
        self.needed = needed
        self.available = available
    }

    /// How many more would be needed.
    public var missing: Int { needed - available }
}
