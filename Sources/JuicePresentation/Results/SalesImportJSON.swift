import JuiceMaker

/// The JSON of `juice import` and of the counter's import (SPEC 17):
/// `{"tickets": {"read", "booked", "alreadyBooked", "heldBack", "voided",
/// "refunded", "short"}, "servings": {RECIPE: N}, "unknown": [{"name",
/// "count", "suggestion"}], "heldBack": [{"key", "unknown": [NAME]}],
/// "short": [{"key", "short": {FRUIT: N}}], "refunds": [{"key", "item",
/// "quantity"}], "diagnostics"}`, and under a dry run `"dryRun": true`.
///
/// Written as the bytes `JSONEncoder` writes (keys sorted, pretty-printed),
/// its lists a ticket at a time from the summary's ``SpooledList``s: they
/// grow with the export, and a value of them all would hold the export's
/// every ticket in memory at once.
package struct SalesImportJSON: Sendable {
    /// The tickets by what became of them.
    struct Tickets: Encodable, Sendable {
        var read, booked, alreadyBooked, heldBack, voided, refunded, short: Int

        init(_ tickets: SalesImport.Tickets) {
            (read, booked, alreadyBooked, heldBack) =
                (tickets.read, tickets.booked, tickets.alreadyBooked, tickets.heldBack)
            (voided, refunded, short) = (tickets.voided, tickets.refunded, tickets.short)
        }
    }

    /// A name the map does not know.
    struct Unknown: Encodable, Sendable {
        var name: String
        var count: Int
        @NullWhenAbsent var suggestion: String?

        init(_ unknown: SalesImport.Unknown) {
            (name, count, suggestion) = (unknown.name, unknown.count, unknown.suggestion)
        }
    }

    private let summary: SalesImport
    private let dryRun: Bool
    private let diagnostics: [Diagnostic]

    /// The JSON of `summary`, with `diagnostics` (the files' warnings and
    /// notes).
    package init(_ summary: SalesImport, dryRun: Bool, diagnostics: [Diagnostic]) {
        self.summary = summary
        self.dryRun = dryRun
        self.diagnostics = diagnostics
    }

    /// Whether any ticket was held back: the import's exit status is then 65.
    package var heldAnyBack: Bool { summary.tickets.heldBack > 0 }

    /// The whole document, for an answer of the counter's API.
    package func text(catalogue: Catalogue) -> String {
        let out = ByteWriter(reserving: 1 << 12)
        write(to: out, level: 0, catalogue: catalogue)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes the object, its braces at nesting `level`; with `store`, that
    /// store's name among its keys (a store's part of a chain's import).
    /// Diagnostics say their messages in `catalogue`'s language.
    package func write(to out: ByteWriter, level: Int, store: String? = nil, catalogue: Catalogue) {
        let inner = level + 1
        out.write(byte: UInt8(ascii: "{"))
        out.writeJSONKey("diagnostics", level: inner, first: true)
        out.writeJSON(diagnostics, level: inner, catalogue: catalogue)
        if dryRun {
            out.writeJSONKey("dryRun", level: inner)
            out.write("true")
        }
        out.writeJSONKey("heldBack", level: inner)
        Self.writeList(summary.heldBack, to: out, level: inner) { ticket in
            out.writeJSONKey("key", level: inner + 2, first: true)
            out.writeJSONString(ticket.key.text)
            out.writeJSONKey("unknown", level: inner + 2)
            Self.writeList(ticket.unknown, to: out, level: inner + 2, object: false) { out.writeJSONString($0) }
        }
        out.writeJSONKey("refunds", level: inner)
        Self.writeList(summary.refunds, to: out, level: inner) { refund in
            out.writeJSONKey("item", level: inner + 2, first: true)
            out.writeJSONString(refund.item)
            out.writeJSONKey("key", level: inner + 2)
            out.writeJSONString(refund.key.text)
            out.writeJSONKey("quantity", level: inner + 2)
            out.write(refund.quantity)
        }
        out.writeJSONKey("servings", level: inner)
        out.writeJSON(summary.servings, level: inner, catalogue: catalogue)
        out.writeJSONKey("short", level: inner)
        Self.writeList(summary.short, to: out, level: inner) { ticket in
            out.writeJSONKey("key", level: inner + 2, first: true)
            out.writeJSONString(ticket.key.text)
            out.writeJSONKey("short", level: inner + 2)
            Self.writeCounts(ticket.short, to: out, level: inner + 2)
        }
        if let store {
            out.writeJSONKey("store", level: inner)
            out.writeJSONString(store)
        }
        out.writeJSONKey("tickets", level: inner)
        out.writeJSON(Tickets(summary.tickets), level: inner, catalogue: catalogue)
        out.writeJSONKey("unknown", level: inner)
        out.writeJSON(summary.unknown.map(Unknown.init), level: inner, catalogue: catalogue)
        out.write("\n")
        out.writeIndent(level)
        out.write(byte: UInt8(ascii: "}"))
    }

    /// Writes `counts` as a JSON object whose braces are at `level`, its keys
    /// sorted (fruit ids: their bytes are their order).
    private static func writeCounts(_ counts: [String: Int], to out: ByteWriter, level: Int) {
        out.write(byte: UInt8(ascii: "{"))
        let sorted = counts.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (index, (key, count)) in sorted.enumerated() {
            out.writeJSONLine(level: level + 1, first: index == 0)
            out.writeJSONString(key)
            out.write(" : ")
            out.write(count)
        }
        out.write(sorted.isEmpty ? "\n\n" : "\n")
        out.writeIndent(level)
        out.write(byte: UInt8(ascii: "}"))
    }

    /// Writes `elements` as a JSON array whose brackets are at `level`, each
    /// element on a line of its own: an object (its members written by
    /// `element`, a level deeper) or, unless `object`, the value `element`
    /// writes. An empty array is written as `JSONEncoder` writes it.
    private static func writeList<Elements: Sequence>(
        _ elements: Elements, to out: ByteWriter, level: Int, object: Bool = true,
        _ element: (Elements.Element) -> Void
    ) {
        out.write(byte: UInt8(ascii: "["))
        var first = true
        for item in elements {
            out.writeJSONLine(level: level + 1, first: first)
            first = false
            if object { out.write(byte: UInt8(ascii: "{")) }
            element(item)
            if object {
                out.write("\n")
                out.writeIndent(level + 1)
                out.write(byte: UInt8(ascii: "}"))
            }
        }
        out.write(first ? "\n\n" : "\n")
        out.writeIndent(level)
        out.write(byte: UInt8(ascii: "]"))
    }
}
