/// The stock of a store: how many of each fruit there are, and for a
/// fruit that has fruit with a best-before date, its lots.
///
/// A value: the transactions below return a new inventory or throw, so a
/// refused transaction cannot have changed anything.
public struct Inventory: Sendable, Hashable {
    /// The count of each fruit, by id: the whole stock, lots of every date
    /// (expired ones too) together.
    public private(set) var counts: [String: Int]
    /// The lots of each fruit that has a dated lot (see ``lots(of:)``),
    /// used first to last; their counts add up to the fruit's count.
    public private(set) var datedLots: [String: [Lot]] = [:]

    /// An inventory of the fruits `counts` lists: a transaction on any
    /// other throws ``StockError/unknownFruit(_:)``, and reading one gives 0.
    public init(counts: [String: Int]) {
        self.counts = counts
    }

    /// An inventory of the fruits `counts` lists, those in `lots` held in
    /// those lots (their counts then come from the lots: lots of one date
    /// are one lot, empty lots are dropped).
    public init(counts: [String: Int], lots: [String: [Lot]]) {
        self.counts = counts
        for (fruit, fruitLots) in lots { setLots(fruitLots, of: fruit) }
    }

    /// The menu's initial stock of every fruit.
    public init(initialStockOf menu: Menu) {
        counts = menu.initialCounts
    }

    /// The count of a fruit; 0 for one the inventory does not list.
    public subscript(fruit: String) -> Int {
        counts[fruit] ?? 0
    }

    /// The lots of a fruit, used first to last: dated ones earliest
    /// best-before first, then the undated one; one undated lot for a fruit
    /// with no date (none when its count is 0).
    public func lots(of fruit: String) -> [Lot] {
        if let lots = datedLots[fruit] { return lots }
        let count = self[fruit]
        return count == 0 ? [] : [Lot(count: count)]
    }

    /// Sets a fruit's lots and its count, their sum: lots of one date made
    /// one, empty ones dropped, in the order they are used.
    mutating func setLots(_ lots: [Lot], of fruit: String) {
        var merged: [Lot] = []
        for lot in lots.sorted(by: Lot.isUsedBefore) where lot.count != 0 {
            if let last = merged.last, last.bestBefore == lot.bestBefore {
                merged[merged.count - 1].count = merged[merged.count - 1].count.addingSaturating(lot.count)
            } else {
                merged.append(lot)
            }
        }
        counts[fruit] = merged.reduce(0) { $0.addingSaturating($1.count) }
        datedLots[fruit] = merged.contains { $0.bestBefore != nil } ? merged : nil
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
    public func making(_ orders: [Order], today: CalendarDate? = nil) throws(StockError) -> Inventory {
        for order in orders { try check(order) }
        let list = usable(on: today).shoppingList(for: orders)
        let shortages = shortages(in: list)
        guard shortages.isEmpty else { throw .insufficient(shortages) }
        var result = self
        for need in list {
            result.take(need.needed, of: need.fruit, sparingExpiredOn: today)
        }
        return result
    }

    /// The stock that can still be used on `today`, when the day is known;
    /// the whole stock when it is not.
    public func usable(on today: CalendarDate?) -> Inventory {
        today.map { usable(on: $0) } ?? self
    }

    /// The stock that can still be used on `today`: each fruit without its
    /// expired lots (best before `today`).
    public func usable(on today: CalendarDate) -> Inventory {
        var usable = self
        for (fruit, lots) in datedLots { usable.setLots(lots.filter { !$0.isExpired(on: today) }, of: fruit) }
        return usable
    }

    /// Each fruit with expired lots on `today`, and how many fruits they hold.
    public func expired(on today: CalendarDate) -> [String: Int] {
        datedCounts { $0.isExpired(on: today) }
    }

    /// Each fruit with lots best before `today` or the day after, and how
    /// many fruits they hold.
    public func expiring(on today: CalendarDate) -> [String: Int] {
        let tomorrow = today.adding(days: 1)
        return datedCounts { $0.bestBefore == today || $0.bestBefore == tomorrow }
    }

    /// Each fruit with dated lots that `isCounted`, and how many fruits they hold.
    private func datedCounts(where isCounted: (Lot) -> Bool) -> [String: Int] {
        datedLots.reduce(into: [:]) { result, entry in
            let count = entry.value.filter(isCounted).reduce(0) { $0.addingSaturating($1.count) }
            if count > 0 { result[entry.key] = count }
        }
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
            let amount: Int
            switch change.operation {
            case .add(let added): amount = added
            case .remove(let removed): amount = -removed
            case .set(let count): amount = count - current
            }
            let sum = saturating(current.addingReportingOverflow(amount))
            if amount < 0 {
                // Below zero the change is refused: the lots go with the count.
                result.take(min(-amount, max(current, 0)), of: change.fruit)
                if sum < 0 { result.counts[change.fruit] = sum }
            } else if amount > 0, current >= 0,
                result.datedLots[change.fruit] != nil || change.destination != .earliestLot
            {
                result.add(amount, of: change.fruit, to: change.destination)
            } else {
                result.counts[change.fruit] = sum
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
    /// Takes `amount` (at most the count, or at most what has not expired
    /// on `today`) of a fruit, from its lots earliest best-before first,
    /// undated last; from unexpired lots only when `today` is given.
    mutating func take(_ amount: Int, of fruit: String, sparingExpiredOn today: CalendarDate? = nil) {
        guard var lots = datedLots[fruit] else {
            counts[fruit] = self[fruit] - amount
            return
        }
        var left = amount
        for index in lots.indices where left > 0 && !(today.map { lots[index].isExpired(on: $0) } ?? false) {
            let taken = min(left, lots[index].count)
            lots[index].count -= taken
            left -= taken
        }
        setLots(lots, of: fruit)
    }

    /// Adds `amount` of a fruit to the lot `destination` says.
    private mutating func add(_ amount: Int, of fruit: String, to destination: StockChange.Destination) {
        var lots = self.lots(of: fruit)
        switch destination {
        case .earliestLot:
            if lots.isEmpty { lots = [Lot(count: 0)] }
            lots[0].count = lots[0].count.addingSaturating(amount)
        case .lot(let bestBefore):
            lots.append(Lot(count: amount, bestBefore: bestBefore))
        }
        setLots(lots, of: fruit)
    }

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
