/// How a fruit is ordered, as a menu gives it: the stock to order
/// up to, the stock at which to order, the case it comes in and who sells it.
public struct FruitSupply: Sendable, Hashable {
    /// The stock to order up to; a fruit without one is never ordered.
    public var par: Int?
    /// The stock at or below which the fruit is ordered, as written; see
    /// ``reorderLevel``.
    public var reorder: Int?
    /// How many fruits come in one case, as written; see ``packSize``.
    public var pack: Int?
    /// The id of the supplier (a key of the menu's `suppliers`).
    public var supplier: String?

    /// Supply terms; each is optional, as in a menu.
    public init(par: Int? = nil, reorder: Int? = nil, pack: Int? = nil, supplier: String? = nil) {
        self.par = par
        self.reorder = reorder
        self.pack = pack
        self.supplier = supplier
    }

    /// The stock at or below which the fruit is ordered: `reorder`, else
    /// `par - 1` (so that a fruit is ordered as soon as it is under par);
    /// `nil` without a par.
    public var reorderLevel: Int? {
        par.map { reorder ?? $0 - 1 }
    }

    /// How many come in one case: `pack`, else 1.
    public var packSize: Int { pack ?? 1 }

    /// The whole cases that hold at least `units` fruits: `units` rounded up
    /// to a multiple of ``packSize``, divided by it.
    public func packs(toCover units: Int) -> Int {
        units <= 0 ? 0 : (units - 1) / packSize + 1
    }
}
