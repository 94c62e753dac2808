import Foundation

/// What an import of a till's sales into a chain's stores did, or under a
/// dry run would do: each store's summary, and the tickets of locations
/// that are no store's, listed and not booked.
public struct ChainSalesImport: Sendable, Hashable {
    /// One store's part of the import.
    public struct StoreImport: Sendable, Hashable {
        /// The store's name in the manifest.
        public var store: String
        /// What the import did there.
        public var summary: SalesImport

        /// A store's part; see the properties.
        public init(store: String, summary: SalesImport) {
            self.store = store
            self.summary = summary
        }
    }

    /// The export's events of a location that is no store of the chain.
    public struct NoStore: Sendable, Hashable {
        /// The location as the till first wrote it; `nil` for rows that
        /// name none.
        public var location: String?
        /// Its tickets, not booked.
        public var tickets = 0
        /// Its voided lines.
        public var voided = 0
        /// Its refunded lines.
        public var refunded = 0

        /// No events yet of `location`.
        public init(location: String?) {
            self.location = location
        }
    }

    /// Every store of the chain, in the manifest's order.
    public var stores: [StoreImport] = []
    /// The locations of no store, in the order the export first names them.
    public var noStore: [NoStore] = []

    /// Nothing imported yet.
    public init() {}

    /// The chain's sums: tickets, servings, and the unknown names with
    /// their units summed (most first). Its lists of tickets (held back,
    /// short, refunded) are empty: each store's summary lists its own, and
    /// a copy of them all would be as long as the export.
    public var total: SalesImport {
        var total = SalesImport()
        var unknown: [SalesImport.Unknown] = []
        for part in stores.map(\.summary) {
            let tickets = part.tickets
            total.tickets.read += tickets.read
            total.tickets.booked += tickets.booked
            total.tickets.alreadyBooked += tickets.alreadyBooked
            total.tickets.heldBack += tickets.heldBack
            total.tickets.voided += tickets.voided
            total.tickets.refunded += tickets.refunded
            total.tickets.short += tickets.short
            total.servings.merge(part.servings) { $0.addingSaturating($1) }
            for name in part.unknown {
                if let at = unknown.firstIndex(where: { $0.name == name.name }) {
                    unknown[at].count = unknown[at].count.addingSaturating(name.count)
                } else {
                    unknown.append(name)
                }
            }
        }
        total.unknown = unknown.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
            .map(\.element)
        return total
    }

    /// Whether any ticket was not booked: held back in a store, or of a
    /// location that is no store's.
    public var leftTicketsOut: Bool {
        stores.contains { $0.summary.tickets.heldBack > 0 } || noStore.contains { $0.tickets > 0 }
    }

    /// How a till's location is compared with a store's name or a
    /// `--location` given, in a chain's import and in one store's
    /// (`--location NAME`): case and the spaces around it aside.
    public static func locationKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
