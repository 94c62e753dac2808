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
                let key = LotKey(fruit: lot.fruit, bestBefore: lot.bestBefore, isExpired: lot.isExpired)
                if var sum = lots[key] {
                    sum.count += lot.count
                    sum.cost = Self.sum(sum.cost, lot.cost)
                    lots[key] = sum
                } else {
                    lots[key] = lot
                }
            }
            for fruit in store.projectedWaste {
                if var sum = waste[fruit.fruit] {
                    sum.count += fruit.count
                    sum.cost = Self.sum(sum.cost, fruit.cost)
                    waste[fruit.fruit] = sum
                } else {
                    waste[fruit.fruit] = fruit
                }
            }
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

    /// Two costs summed; `nil` when either is unknown.
    private static func sum(_ left: Int128?, _ right: Int128?) -> Int128? {
        guard let left, let right else { return nil }
        return left + right
    }
}
