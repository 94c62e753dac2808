/// What an import of a till's sales did, or under a dry run would do
/// (SPEC 17's summary): tickets by what became of them, servings booked,
/// and the names the map does not know.
public struct SalesImport: Sendable, Hashable {
    /// How many tickets were read, and what became of them; voided and
    /// refunded count lines.
    public struct Tickets: Sendable, Hashable {
        /// Tickets read.
        public var read = 0
        /// Tickets booked (under a dry run: that would be).
        public var booked = 0
        /// Tickets whose key the journal holds already: skipped.
        public var alreadyBooked = 0
        /// Tickets with a name the map does not know: not booked.
        public var heldBack = 0
        /// Voided lines, skipped.
        public var voided = 0
        /// Refunded lines, listed: nothing is booked back.
        public var refunded = 0
        /// Tickets booked with fruit the book did not have.
        public var short = 0

        /// No tickets yet.
        public init() {}
    }

    /// A till's name the map does not know.
    public struct Unknown: Sendable, Hashable {
        /// The name as the till writes it (an item's without its size:
        /// mapping the name maps every size of it).
        public var name: String
        /// The units sold under it in the tickets held back.
        public var count: Int
        /// The map's closest name, if one is close.
        public var suggestion: String?

        /// An unknown name; see the properties.
        public init(name: String, count: Int, suggestion: String?) {
            self.name = name
            self.count = count
            self.suggestion = suggestion
        }
    }

    /// A ticket held back, and the names it has that the map does not know.
    public struct HeldBack: Spoolable {
        /// The ticket's key.
        public var key: IdempotencyKey
        /// Its unknown names, in the order of its lines.
        public var unknown: [String]

        /// A ticket held back; see the properties.
        public init(key: IdempotencyKey, unknown: [String]) {
            self.key = key
            self.unknown = unknown
        }
    }

    /// A ticket booked with fruit the book did not have.
    public struct Short: Spoolable {
        /// The ticket's key.
        public var key: IdempotencyKey
        /// The fruit it used that the book did not have.
        public var short: [String: Int]

        /// A short ticket; see the properties.
        public init(key: IdempotencyKey, short: [String: Int]) {
            self.key = key
            self.short = short
        }
    }

    /// A refunded line.
    public struct Refund: Spoolable {
        /// The ticket's key.
        public var key: IdempotencyKey
        /// The item refunded.
        public var item: String
        /// How many.
        public var quantity: Int

        /// A refund; see the properties.
        public init(key: IdempotencyKey, item: String, quantity: Int) {
            self.key = key
            self.item = item
            self.quantity = quantity
        }
    }

    /// The tickets, by what became of them.
    public var tickets = Tickets()
    /// The servings booked (or that would be), by recipe id.
    public var servings: [String: Int] = [:]
    /// The names the map does not know, most units first.
    public var unknown: [Unknown] = []
    /// The tickets held back, in the file's order.
    public var heldBack = SpooledList<HeldBack>()
    /// The tickets booked short, in the file's order.
    public var short = SpooledList<Short>()
    /// The refunded lines, in the file's order.
    public var refunds = SpooledList<Refund>()
    /// The stock after the import (under a dry run: as it would be).
    public var stock: Inventory?
    /// The inventory file's warnings.
    public var diagnostics: [Diagnostic] = []
    /// Set when the import is written but the folder could not be flushed
    /// to disk.
    public var notFlushed: FileError?

    /// Nothing imported yet.
    public init() {}
}

// The lists of an import grow with the export: kept in a file past their
// first elements.

extension SalesImport.HeldBack {
    /// Writes the key and the names.
    public func spool(into record: inout SpoolRecord) {
        record.write(key.text)
        record.write(unknown.count)
        for name in unknown { record.write(name) }
    }

    /// The value ``spool(into:)`` wrote.
    public init(unspooling record: inout SpoolRecord) {
        key = IdempotencyKey(kept: record.readString())
        unknown = (0..<max(record.readInt(), 0)).map { _ in record.readString() }
    }
}

extension SalesImport.Short {
    /// Writes its fields.
    public func spool(into record: inout SpoolRecord) {
        record.write(key.text)
        record.write(short.count)
        for (fruit, count) in short {
            record.write(fruit)
            record.write(count)
        }
    }

    /// The value ``spool(into:)`` wrote.
    public init(unspooling record: inout SpoolRecord) {
        key = IdempotencyKey(kept: record.readString())
        short = [:]
        for _ in 0..<max(record.readInt(), 0) {
            let fruit = record.readString()
            short[fruit] = record.readInt()
        }
    }
}

extension SalesImport.Refund {
    /// Writes its fields.
    public func spool(into record: inout SpoolRecord) {
        record.write(key.text)
        record.write(item)
        record.write(quantity)
    }

    /// The value ``spool(into:)`` wrote.
    public init(unspooling record: inout SpoolRecord) {
        key = IdempotencyKey(kept: record.readString())
        item = record.readString()
        quantity = record.readInt()
    }
}
