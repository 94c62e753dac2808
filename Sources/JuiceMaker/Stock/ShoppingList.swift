extension Inventory {
    /// The shopping list for `orders`: every fruit they use, in the order of
    /// first use, with how many to buy as ``Shortage/missing`` (0 where the
    /// stock suffices). Changes nothing.
    public func shoppingList(for orders: [Order]) -> [Shortage] {
        Self.requirements(of: orders).map { Shortage(fruit: $0.fruit, needed: $0.quantity, available: self[$0.fruit]) }
    }

    /// The fruits `orders` lack, each with how many are missing: the
    /// shopping list without the fruits there are enough of.
    public func shortages(for orders: [Order]) -> [Shortage] {
        shoppingList(for: orders).filter { $0.missing > 0 }
    }

    /// The fruits `list` (the shopping list of this stock's unexpired
    /// part) lacks, as a make or a mix refuses them: each with how many of
    /// it in this stock have expired.
    package func shortages(in list: [Shortage]) -> [Shortage] {
        list.filter { $0.missing > 0 }.map { short in
            Shortage(
                fruit: short.fruit, needed: short.needed, available: short.available,
                expired: self[short.fruit] - short.available)
        }
    }
}
