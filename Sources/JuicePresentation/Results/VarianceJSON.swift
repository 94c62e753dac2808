import JuiceMaker

/// The JSON of `juice variance`: `{"fruits": [{"fruit", "start", "used",
/// "delivered", "wasted", "corrected", "expected", "counted", "variance",
/// "varianceCost", "share"}], "total": {"varianceCost"}, "diagnostics"}`,
/// nulls written out.
package struct VarianceJSON: Encodable, Sendable {
    /// One fruit's figures.
    struct FruitJSON: Encodable, Sendable {
        var figures: Variance.FruitVariance

        private enum CodingKeys: String, CodingKey {
            case fruit, start, used, delivered, wasted, corrected, expected, counted, variance, varianceCost, share
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(figures.fruit, forKey: .fruit)
            try container.encode(figures.start, forKey: .start)
            try container.encode(figures.used, forKey: .used)
            try container.encode(figures.delivered, forKey: .delivered)
            try container.encode(figures.wasted, forKey: .wasted)
            try container.encode(figures.corrected, forKey: .corrected)
            try container.encode(figures.expected, forKey: .expected)
            try container.encode(figures.counted, forKey: .counted)
            try container.encode(figures.variance, forKey: .variance)
            try container.encode(figures.varianceCost, forKey: .varianceCost)
            try container.encode(figures.share, forKey: .share)
        }
    }

    /// A total: `{"varianceCost"}`, null when no cost is known.
    struct TotalJSON: Encodable, Sendable {
        @NullWhenAbsent var varianceCost: Int128?
    }

    var fruits: [FruitJSON]
    var total: TotalJSON
    var diagnostics: [Diagnostic]

    package init(_ variance: Variance, diagnostics: [Diagnostic]) {
        fruits = variance.fruits.map(FruitJSON.init)
        total = TotalJSON(varianceCost: variance.varianceCost)
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice variance --stores`: `{"stores": [{"store", "fruits",
/// "total"}], "total": {"varianceCost"}, "diagnostics"}`. Every store of
/// the manifest is there, in its order: one that could not be read with no
/// fruits and a `null` total (see ``ChainStores``).
package struct ChainVarianceJSON: Encodable, Sendable {
    struct StoreJSON: Encodable, Sendable {
        var store: String
        var fruits: [VarianceJSON.FruitJSON] = []
        var total = VarianceJSON.TotalJSON(varianceCost: nil)
    }

    var stores: [StoreJSON]
    var total: VarianceJSON.TotalJSON
    var diagnostics: [Diagnostic]

    /// Every store of the chain, and `renderer`'s total.
    package init(_ renderer: VarianceRenderer, stores: ChainStores<Variance>, diagnostics: [Diagnostic]) {
        self.stores = stores.map { name, variance in
            guard let variance else { return StoreJSON(store: name) }
            return StoreJSON(
                store: name, fruits: variance.fruits.map(VarianceJSON.FruitJSON.init),
                total: VarianceJSON.TotalJSON(varianceCost: variance.varianceCost))
        }
        total = VarianceJSON.TotalJSON(varianceCost: renderer.totalCost)
        self.diagnostics = diagnostics
    }
}
