/// Why a transaction on an ``Inventory`` was refused. Nothing changed.
public enum StockError: Error, Sendable, Hashable {
    /// Some fruits are short: `make` lacks them, or `adjust` would take a
    /// fruit below zero.
    case insufficient([Shortage])
    /// An `adjust` would raise a fruit past ``Schema/maximumCount``.
    case aboveMaximum(fruit: String, result: Int)
}
