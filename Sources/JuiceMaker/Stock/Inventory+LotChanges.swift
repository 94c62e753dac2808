extension Inventory {
    /// The lots that went from `before` to `after`, per fruit of `menu`
    /// that has a dated lot in either (a fruit without one moves its
    /// undated lot only, which its count says): each lot's change, in the
    /// order lots are used; `nil` when there is none.
    static func lotChanges(from before: Inventory, to after: Inventory, menu: Menu)
        -> [String: [JournalEntry.LotChange]]?
    {
        var changes: [String: [JournalEntry.LotChange]] = [:]
        for fruit in menu.fruits where before.datedLots[fruit.id] != nil || after.datedLots[fruit.id] != nil {
            var moved: [CalendarDate?: Int] = [:]
            for lot in before.lots(of: fruit.id) { moved[lot.bestBefore, default: 0] -= lot.count }
            for lot in after.lots(of: fruit.id) { moved[lot.bestBefore, default: 0] += lot.count }
            let lots = moved.filter { $0.value != 0 }.map { Lot(count: $0.value, bestBefore: $0.key) }
                .sorted(by: Lot.isUsedBefore)
            if !lots.isEmpty { changes[fruit.id] = lots.map { .init(bestBefore: $0.bestBefore, change: $0.count) } }
        }
        return changes.isEmpty ? nil : changes
    }

    /// The inventory with each fruit's lots moved as `lots` says, and a
    /// fruit `changes` names that `lots` does not moved in its undated
    /// lot: what a journal entry did, again (`sign` 1) or taken back (-1).
    ///
    /// - Throws: ``StockError/lotHoldsTooFew(fruit:bestBefore:holds:needed:)``
    ///   when a lot would go below zero; ``StockError/aboveMaximum(fruit:result:)``
    ///   when a fruit would end above ``Schema/maximumCount``.
    func moving(
        _ changes: [String: Int], lots: [String: [JournalEntry.LotChange]]?, sign: Int = 1
    ) throws(StockError) -> Inventory {
        var result = self
        for fruit in Self.fruits(of: changes, lots) where counts[fruit] != nil {
            let moved = self.lots(of: fruit, moved: lots?[fruit], change: changes[fruit] ?? 0, sign: sign)
            if let short = moved.first(where: { $0.count < 0 }) {
                let holds = self.lots(of: fruit).first { $0.bestBefore == short.bestBefore }?.count ?? 0
                throw .lotHoldsTooFew(
                    fruit: fruit, bestBefore: short.bestBefore, holds: holds, needed: holds - short.count)
            }
            result.setLots(moved, of: fruit)
            if result[fruit] > Schema.maximumCount { throw .aboveMaximum(fruit: fruit, result: result[fruit]) }
        }
        return result
    }

    /// Applies a journal entry's changes as the journal's replay does,
    /// refusing nothing: a fruit with or once with dated lots moves lot by
    /// lot, any other by its count (saturating), as before lots.
    mutating func replay(_ entry: JournalEntry) {
        for fruit in Self.fruits(of: entry.changes, entry.lots) where counts[fruit] != nil {
            let change = entry.changes[fruit] ?? 0
            if entry.lots?[fruit] != nil || datedLots[fruit] != nil {
                setLots(lots(of: fruit, moved: entry.lots?[fruit], change: change, sign: 1), of: fruit)
            } else {
                setLots([Lot(count: self[fruit].addingSaturating(change))], of: fruit)
            }
        }
    }

    /// The fruits an entry's `changes` or `lots` name (a hand edit of a
    /// lot's date changes no count), sorted.
    private static func fruits(of changes: [String: Int], _ lots: [String: [JournalEntry.LotChange]]?) -> [String] {
        Set(changes.keys).union(lots?.keys ?? [:].keys).sorted()
    }

    /// A fruit's lots moved by `moves` (by `change` in the undated lot
    /// when there are none), each times `sign`; a lot may end below zero.
    private func lots(of fruit: String, moved moves: [JournalEntry.LotChange]?, change: Int, sign: Int) -> [Lot] {
        var fruitLots = lots(of: fruit)
        for move in moves ?? [JournalEntry.LotChange(bestBefore: nil, change: change)] {
            let amount = move.change * sign
            if let index = fruitLots.firstIndex(where: { $0.bestBefore == move.bestBefore }) {
                fruitLots[index].count = fruitLots[index].count.addingSaturating(amount)
            } else {
                fruitLots.append(Lot(count: amount, bestBefore: move.bestBefore))
            }
        }
        return fruitLots
    }
}
