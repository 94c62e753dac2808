/// The stock of a store: how many of each fruit there are.
///
/// A value: the transactions below return a new inventory or throw, so a
/// refused transaction cannot have changed anything.
public struct Inventory: Sendable, Hashable {
    /// The count of each fruit, by id.
    public private(set) var counts: [String: Int]

    /// An inventory of the fruits `counts` lists: a transaction on any
    /// other throws ``StockError/unknownFruit(_:)``, and reading one gives 0.
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
    /// - Throws: ``StockError/insufficient(_:)`` listing every short fruit;
    ///   before that, ``StockError/servingsOutOfRange(_:)``,
    ///   ``StockError/unknownFruit(_:)`` or
    ///   ``StockError/quantityOutOfRange(recipe:fruit:quantity:)`` for the
    ///   first order that does not fit the inventory.
    public func making(_ orders: [Order]) throws(StockError) -> Inventory {
        for order in orders { try check(order) }
        let list = shoppingList(for: orders)
        let shortages = list.filter { $0.missing > 0 }
        guard shortages.isEmpty else { throw .insufficient(shortages) }
        var result = self
        for need in list {
            result.counts[need.fruit] = need.available - need.needed
        }
        return result
    }

    /// The inventory after applying the changes in order, as one transaction.
    ///
    /// - Throws: ``StockError/insufficient(_:)`` when a fruit would end below
    ///   zero (listing every such fruit), ``StockError/aboveMaximum(fruit:result:)``
    ///   when one would end above ``Schema/maximumCount``; before that,
    ///   ``StockError/unknownFruit(_:)`` or
    ///   ``StockError/amountOutOfRange(fruit:amount:)`` for the first change
    ///   that does not fit the inventory.
    public func adjusted(by changes: [StockChange]) throws(StockError) -> Inventory {
        for change in changes { try check(change) }
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

extension Inventory {
    /// Refuses an order that no menu of this inventory's fruits could give:
    /// servings out of range, a fruit it does not count, or a quantity out
    /// of range (in a recipe built in code).
    private func check(_ order: Order) throws(StockError) {
        guard Schema.servingsRange.contains(order.servings) else { throw .servingsOutOfRange(order.servings) }
        if let unknown = order.recipe.ingredients.first(where: { counts[$0.fruit] == nil }) {
            throw .unknownFruit(unknown.fruit)
        }
        if let unusable = order.recipe.unusableIngredients.first {
            throw .quantityOutOfRange(recipe: order.recipe.id, fruit: unusable.fruit, quantity: unusable.quantity)
        }
    }

    /// Refuses a change of a fruit this inventory does not count, or by an
    /// amount out of range.
    private func check(_ change: StockChange) throws(StockError) {
        guard counts[change.fruit] != nil else { throw .unknownFruit(change.fruit) }
        switch change.operation {
        case .add(let amount), .remove(let amount), .set(let amount):
            guard Schema.stockRange.contains(amount) else {
                throw .amountOutOfRange(fruit: change.fruit, amount: amount)
            }
        }
    }
}

/// The value of an overflowing addition or subtraction clamped to `Int`'s
/// range (such an overflow always wraps to the opposite sign).
private func saturating(_ outcome: (partialValue: Int, overflow: Bool)) -> Int {
    guard outcome.overflow else { return outcome.partialValue }
    return outcome.partialValue < 0 ? Int.max : Int.min
}
