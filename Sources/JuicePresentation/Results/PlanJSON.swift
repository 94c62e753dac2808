import JuiceMaker

/// The JSON of `juice plan`: `needed`, `have` and `buy` over every fruit the
/// orders use (`buy` 0 where the stock suffices).
package struct PlanJSON: Encodable, Sendable {
    package var needed: [String: Int]
    package var have: [String: Int]
    package var buy: [String: Int]
    package var diagnostics: [Diagnostic]

    /// The JSON of a shopping list.
    package init(_ list: [Shortage], diagnostics: [Diagnostic]) {
        needed = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.needed) })
        have = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.available) })
        buy = Dictionary(uniqueKeysWithValues: list.map { ($0.fruit, $0.missing) })
        self.diagnostics = diagnostics
    }
}

/// One store's part of `juice plan --stores`, whose JSON is
/// `{"diagnostics": [...], "stores": [...]}`: the plan's keys beside `store`.
package struct StorePlanJSON: Encodable, Sendable {
    package var store: String
    package var plan: PlanJSON

    private enum CodingKeys: String, CodingKey {
        case store, needed, have, buy, diagnostics
    }

    /// The plan's keys beside `store`, flat.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(store, forKey: .store)
        try container.encode(plan.needed, forKey: .needed)
        try container.encode(plan.have, forKey: .have)
        try container.encode(plan.buy, forKey: .buy)
        try container.encode(plan.diagnostics, forKey: .diagnostics)
    }
}
