import JuiceMaker

/// The JSON of `juice import` and of the counter's import (SPEC 17):
/// `{"tickets": {"read", "booked", "alreadyBooked", "heldBack", "voided",
/// "refunded", "short"}, "servings": {RECIPE: N}, "unknown": [{"name",
/// "count", "suggestion"}], "heldBack": [{"key", "unknown": [NAME]}],
/// "short": [{"key", "short": {FRUIT: N}}], "refunds": [{"key", "item",
/// "quantity"}], "diagnostics"}`, and under a dry run `"dryRun": true`.
package struct SalesImportJSON: Encodable, Sendable {
    /// The tickets by what became of them.
    package struct Tickets: Encodable, Sendable {
        var read, booked, alreadyBooked, heldBack, voided, refunded, short: Int
    }

    /// A name the map does not know.
    package struct Unknown: Encodable, Sendable {
        var name: String
        var count: Int
        @NullWhenAbsent var suggestion: String?
    }

    /// A ticket held back.
    package struct HeldBack: Encodable, Sendable {
        var key: String
        var unknown: [String]
    }

    /// A ticket booked short.
    package struct Short: Encodable, Sendable {
        var key: String
        var short: [String: Int]
    }

    /// A refunded line.
    package struct Refund: Encodable, Sendable {
        var key: String
        var item: String
        var quantity: Int
    }

    package var dryRun: Bool?
    package var tickets: Tickets
    package var servings: [String: Int]
    package var unknown: [Unknown]
    package var heldBack: [HeldBack]
    package var short: [Short]
    package var refunds: [Refund]
    package var diagnostics: [Diagnostic]

    /// The JSON of `summary`, with `diagnostics` (the files' warnings and
    /// notes).
    package init(_ summary: SalesImport, dryRun: Bool, diagnostics: [Diagnostic]) {
        self.dryRun = dryRun ? true : nil
        let counted = summary.tickets
        tickets = Tickets(
            read: counted.read, booked: counted.booked, alreadyBooked: counted.alreadyBooked,
            heldBack: counted.heldBack, voided: counted.voided, refunded: counted.refunded, short: counted.short)
        servings = summary.servings
        unknown = summary.unknown.map { Unknown(name: $0.name, count: $0.count, suggestion: $0.suggestion) }
        heldBack = summary.heldBack.map { HeldBack(key: $0.key.text, unknown: $0.unknown) }
        short = summary.short.map { Short(key: $0.key.text, short: $0.short) }
        refunds = summary.refunds.map { Refund(key: $0.key.text, item: $0.item, quantity: $0.quantity) }
        self.diagnostics = diagnostics
    }

    /// Whether any ticket was held back: the import's exit status is then 65.
    package var heldAnyBack: Bool { tickets.heldBack > 0 }
}
