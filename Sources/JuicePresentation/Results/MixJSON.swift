import JuiceMaker
import JuiceMix

/// The JSON of `juice mix`: `{"status", "objective", "value", "gap", "mix",
/// "uses", "left", "limitedBy", "diagnostics"}`; `mix` has every recipe,
/// `uses` and `left` every fruit, 0 included.
package struct MixJSON: Encodable, Sendable {
    package var status: String
    package var objective: String
    package var value: Int
    package var gap: Int
    package var mix: [String: Int]
    package var uses: [String: Int]
    package var left: [String: Int]
    package var limitedBy: [String]
    package var diagnostics: [Diagnostic]

    /// The JSON of a mix.
    package init(_ mix: Mix, diagnostics: [Diagnostic]) {
        status = mix.status.rawValue
        objective = mix.objective.rawValue
        value = mix.value
        gap = mix.gap
        self.mix = mix.servings
        uses = mix.uses
        left = mix.left
        limitedBy = mix.limitedBy
        self.diagnostics = diagnostics
    }
}

/// The JSON of `juice mix --stores`: `{"stores": [...], "diagnostics"}`.
package struct BatchMixJSON: Encodable, Sendable {
    /// One store: its mix's keys beside `store`; or, for a store whose
    /// stock cannot meet `--min`, `error` and `missing` as a refused `make`
    /// has them; or, for a store that could not be mixed, only its
    /// diagnostics.
    package struct Store: Encodable, Sendable {
        package var store: String
        package var mix: MixJSON?
        package var missing: [String: Int]?
        package var diagnostics: [Diagnostic]

        /// A store's answer: its mix, or what its stock misses, and its
        /// diagnostics.
        package init(store: String, mix: MixJSON?, missing: [String: Int]?, diagnostics: [Diagnostic]) {
            self.store = store
            self.mix = mix
            self.missing = missing
            self.diagnostics = diagnostics
        }

        private enum CodingKeys: String, CodingKey {
            case store, status, objective, value, gap, mix, uses, left, limitedBy, error, missing, diagnostics
        }

        /// The mix's keys beside `store`, flat.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(store, forKey: .store)
            if let mix {
                try container.encode(mix.status, forKey: .status)
                try container.encode(mix.objective, forKey: .objective)
                try container.encode(mix.value, forKey: .value)
                try container.encode(mix.gap, forKey: .gap)
                try container.encode(mix.mix, forKey: .mix)
                try container.encode(mix.uses, forKey: .uses)
                try container.encode(mix.left, forKey: .left)
                try container.encode(mix.limitedBy, forKey: .limitedBy)
            }
            if let missing {
                try container.encode(Failure.minimumsShort([]).errorName, forKey: .error)
                try container.encode(missing, forKey: .missing)
            }
            try container.encode(diagnostics, forKey: .diagnostics)
        }
    }

    package var stores: [Store]
    /// The manifest's own problems.
    package var diagnostics: [Diagnostic]

    /// Every store's answer, and the manifest's diagnostics.
    package init(stores: [Store], diagnostics: [Diagnostic]) {
        self.stores = stores
        self.diagnostics = diagnostics
    }
}
