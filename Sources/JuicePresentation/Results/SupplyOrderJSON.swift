import JuiceMaker

/// The JSON of `juice order`: `{"suppliers": [{"supplier", "name",
/// "lines": [{"fruit", "have", "onOrder", "par", "units", "packs", "cost"}], "packs",
/// "cost", "belowMinimum"}], "total": {"packs", "cost"}, "diagnostics"}`;
/// `supplier`, `name` and `cost` are `null` where there is none. Sized by
/// the forecast (`--forecast`), each line's `par` is `null` and it has
/// `forecast`, `cap` (`null` without a shelf life) and `capped` after it,
/// figures to 2 decimals, and the order has `safety` and `withoutHistory`
/// (the fruits not forecast, by id).
package struct SupplyOrderJSON: Encodable, Sendable {
    /// Every supplier's packs and cost together.
    package struct Total: Encodable, Sendable {
        var packs: Int
        @NullWhenAbsent var cost: Int?

        init(_ order: SupplyOrder) {
            packs = order.packs
            cost = order.cost
        }
    }

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
        var onOrder: Int
        var par: Int?
        var forecast: ForecastSizing?
        var units: Int
        var packs: Int
        var cost: Int?

        private enum Key: String, CodingKey {
            case fruit, have, onOrder, par, forecast, cap, capped, units, packs, cost
        }

        /// The keys in order; those of the forecast only for a line sized
        /// by it.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(fruit, forKey: .fruit)
            try container.encode(have, forKey: .have)
            try container.encode(onOrder, forKey: .onOrder)
            try container.encode(par, forKey: .par)
            if let forecast {
                try container.encode(Forecast.rounded(forecast.need), forKey: .forecast)
                try container.encode(forecast.cap.map(Forecast.rounded), forKey: .cap)
                try container.encode(forecast.isCapped, forKey: .capped)
            }
            try container.encode(units, forKey: .units)
            try container.encode(packs, forKey: .packs)
            try container.encode(cost, forKey: .cost)
        }
    }

    package var suppliers: [Group]
    package var total: Total
    /// The safety margin of an order sized by the forecast; absent for one
    /// sized to par.
    package var safety: Double?
    /// The fruits an order sized by the forecast could not forecast;
    /// absent for one sized to par.
    package var withoutHistory: [String]?
    /// The fruits whose lines are held at the most a line orders, the
    /// forecast wanting more; absent when none is.
    package var heldAtMaximum: [String]?
    package var diagnostics: [Diagnostic]

    /// The JSON of `order`, names in `language`.
    package init(_ order: SupplyOrder, language: String?, diagnostics: [Diagnostic]) {
        suppliers = order.groups.map { group in
            Group(
                supplier: group.supplier, name: group.supplier.map { group.name?.text(for: language) ?? $0 },
                lines: group.lines.map {
                    Line(
                        fruit: $0.fruit, have: $0.have, onOrder: $0.onOrder, par: $0.par, forecast: $0.forecast,
                        units: $0.units, packs: $0.packs, cost: $0.cost)
                }, packs: group.packs, cost: group.cost, belowMinimum: group.belowMinimum)
        }
        total = Total(order)
        safety = order.safety
        withoutHistory = order.safety == nil ? nil : order.withoutHistory.map(\.fruit)
        heldAtMaximum = order.heldAtMaximum.isEmpty ? nil : order.heldAtMaximum.map(\.fruit)
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice order --stores`: `{"stores": [{"store",
/// "suppliers", "total"}], "total": {"suppliers", "packs", "cost"},
/// "diagnostics"}`; a store whose files are invalid has no suppliers and a
/// `null` total (its diagnostics say why).
package struct ChainSupplyOrderJSON: Encodable, Sendable {
    /// One store's order.
    package struct Store: Encodable, Sendable {
        var store: String
        var suppliers: [SupplyOrderJSON.Group]
        @NullWhenAbsent var total: SupplyOrderJSON.Total?
        /// By the forecast, its safety margin (the chain's).
        var safety: Double?
        /// By the forecast, the store's fruits not forecast.
        var withoutHistory: [String]?
        /// The store's fruits held at the most a line orders, when any.
        var heldAtMaximum: [String]?
    }

    /// The chain's total.
    package struct Total: Encodable, Sendable {
        var suppliers: [SupplyOrderJSON.Group]
        var packs: Int
        @NullWhenAbsent var cost: Int?
    }

    package var stores: [Store]
    package var total: Total
    /// By the forecast, its safety margin; absent for orders sized to par.
    package var safety: Double?
    package var diagnostics: [Diagnostic]

    /// The JSON of each store's order and the chain's total.
    package init(
        stores: ChainStores<SupplyOrder>, total: SupplyOrder, language: String?,
        diagnostics: [Diagnostic]
    ) {
        self.stores = stores.map { store, order in
            Store(
                store: store,
                suppliers: order.map { SupplyOrderJSON($0, language: language, diagnostics: []).suppliers } ?? [],
                total: order.map(SupplyOrderJSON.Total.init), safety: total.safety,
                withoutHistory: total.safety == nil ? nil : order?.withoutHistory.map(\.fruit) ?? [],
                heldAtMaximum: order.flatMap { $0.heldAtMaximum.isEmpty ? nil : $0.heldAtMaximum.map(\.fruit) })
        }
        self.total = Total(
            suppliers: SupplyOrderJSON(total, language: language, diagnostics: []).suppliers, packs: total.packs,
            cost: total.cost)
        safety = total.safety
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice order --place`: the order's JSON (see
/// ``SupplyOrderJSON``) and `"order"`, the id of the entry that placed it
/// (`null` when there was nothing to order, and nothing was written).
package struct PlacedOrderJSON: Encodable, Sendable {
    package var placed: SupplyOrderJSON
    package var order: Int?

    /// `placed`, recorded as entry `order`.
    package init(_ placed: SupplyOrderJSON, order: Int?) {
        self.placed = placed
        self.order = order
    }

    private enum Key: String, CodingKey {
        case order
    }

    /// The order's keys, and `order`.
    package func encode(to encoder: any Encoder) throws {
        try placed.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        if let order { try container.encode(order, forKey: .order) } else { try container.encodeNil(forKey: .order) }
    }
}
