import JuiceMaker

/// The JSON of `juice plan`: `needed`, `have` and `buy` over every fruit the
/// orders use (`buy` 0 where the stock suffices), and `buyPacks` over those
/// the menu gives a `pack` (only when it gives one).
package struct PlanJSON: Encodable, Sendable {
    package var needed: [String: Int]
    package var have: [String: Int]
    package var buy: [String: Int]
    package var buyPacks: [String: Int]?
    package var diagnostics: [Diagnostic]

    /// The JSON of a shopping list and the packs to buy for each line (see
    /// ``Menu/packs(toBuy:)``).
    package init(_ list: [Shortage], packs: [Int?], diagnostics: [Diagnostic]) {
        needed = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.needed) })
        have = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.available) })
        buy = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.missing) })
        let inPacks = zip(list, packs).compactMap { item, packs in packs.map { (item.fruit, $0) } }
        buyPacks = inPacks.isEmpty ? nil : Dictionary(uniqueKeysWithValues: inPacks)
        self.diagnostics = diagnostics
    }
}

/// One store's part of `juice plan --stores`, whose JSON is
/// `{"diagnostics": [...], "stores": [...], "total": {...}}`: the plan's
/// keys beside `store`.
package struct StorePlanJSON: Encodable, Sendable {
    package var store: String
    package var plan: PlanJSON

    private enum CodingKeys: String, CodingKey {
        case store, needed, have, buy, buyPacks, diagnostics
    }

    /// The plan's keys beside `store`, flat.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(store, forKey: .store)
        try container.encode(plan.needed, forKey: .needed)
        try container.encode(plan.have, forKey: .have)
        try container.encode(plan.buy, forKey: .buy)
        try container.encodeIfPresent(plan.buyPacks, forKey: .buyPacks)
        try container.encode(plan.diagnostics, forKey: .diagnostics)
    }
}

/// The chain's total of `juice plan --stores`: `{"needed", "have", "buy",
/// "buyPacks"?}` per fruit, each store's added up (see
/// ``ChainShoppingList``).
package struct ChainPlanTotalJSON: Encodable, Sendable {
    package var needed: [String: Int128]
    package var have: [String: Int128]
    package var buy: [String: Int128]
    package var buyPacks: [String: Int128]?

    /// The JSON of a chain's total.
    package init(_ total: ChainShoppingList) {
        needed = Dictionary(uniqueKeysWithValues: total.items.map { ($0.fruit, $0.needed) })
        have = Dictionary(uniqueKeysWithValues: total.items.map { ($0.fruit, $0.have) })
        buy = Dictionary(uniqueKeysWithValues: total.items.map { ($0.fruit, $0.buy) })
        let inPacks = total.items.compactMap { item in item.buyPacks.map { (item.fruit, $0) } }
        buyPacks = inPacks.isEmpty ? nil : Dictionary(uniqueKeysWithValues: inPacks)
    }
}
