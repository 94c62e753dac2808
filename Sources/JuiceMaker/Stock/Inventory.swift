/// The stock of a store: how many of each fruit there are.
///
/// A value: the transactions below return a new inventory or throw, so a
/// refused transaction cannot have changed anything.
public struct Inventory: Sendable, Hashable {
    /// The count of each fruit, by id.
    public private(set) var counts: [String: Int]

    /// An inventory with these counts; a fruit it does not list counts 0.
    public init(counts: [String: Int]) {
        self.counts = counts
    }

    /// The menu's initial stock of every fruit.
    public init(initialStockOf menu: Menu) {
        counts = menu.initialCounts
    }

    /// The count of a fruit; 0 for one the inventory does not list.
    public subscript(fruit: String) -> Int {
        counts[fruit] ?? 0
    }

    /// How many of each fruit the orders use together, fruits in the order
    /// they first appear. A total past `Int.max` saturates there:
    /// ``Order/totals(of:)`` says so instead.
    public static func requirements(of orders: [Order]) -> [Recipe.Ingredient] {
        Order.accumulate(orders).totals
    }

    /// The inventory after making every order, as one transaction.
    ///
    /// The whole requirement is checked before any count changes, so a short
    /// second ingredient can never leave the first one consumed.
    ///
    /// - Throws: ``StockError/insufficient(_:)`` listing every short fruit.
    public func making(_ orders: [Order]) throws(StockError) -> Inventory {
        let requirements = Self.requirements(of: orders)
        let shortages = requirements.map { Shortage(fruit: $0.fruit, needed: $0.quantity, available: self[$0.fruit]) }
            .filter { $0.missing > 0 }
        guard shortages.isEmpty else { throw .insufficient(shortages) }
        var result = self
        for requirement in requirements {
            result.counts[requirement.fruit] = self[requirement.fruit] - requirement.quantity
        }
        return result
    }

    /// The inventory after applying the changes in order, as one transaction.
    ///
    /// - Throws: ``StockError/insufficient(_:)`` when a fruit would end below
    ///   zero (listing every such fruit), ``StockError/aboveMaximum(fruit:result:)``
    ///   when one would end above ``Schema/maximumCount``.
    public func adjusted(by changes: [StockChange]) throws(StockError) -> Inventory {
        var result = self
        var touched: [String] = []
        for change in changes {
            let current = result[change.fruit]
            if !touched.contains(change.fruit) { touched.append(change.fruit) }
            switch change.operation {
            case .add(let amount): result.counts[change.fruit] = saturating(current.addingReportingOverflow(amount))
            case .remove(let amount):
                result.counts[change.fruit] = saturating(current.subtractingReportingOverflow(amount))
            case .set(let amount): result.counts[change.fruit] = amount
            }
        }
        let shortages = touched.compactMap { fruit in
            result[fruit] < 0
                ? Shortage(fruit: fruit, needed: self[fruit] - result[fruit], available: self[fruit]) : nil
        }
        guard shortages.isEmpty else { throw .insufficient(shortages) }
        if let fruit = touched.first(where: { result[$0] > Schema.maximumCount }) {
            throw .aboveMaximum(fruit: fruit, result: result[fruit])
        }
        return result
    }
}

/// The value of an overflowing addition or subtraction clamped to `Int`'s
/// range (such an overflow always wraps to the opposite sign).
private func saturating(_ outcome: (partialValue: Int, overflow: Bool)) -> Int {
    guard outcome.overflow else { return outcome.partialValue }
    return outcome.partialValue < 0 ? Int.max : Int.min
}
