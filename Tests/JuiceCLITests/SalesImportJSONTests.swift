import JuiceMaker
import JuicePresentation
import Testing

/// An import's JSON is written a ticket at a time from lists that may be in
/// a file (``SpooledList``): its bytes are those `JSONEncoder` writes for the
/// same document built whole.
@Suite struct SalesImportJSONTests {
    private let catalogue = Catalogue("en")

    /// The document as `JSONEncoder` writes it, every list a value.
    private struct Whole: Encodable {
        struct HeldBack: Encodable {
            var key: String
            var unknown: [String]
        }

        struct Refund: Encodable {
            var key: String
            var item: String
            var quantity: Int
        }

        struct Short: Encodable {
            var key: String
            var short: [String: Int]
        }

        struct Unknown: Encodable {
            var name: String
            var count: Int
            var suggestion: String?

            private enum CodingKeys: String, CodingKey { case name, count, suggestion }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try container.encode(count, forKey: .count)
                try container.encode(suggestion, forKey: .suggestion)
            }
        }

        struct Tickets: Encodable {
            var read, booked, alreadyBooked, heldBack, voided, refunded, short: Int
        }

        var diagnostics: [Diagnostic] = []
        var dryRun: Bool?
        var heldBack: [HeldBack]
        var refunds: [Refund]
        var servings: [String: Int]
        var short: [Short]
        var store: String?
        var tickets: Tickets
        var unknown: [Unknown]

        init(_ summary: SalesImport, dryRun: Bool, store: String? = nil) {
            self.dryRun = dryRun ? true : nil
            heldBack = summary.heldBack.map { HeldBack(key: $0.key.text, unknown: $0.unknown) }
            refunds = summary.refunds.map { Refund(key: $0.key.text, item: $0.item, quantity: $0.quantity) }
            servings = summary.servings
            short = summary.short.map { Short(key: $0.key.text, short: $0.short) }
            self.store = store
            let counted = summary.tickets
            tickets = Tickets(
                read: counted.read, booked: counted.booked, alreadyBooked: counted.alreadyBooked,
                heldBack: counted.heldBack, voided: counted.voided, refunded: counted.refunded, short: counted.short)
            unknown = summary.unknown.map { Unknown(name: $0.name, count: $0.count, suggestion: $0.suggestion) }
        }
    }

    private struct WholeChain: Encodable {
        struct Total: Encodable {
            var servings: [String: Int]
            var tickets: Whole.Tickets
            var unknown: [Whole.Unknown]
        }

        struct NoStore: Encodable {
            var location: String?
            var tickets, voided, refunded: Int

            private enum CodingKeys: String, CodingKey { case location, tickets, voided, refunded }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(location, forKey: .location)
                try container.encode(tickets, forKey: .tickets)
                try container.encode(voided, forKey: .voided)
                try container.encode(refunded, forKey: .refunded)
            }
        }

        var diagnostics: [Diagnostic] = []
        var dryRun: Bool?
        var noStore: [NoStore]
        var stores: [Whole]
        var total: Total
    }

    private static func key(_ text: String) -> IdempotencyKey {
        IdempotencyKey(ticket: text)!
    }

    /// A summary of every list, `length` tickets in each, most of them in
    /// the lists' files; names with quotes, slashes, line breaks, control
    /// characters and Korean.
    private static func summary(length: Int) -> SalesImport {
        var summary = SalesImport()
        summary.heldBack = SpooledList(keepingInMemory: 1)
        summary.short = SpooledList(keepingInMemory: 1)
        summary.refunds = SpooledList(keepingInMemory: 1)
        let names = ["Mango \"Fresh\"", "a/b\\c", "two\nlines", "tab\there\u{1B}[0m", "딸바 주스", ""]
        for index in 0..<length {
            let name = names[index % names.count]
            summary.heldBack.append(
                SalesImport.HeldBack(key: key("square:H\(index)"), unknown: Array(names.prefix(index % 3 + 1))))
            summary.short.append(
                SalesImport.Short(key: key("toast:S-\(index)"), short: ["kiwi": index + 1, "banana": 2, "apple": -3]))
            summary.refunds.append(SalesImport.Refund(key: key("csv:R\(index)"), item: name, quantity: index - 1))
        }
        summary.tickets.read = 3 * length
        summary.tickets.heldBack = length
        summary.tickets.short = length
        summary.tickets.refunded = length
        summary.servings = ["banana": 3, "strawberry": 12]
        summary.unknown = [
            SalesImport.Unknown(name: "Mango \"Fresh\"", count: 4, suggestion: "Mango Juice"),
            SalesImport.Unknown(name: "딸바 주스", count: 1, suggestion: nil),
        ]
        return summary
    }

    @Test(arguments: [0, 1, 5])
    func oneStoresImportIsTheEncodersBytes(length: Int) throws {
        let summary = Self.summary(length: length)
        #expect(summary.heldBack.isSpooled == (length > 1))
        for dryRun in [false, true] {
            let written = SalesImportJSON(summary, dryRun: dryRun, diagnostics: []).text(catalogue: catalogue)
            #expect(written == JSONText.render(Whole(summary, dryRun: dryRun), catalogue: catalogue))
        }
    }

    @Test func aChainsImportIsTheEncodersBytes() throws {
        var chain = ChainSalesImport()
        chain.stores = [
            ChainSalesImport.StoreImport(store: "gangnam", summary: Self.summary(length: 3)),
            ChainSalesImport.StoreImport(store: "홍대 \"2\"", summary: SalesImport()),
        ]
        var other = ChainSalesImport.NoStore(location: "Busan")
        other.tickets = 2
        chain.noStore = [other, ChainSalesImport.NoStore(location: nil)]
        let out = ByteWriter()
        ChainSalesImportJSON(chain, dryRun: true, diagnostics: []).write(to: out, catalogue: catalogue)
        let total = chain.total
        let whole = WholeChain(
            dryRun: true,
            noStore: chain.noStore.map {
                WholeChain.NoStore(location: $0.location, tickets: $0.tickets, voided: $0.voided, refunded: $0.refunded)
            },
            stores: chain.stores.map { Whole($0.summary, dryRun: false, store: $0.store) },
            total: WholeChain.Total(
                servings: total.servings, tickets: Whole(total, dryRun: false).tickets,
                unknown: Whole(total, dryRun: false).unknown))
        #expect(String(decoding: out.bytes, as: UTF8.self) == JSONText.render(whole, catalogue: catalogue) + "\n")
        // The total sums the stores and lists no tickets of its own.
        #expect(total.tickets.heldBack == 3 && total.heldBack.isEmpty)
    }
}
