/// A chain's expiring lots and projected waste (`juice expiring
/// --stores`), as one store's: the stores' lots of one fruit, best-before
/// and state summed, and their projected waste summed per fruit, each
/// store's fruit at its own menu's cost.
public struct ExpiringTotal: Sendable, Hashable {
    /// The chain's lots and waste, as ``Expiring`` holds a store's; its
    /// `today` is the earliest store's, its `lastDay` the latest.
    public var expiring: Expiring

    /// The sum of the stores' `expirings`: lots by best-before, then fruit
    /// in the order the stores' menus first name it; waste per fruit in
    /// that order. A cost is `nil` when a store's lot or waste of it has
    /// none.
    public init(_ stores: [(menu: Menu, expiring: Expiring)]) {
        var order: [String] = []
        var named: Set<String> = []
        for fruit in stores.flatMap(\.menu.fruits) where named.insert(fruit.id).inserted { order.append(fruit.id) }
        let expirings = stores.map(\.expiring)
        var lots: [LotKey: Expiring.ListedLot] = [:]
        var waste: [String: Expiring.FruitWaste] = [:]
        for store in expirings {
            for lot in store.lots {
                Self.add(
                    lot, at: LotKey(fruit: lot.fruit, bestBefore: lot.bestBefore, isExpired: lot.isExpired), to: &lots)
            }
            for fruit in store.projectedWaste { Self.add(fruit, at: fruit.fruit, to: &waste) }
        }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        let today = expirings.map(\.today).min() ?? CalendarDate(days: 0)
        expiring = Expiring(
            today: today, lastDay: expirings.map(\.lastDay).max() ?? today,
            lots: lots.values.sorted {
                ($0.bestBefore, rank[$0.fruit] ?? 0, $0.isExpired ? 0 : 1)
                    < ($1.bestBefore, rank[$1.fruit] ?? 0, $1.isExpired ? 0 : 1)
            },
            projectedWaste: order.compactMap { waste[$0] },
            withoutForecast: [])
    }

    /// A lot of the chain: a fruit, a best-before, and whether it expired
    /// (stores whose days start at other hours may differ on one date).
    private struct LotKey: Hashable {
        var fruit: String
        var bestBefore: CalendarDate
        var isExpired: Bool
    }

    /// `item` added to the sum at `key`: counts summed, costs summed, a
    /// cost `nil` when either is unknown.
    private static func add<Key: Hashable, Item: CountedAtCost>(_ item: Item, at key: Key, to sums: inout [Key: Item]) {
        guard var sum = sums[key] else {
            sums[key] = item
            return
        }
        sum.count += item.count
        sum.cost = sum.cost.flatMap { total in item.cost.map { total + $0 } }
        sums[key] = sum
    }
}

/// A count of fruit and what it costs, which a chain's total sums.
protocol CountedAtCost {
    var count: Int { get set }
    var cost: Int128? { get set }
}

extension Expiring.ListedLot: CountedAtCost {}
extension Expiring.FruitWaste: CountedAtCost {}
