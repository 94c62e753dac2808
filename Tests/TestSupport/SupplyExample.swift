/// A shop that orders its fruit (SPEC 13): a menu whose fruits have a par,
/// a reorder level, packs and suppliers, and a stock that needs some of
/// each; shared by the library's and the command line's tests.
package enum SupplyExample {
    /// The menu: strawberry and banana from `farm` (minimum 4 packs), kiwi
    /// from `market` (no cost), mango with a par but no supplier, lime
    /// with neither.
    package static let menu = """
        fruits:
          strawberry: { name: { en: Strawberry, ko: 딸기 }, stock: 10, cost: 300, par: 30, pack: 12, supplier: farm }
          banana: { name: { en: Banana, ko: 바나나 }, stock: 10, cost: 200, par: 20, reorder: 8, pack: 6, supplier: farm }
          kiwi: { name: { en: Kiwi, ko: 키위 }, stock: 10, par: 15, pack: 10, supplier: market }
          mango: { name: { en: Mango, ko: 망고 }, stock: 10, cost: 700, par: 12 }
          lime: { stock: 5, cost: 50 }
        suppliers:
          farm: { name: { en: Fresh Farm, ko: 신선농장 }, minimum: 4 }
          market: { name: Garak Market, minimum: 1 }
        recipes:
          strawberryBanana: { strawberry: 10, banana: 1 }
          kiwi: { kiwi: 3 }
          mango: { mango: 3 }
          lime: { lime: 1 }

        """

    /// Each fruit's terms as the menu writes them: par, reorder level (as
    /// it applies), pack, supplier and cost.
    package static let terms: [(fruit: String, par: Int?, reorder: Int?, pack: Int, supplier: String?, cost: Int?)] = [
        ("strawberry", 30, 29, 12, "farm", 300), ("banana", 20, 8, 6, "farm", 200),
        ("kiwi", 15, 14, 10, "market", nil), ("mango", 12, 11, 1, nil, 700), ("lime", nil, nil, 1, nil, 50),
    ]

    /// A stock that orders strawberry (3 packs: under farm's minimum), kiwi
    /// and mango, but not banana (above its reorder level) or lime (no par).
    package static let stock = ["strawberry": 4, "banana": 9, "kiwi": 2, "mango": 11, "lime": 0]

    /// `stock` as an inventory file.
    package static func inventory(_ stock: [String: Int] = stock) -> String {
        stock.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\n" }.joined()
    }

    /// The fewest packs of `pack` that bring `have` to `par` or above,
    /// counted one pack at a time: the rule said plainly, not the
    /// library's division.
    package static func packsByCounting(have: Int, par: Int, pack: Int) -> Int {
        var packs = 0
        while have + packs * pack < par { packs += 1 }
        return packs
    }

    /// What a stock orders, worked out from ``terms`` fruit by fruit: for
    /// each fruit with a par at or below its reorder level, its supplier,
    /// the packs and units that reach par, and their cost.
    package static func expectedLines(_ stock: [String: Int]) -> [(
        fruit: String, supplier: String?, have: Int, par: Int, units: Int, packs: Int, cost: Int?
    )] {
        terms.compactMap { term in
            guard let par = term.par, let reorder = term.reorder, let have = stock[term.fruit], have <= reorder else {
                return nil
            }
            let packs = packsByCounting(have: have, par: par, pack: term.pack)
            return (
                term.fruit, term.supplier, have, par, packs * term.pack, packs, term.cost.map { $0 * packs * term.pack }
            )
        }
    }
}
