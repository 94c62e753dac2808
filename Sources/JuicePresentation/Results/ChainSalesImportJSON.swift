import JuiceMaker

/// The JSON of `juice import --stores` without `--store` (SPEC 17):
/// `{"stores": [{"store", "tickets", "servings", "unknown", "heldBack",
/// "short", "refunds", "diagnostics"}], "total": {"tickets", "servings",
/// "unknown"}, "noStore": [{"location", "tickets", "voided", "refunded"}],
/// "diagnostics"}`, and under a dry run `"dryRun": true`; each store's part
/// written as ``SalesImportJSON`` writes one store's, a ticket at a time.
package struct ChainSalesImportJSON: Sendable {
    /// The chain's sums.
    private struct Total: Encodable, Sendable {
        var tickets: SalesImportJSON.Tickets
        var servings: [String: Int]
        var unknown: [SalesImportJSON.Unknown]
    }

    /// The tickets of a till location that is no store's.
    private struct NoStore: Encodable, Sendable {
        @NullWhenAbsent var location: String?
        var tickets, voided, refunded: Int
    }

    private let chain: ChainSalesImport
    private let dryRun: Bool
    private let diagnostics: [Diagnostic]

    /// The JSON of `chain`, with `diagnostics` (the map's, the files'
    /// notes, the stores' menus'); each store's inventory warnings are its own.
    package init(_ chain: ChainSalesImport, dryRun: Bool, diagnostics: [Diagnostic]) {
        self.chain = chain
        self.dryRun = dryRun
        self.diagnostics = diagnostics
    }

    /// Writes the document, its braces at nesting level 0, and a line break.
    /// Diagnostics say their messages in `catalogue`'s language.
    package func write(to out: ByteWriter, catalogue: Catalogue) {
        out.write(byte: UInt8(ascii: "{"))
        out.writeJSONKey("diagnostics", level: 1, first: true)
        out.writeJSON(diagnostics, level: 1, catalogue: catalogue)
        if dryRun {
            out.writeJSONKey("dryRun", level: 1)
            out.write("true")
        }
        out.writeJSONKey("noStore", level: 1)
        let noStore = chain.noStore.map {
            NoStore(location: $0.location, tickets: $0.tickets, voided: $0.voided, refunded: $0.refunded)
        }
        out.writeJSON(noStore, level: 1, catalogue: catalogue)
        out.writeJSONKey("stores", level: 1)
        out.write(byte: UInt8(ascii: "["))
        for (index, part) in chain.stores.enumerated() {
            out.writeJSONLine(level: 2, first: index == 0)
            SalesImportJSON(part.summary, dryRun: false, diagnostics: part.summary.diagnostics)
                .write(to: out, level: 2, store: part.store, catalogue: catalogue)
        }
        out.write(chain.stores.isEmpty ? "\n\n" : "\n")
        out.writeIndent(1)
        out.write(byte: UInt8(ascii: "]"))
        let total = chain.total
        out.writeJSONKey("total", level: 1)
        out.writeJSON(
            Total(
                tickets: SalesImportJSON.Tickets(total.tickets), servings: total.servings,
                unknown: total.unknown.map(SalesImportJSON.Unknown.init)),
            level: 1, catalogue: catalogue)
        out.write("\n}")
        out.newline()
    }
}
