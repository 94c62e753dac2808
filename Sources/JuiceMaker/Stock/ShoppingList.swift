extension Inventory {
    /// The shopping list for `orders`: every fruit they use, in the order of
    /// first use, with how many to buy as ``Shortage/missing`` (0 where the
    /// stock suffices). Changes nothing.
    public func shoppingList(for orders: [Order]) -> [Shortage] {
        Self.requirements(of: orders).map { Shortage(fruit: $0.fruit, needed: $0.quantity, available: self[$0.fruit]) }
    }
}
