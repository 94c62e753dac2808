/// What to buy for a set of orders: per fruit, how many the orders need, how
/// many are in stock, and the shortfall.
public struct ShoppingItem: Sendable, Hashable {
    public var fruit: String
    public var needed: Int
    public var have: Int
    /// Only the shortfall: `needed - have`, or 0 when the stock suffices.
    public var buy: Int { max(0, needed - have) }

    public init(fruit: String, needed: Int, have: Int) {
        self.fruit = fruit
        self.needed = needed
        self.have = have
    }
}

extension Inventory {
    /// The shopping list for `orders`: every fruit they use, in the order of
    /// first use. Changes nothing.
    public func shoppingList(for orders: [Order]) -> [ShoppingItem] {
        Self.requirements(of: orders).map { ShoppingItem(fruit: $0.fruit, needed: $0.count, have: self[$0.fruit]) }
    }
}
