import JuiceMaker

/// The JSON of `juice expiring`: `{"lots": [{"fruit", "count",
/// "bestBefore", "cost", "expired"}], "projectedWaste": [{"fruit", "count",
/// "cost"}], "total": {"projectedWasteCost"}, "diagnostics"}`, costs exact,
/// nulls written out.
package struct ExpiringJSON: Encodable, Sendable {
    /// A lot of the window, or an expired one.
    struct LotJSON: Encodable, Sendable {
        var fruit: String
        var count: Int
        var bestBefore: String
        @NullWhenAbsent var cost: Int128?
        var expired: Bool
    }

    /// A fruit that will spoil.
    struct WasteJSON: Encodable, Sendable {
        var fruit: String
        var count: Int
        @NullWhenAbsent var cost: Int128?
    }

    /// `{"projectedWasteCost"}`: null when a fruit that will spoil has no
    /// cost.
    struct TotalJSON: Encodable, Sendable {
        @NullWhenAbsent var projectedWasteCost: Int128?
    }

    var lots: [LotJSON]
    var projectedWaste: [WasteJSON]
    var total: TotalJSON
    var diagnostics: [Diagnostic]?

    /// The JSON of `expiring`; `diagnostics` left out (a store of a chain).
    package init(_ expiring: Expiring, diagnostics: [Diagnostic]? = nil) {
        lots = expiring.lots.map {
            LotJSON(
                fruit: $0.fruit, count: $0.count, bestBefore: $0.bestBefore.description, cost: $0.cost,
                expired: $0.isExpired)
        }
        projectedWaste = expiring.projectedWaste.map { WasteJSON(fruit: $0.fruit, count: $0.count, cost: $0.cost) }
        total = TotalJSON(projectedWasteCost: expiring.projectedWasteCost)
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice expiring --stores`: `{"stores": [{"store", "lots",
/// "projectedWaste", "total"}], "total": {the chain's as one store's: its
/// "lots", "projectedWaste" and "total"}, "diagnostics"}`, as `usage
/// --stores` gives the chain's usage as one store's. A store that could
/// not be read is listed with no lots, no waste and a `null` total (the
/// diagnostics say why), as `order --stores` lists it.
package struct ChainExpiringJSON: Encodable, Sendable {
    struct StoreJSON: Encodable, Sendable {
        var store: String
        var lots: [ExpiringJSON.LotJSON]
        var projectedWaste: [ExpiringJSON.WasteJSON]
        var total: ExpiringJSON.TotalJSON?

        private enum Key: String, CodingKey {
            case store, lots, projectedWaste, total
        }

        /// `total` written `null` for a store not read.
        func encode(to encoder: any Encoder) throws {
            // Not by `NullWhenAbsent`: with Swift 6.3.1, a debug build crashes
            // (SIGSEGV, "bad pointer") in the wrapper's backing initializer of
            // `total` for every store, read or not. `TotalJSON?` is an
            // `Int128??` underneath; IRGen spills it to an 8-byte aligned
            // coercion slot and copies it out as 16-byte aligned (`movaps`): a
            // compiler bug, not ours, nor the runtime's. Reproduced in 5 lines
            // with no Foundation: a generic property wrapper around `Int128??`
            // (`@W var cost: Int128??`), built with `-Onone`; `-O` is fine.
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(store, forKey: .store)
            try container.encode(lots, forKey: .lots)
            try container.encode(projectedWaste, forKey: .projectedWaste)
            if let total {
                try container.encode(total, forKey: .total)
            } else {
                try container.encodeNil(forKey: .total)
            }
        }
    }

    var stores: [StoreJSON]
    var total: ExpiringJSON
    var diagnostics: [Diagnostic]

    /// The JSON of every store of the chain, and of `renderer`'s total.
    package init(_ renderer: ExpiringRenderer, stores: ChainStores<Expiring>, diagnostics: [Diagnostic]) {
        self.stores = stores.map { store, expiring in
            let json = expiring.map { ExpiringJSON($0) }
            return StoreJSON(
                store: store, lots: json?.lots ?? [], projectedWaste: json?.projectedWaste ?? [], total: json?.total)
        }
        total = ExpiringJSON(renderer.total?.expiring ?? ExpiringTotal([]).expiring)
        self.diagnostics = diagnostics
    }
}
