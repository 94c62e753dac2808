import JuiceMaker

/// The JSON of `juice import --stores` without `--store` (SPEC 17):
/// `{"stores": [{"store", "tickets", "servings", "unknown", "heldBack",
/// "short", "refunds", "diagnostics"}], "total": {"tickets", "servings",
/// "unknown"}, "noStore": [{"location", "tickets", "voided", "refunded"}],
/// "diagnostics"}`, and under a dry run `"dryRun": true`.
package struct ChainSalesImportJSON: Encodable, Sendable {
    /// A store's import: its name and the keys of one store's import.
    package struct StoreJSON: Encodable, Sendable {
        var store: String
        var summary: SalesImportJSON

        private enum CodingKeys: String, CodingKey {
            case store
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(store, forKey: .store)
            try summary.encode(to: encoder)
        }
    }

    /// The chain's sums.
    package struct Total: Encodable, Sendable {
        var tickets: SalesImportJSON.Tickets
        var servings: [String: Int]
        var unknown: [SalesImportJSON.Unknown]
    }

    /// The tickets of a till location that is no store's.
    package struct NoStore: Encodable, Sendable {
        @NullWhenAbsent var location: String?
        var tickets, voided, refunded: Int
    }

    package var dryRun: Bool?
    package var stores: [StoreJSON]
    package var total: Total
    package var noStore: [NoStore]
    package var diagnostics: [Diagnostic]

    /// The JSON of `chain`, with `diagnostics` (the map's, the files'
    /// notes, the stores' menus'); each store's inventory warnings are its own.
    package init(_ chain: ChainSalesImport, dryRun: Bool, diagnostics: [Diagnostic]) {
        self.dryRun = dryRun ? true : nil
        stores = chain.stores.map { part in
            StoreJSON(
                store: part.store,
                summary: SalesImportJSON(part.summary, dryRun: false, diagnostics: part.summary.diagnostics))
        }
        let total = SalesImportJSON(chain.total, dryRun: false, diagnostics: [])
        self.total = Total(tickets: total.tickets, servings: total.servings, unknown: total.unknown)
        noStore = chain.noStore.map {
            NoStore(location: $0.location, tickets: $0.tickets, voided: $0.voided, refunded: $0.refunded)
        }
        self.diagnostics = diagnostics
    }
}
