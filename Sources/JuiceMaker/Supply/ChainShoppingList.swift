/// A chain's total of its stores' shopping lists (`juice plan --stores`):
/// per fruit, in the order each first appears, what the stores need, have
/// and must buy, added up store by store. A store's surplus does not make
/// up for another's shortfall: the total to buy is the sum of each store's.
/// The totals are exact: each store's figures fit an `Int`, and their sum
/// is kept in 128 bits, which no number of stores can pass.
public struct ChainShoppingList: Sendable, Hashable {
    /// One fruit's total.
    public struct Item: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// Its display name in the first menu that gives one.
        public var name: DisplayName?
        /// What the orders need, in every store.
        public var needed: Int128 = 0
        /// What the stores have.
        public var have: Int128 = 0
        /// What the stores must buy.
        public var buy: Int128 = 0
        /// The packs the stores must buy, summed over the stores whose menu
        /// gives the fruit a `pack` (each store gets its own packs); `nil`
        /// when none does.
        public var buyPacks: Int128?
    }

    /// The fruits, in the order each first appears.
    public private(set) var items: [Item] = []
    private var positions: [String: Int] = [:]

    /// An empty total.
    public init() {}

    /// Adds one store's shopping list, with its packs to buy (see
    /// ``Menu/packs(toBuy:)``) and the store's menu, whose names the
    /// fruits take.
    public mutating func add(_ list: [Shortage], packs: [Int?], menu: Menu? = nil) {
        for (item, packs) in zip(list, packs) {
            let position =
                positions[item.fruit]
                ?? {
                    items.append(Item(fruit: item.fruit))
                    positions[item.fruit] = items.count - 1
                    return items.count - 1
                }()
            if items[position].name == nil { items[position].name = menu?.fruit(id: item.fruit)?.name }
            items[position].needed += Int128(item.needed)
            items[position].have += Int128(item.available)
            items[position].buy += Int128(item.missing)
            if let packs { items[position].buyPacks = (items[position].buyPacks ?? 0) + Int128(packs) }
        }
    }
}
