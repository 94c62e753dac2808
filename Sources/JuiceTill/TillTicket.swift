/// One ticket of a till's export: the lines sold together, booked whole
/// or not at all.
package struct TillTicket: Sendable, Hashable {
    /// One line of a ticket: an item, its size, how many, and what was
    /// added to each unit.
    package struct Line: Sendable, Hashable {
        package var item: String
        package var size: String?
        package var quantity: Int
        package var modifiers: [Modifier]
        /// The file's line it was read on.
        package var fileLine: Int

        package init(item: String, size: String?, quantity: Int, modifiers: [Modifier], fileLine: Int) {
            self.item = item
            self.size = size
            self.quantity = quantity
            self.modifiers = modifiers
            self.fileLine = fileLine
        }
    }

    /// A modifier of a line, with its quantity for each unit of the line.
    package struct Modifier: Sendable, Hashable {
        package var name: String
        package var quantity: Int

        package init(name: String, quantity: Int) {
            self.name = name
            self.quantity = quantity
        }
    }

    /// The ticket's key in the journal: `square:` and its transaction id,
    /// `toast:` and its order id, `csv:` and its ticket (or its row's hash).
    package var key: String
    /// When it was sold: seconds since 1970, UTC.
    package var time: Int
    /// The till's location, when the export names one.
    package var location: String?
    /// The lines sold (voided lines left out).
    package var lines: [Line]

    package init(key: String, time: Int, location: String?, lines: [Line]) {
        self.key = key
        self.time = time
        self.location = location
        self.lines = lines
    }
}
