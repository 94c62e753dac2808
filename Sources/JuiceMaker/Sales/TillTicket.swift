/// One ticket of a till's export: the lines sold together, booked whole
/// or not at all.
public struct TillTicket: Sendable, Hashable {
    /// One line of a ticket: an item, its size, how many, and what was
    /// added to each unit.
    public struct Line: Sendable, Hashable {
        /// The till's name of the item.
        public var item: String
        /// Its size (Square's price point), if any.
        public var size: String?
        /// How many were sold.
        public var quantity: Int
        /// What was added to each unit.
        public var modifiers: [Modifier]
        /// The file's line it was read on.
        public var fileLine: Int
        /// Where its quantity stands in the file, for a refusal of the
        /// ticket's numbers; `nil` when not known. Not part of what was
        /// sold: two lines alike but for it are equal.
        public var quantityAt: Cell?

        /// A line; see the properties.
        public init(
            item: String, size: String?, quantity: Int, modifiers: [Modifier], fileLine: Int,
            quantityAt: Cell? = nil
        ) {
            self.item = item
            self.size = size
            self.quantity = quantity
            self.modifiers = modifiers
            self.fileLine = fileLine
            self.quantityAt = quantityAt
        }

        /// Whether the two lines sold the same, on the same line of the
        /// file; ``quantityAt`` aside.
        public static func == (lhs: Line, rhs: Line) -> Bool {
            (lhs.item, lhs.size, lhs.quantity, lhs.modifiers, lhs.fileLine)
                == (rhs.item, rhs.size, rhs.quantity, rhs.modifiers, rhs.fileLine)
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(item)
            hasher.combine(size)
            hasher.combine(quantity)
            hasher.combine(modifiers)
            hasher.combine(fileLine)
        }
    }

    /// A field of the export: where it starts (file, line, column) and the
    /// header's name of its column.
    public struct Cell: Sendable, Hashable {
        /// Where the field starts.
        public var place: SourceLocation
        /// The header's name of its column.
        public var column: String

        /// A field; see the properties.
        public init(place: SourceLocation, column: String) {
            self.place = place
            self.column = column
        }
    }

    /// A modifier of a line, with its quantity for each unit of the line.
    public struct Modifier: Sendable, Hashable {
        /// The till's name of the modifier.
        public var name: String
        /// How many for each unit of the line.
        public var quantity: Int

        /// A modifier; see the properties.
        public init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }

    /// The ticket's key in the journal: `square:` and its transaction id,
    /// `toast:` and its order id, `csv:` and its ticket (or its row's hash).
    public var key: IdempotencyKey
    /// When it was sold: seconds since 1970, UTC.
    public var time: Int
    /// The till's location, when the export names one.
    public var location: String?
    /// The lines sold (voided lines left out).
    public var lines: [Line]

    /// A ticket; see the properties.
    public init(key: IdempotencyKey, time: Int, location: String?, lines: [Line]) {
        self.key = key
        self.time = time
        self.location = location
        self.lines = lines
    }
}

/// What a till's export holds, one thing at a time: a void or a refund as its
/// row is read, a ticket once its last row is.
public enum TillEvent: Sendable, Hashable {
    /// A ticket, whole.
    case ticket(TillTicket)
    /// A voided line, skipped.
    case voided(line: Int, item: String, quantity: Int, location: String?)
    /// A refunded line: the juice was made, so nothing is booked back.
    case refunded(line: Int, key: IdempotencyKey, item: String, quantity: Int, location: String?)

    /// The till's location it was rung at, when the export names one: the
    /// store of a chain it belongs to.
    public var location: String? {
        switch self {
        case .ticket(let ticket): ticket.location
        case .voided(_, _, _, let location), .refunded(_, _, _, _, let location): location
        }
    }
}
