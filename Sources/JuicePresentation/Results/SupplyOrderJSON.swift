import JuiceMaker

/// The JSON of `juice order`: `{"suppliers": [{"supplier", "name",
/// "lines": [{"fruit", "have", "par", "units", "packs", "cost"}], "packs",
/// "cost", "belowMinimum"}], "diagnostics"}`; `supplier`, `name` and `cost`
/// are `null` where there is none.
package struct SupplyOrderJSON: Encodable, Sendable {
    /// One supplier's part.
    package struct Group: Encodable, Sendable {
        @NullWhenAbsent var supplier: String?
        @NullWhenAbsent var name: String?
        var lines: [Line]
        var packs: Int
        @NullWhenAbsent var cost: Int?
        var belowMinimum: Bool
    }

    /// One fruit to order.
    package struct Line: Encodable, Sendable {
        var fruit: String
        var have: Int
        var par: Int
        var units: Int
        var packs: Int
        @NullWhenAbsent var cost: Int?
    }

    package var suppliers: [Group]
    package var diagnostics: [Diagnostic]

    /// The JSON of `order`, names in `language`.
    package init(_ order: SupplyOrder, language: String?, diagnostics: [Diagnostic]) {
        suppliers = order.groups.map { group in
            Group(
                supplier: group.supplier, name: group.supplier.map { group.name?.text(for: language) ?? $0 },
                lines: group.lines.map {
                    Line(fruit: $0.fruit, have: $0.have, par: $0.par, units: $0.units, packs: $0.packs, cost: $0.cost)
                }, packs: group.packs, cost: group.cost, belowMinimum: group.belowMinimum)
        }
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice order --stores`: `{"stores": [{"store",
/// "suppliers"}], "total": {"suppliers"}, "diagnostics"}`; a store whose
/// files are invalid has no suppliers (its diagnostics say why).
package struct ChainSupplyOrderJSON: Encodable, Sendable {
    /// One store's order.
    package struct Store: Encodable, Sendable {
        var store: String
        var suppliers: [SupplyOrderJSON.Group]
    }

    /// The chain's total.
    package struct Total: Encodable, Sendable {
        var suppliers: [SupplyOrderJSON.Group]
    }

    package var stores: [Store]
    package var total: Total
    package var diagnostics: [Diagnostic]

    /// The JSON of each store's order and the chain's total.
    package init(
        stores: [(store: String, order: SupplyOrder?)], total: SupplyOrder, language: String?,
        diagnostics: [Diagnostic]
    ) {
        self.stores = stores.map { store, order in
            Store(
                store: store,
                suppliers: order.map { SupplyOrderJSON($0, language: language, diagnostics: []).suppliers } ?? [])
        }
        self.total = Total(suppliers: SupplyOrderJSON(total, language: language, diagnostics: []).suppliers)
        self.diagnostics = diagnostics
    }
}
