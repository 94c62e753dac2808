/// A till's sales booked on a stock, one event at a time (SPEC 17): a
/// ticket whose key is booked already is skipped, one with a name the map
/// does not know is held back, any other becomes one `make` entry of reason
/// `sale`, its fruit taken from the stock down to 0 at most (the rest its
/// `short`).
struct SaleBooking {
    /// What a booking needs of the journal: the tickets' keys it holds,
    /// and when each fruit was last counted, of the entries that stand (an
    /// undone sale's ticket may be booked again, once its map is put right;
    /// an undone count counted nothing).
    ///
    /// Read in one pass (``take(_:)``): an undo comes after the entry it
    /// undoes, so the counts are kept until the end, and the ids of the
    /// entries with a ticket's key as runs, to see whether an undo took
    /// back one of them; only then is the journal read again, knowing what
    /// was undone (``mustReadAgain``, ``init(undone:)``).
    struct JournalFacts {
        /// A count of some fruits.
        private struct Count {
            var id: Int
            var time: JournalTime
            var fruits: [String]
        }

        /// The tickets' keys booked already.
        private(set) var keys = TicketKeys()
        /// The ids of the entries undone so far (or known from a read before).
        private(set) var undone: Set<Int>
        /// The ids of the entries whose ticket key is among ``keys``, as runs.
        private var ticketEntries: [ClosedRange<Int>] = []
        /// The counts that stood when taken.
        private var counts: [Count] = []

        /// Facts of no entry, of a journal whose undone entries are `undone`
        /// (when known from a read before), or not known yet.
        init(undone: Set<Int> = []) {
            self.undone = undone
        }

        /// Takes the next entry of the journal, in order.
        mutating func take(_ entry: JournalEntry) {
            if let id = entry.undoes { undone.insert(id) }
            take(entry, stands: entry.kind != .undo && !undone.contains(entry.id))
        }

        /// Takes the next entry of the journal, unless it does not stand
        /// (undone, or an undo), as told by a reader that knows.
        mutating func take(_ entry: JournalEntry, stands: Bool) {
            guard stands else { return }
            if let key = entry.key, key.isTicket {
                keys.insert(key)
                if let last = ticketEntries.last, last.upperBound + 1 == entry.id {
                    ticketEntries[ticketEntries.count - 1] = last.lowerBound...entry.id
                } else {
                    ticketEntries.append(entry.id...entry.id)
                }
            }
            guard entry.kind == .adjust, entry.reason == .count else { return }
            // A count written before `counted` names the fruits it changed.
            counts.append(Count(id: entry.id, time: entry.time, fruits: Array((entry.counted ?? entry.changes).keys)))
        }

        /// Whether an entry taken with a ticket's key was undone after it
        /// was taken: its key is among ``keys`` while it should not be, so
        /// the journal is to be read again into `JournalFacts(undone:)`.
        var mustReadAgain: Bool {
            undone.contains { id in
                // The last run that starts at or before `id`.
                var (low, high) = (0, ticketEntries.count)
                while low < high {
                    let middle = (low + high) / 2
                    if ticketEntries[middle].lowerBound <= id { low = middle + 1 } else { high = middle }
                }
                return low > 0 && ticketEntries[low - 1].contains(id)
            }
        }

        /// The time of each fruit's latest count that stands.
        var lastCounted: [String: JournalTime] {
            var latest: [String: JournalTime] = [:]
            for count in counts where !undone.contains(count.id) {
                for fruit in count.fruits where latest[fruit].map({ $0 < count.time }) ?? true {
                    latest[fruit] = count.time
                }
            }
            return latest
        }
    }

    /// An entry to write: its draft, when it was sold, and its changes.
    struct Booked {
        var draft: JournalEntry.Draft
        var time: JournalTime
        var changes: [String: Int]
        /// The lots they moved, of fruits with dated lots.
        var lots: [String: [JournalEntry.LotChange]]?
    }

    /// What a line's item is: a recipe of the menu and its servings a
    /// unit, a name the map ignores, or one it does not know.
    private enum ItemFound {
        case recipe(String, servings: Int)
        case ignored
        case unknown
    }

    /// What a modifier adds to each unit of its line, by the map and the
    /// menu, or that it is ignored or not known.
    private enum ModifierFound {
        case fruits([String: Int])
        case recipe(String)
        case ignored
        case unknown
    }

    /// An item's name and size as a line gives them.
    private struct ItemName: Hashable {
        var item: String
        var size: String?
    }

    private let menu: Menu
    private let map: SalesMap
    private let recorded: JournalTime
    /// The stock after what was booked so far.
    private(set) var stock: Inventory
    /// What each item and modifier met so far is: a till has a few dozen
    /// names, an export a million lines.
    private var items: [ItemName: ItemFound] = [:]
    private var modifiers: [String: ModifierFound] = [:]
    /// The ingredients of each recipe of the menu met so far (by an item or
    /// a modifier): the menu's lookup builds the whole recipe.
    private var ingredients: [String: [Recipe.Ingredient]] = [:]
    /// The summary so far (``finished()`` adds the unknown names).
    private(set) var summary = SalesImport()
    /// The entries to write, in the file's order, since the last
    /// ``drain()``.
    private(set) var booked: [Booked] = []
    /// How many entries a booking holds before they are written.
    static let batch = 1024
    /// The tickets' keys the journal holds, and those booked here.
    private var keys: TicketKeys
    /// When each fruit was last counted.
    private let lastCounted: [String: JournalTime]
    /// The tickets held back so far: one given again (the same export
    /// twice in a call) is held back again, its names listed once.
    private var heldKeys = TicketKeys()
    /// The units sold under each unknown name, and the order names came in.
    private var unknownUnits: [String: Int] = [:]
    private var unknownOrder: [String] = []
    /// Whether ``SalesImport/heldBack`` lists each ticket held back (the
    /// JSON does; the text says only the unknown names and their units): a
    /// list that grows with the export.
    private let listsHeldBack: Bool

    /// A booking on `stock` by `map`, written at `recorded`, of tickets
    /// whose keys are not among the journal's (`facts`); the tickets held
    /// back listed in the summary if `listsHeldBack`.
    init(
        menu: Menu, map: SalesMap, stock: Inventory, facts: JournalFacts, recorded: JournalTime,
        listsHeldBack: Bool
    ) {
        self.menu = menu
        self.map = map
        self.stock = stock
        keys = facts.keys
        lastCounted = facts.lastCounted
        self.recorded = recorded
        self.listsHeldBack = listsHeldBack
    }

    /// Takes the next event of the export.
    ///
    /// - Throws: ``TillSalesError`` when a ticket's servings of a recipe,
    ///   or its use of a fruit, pass ``Schema/maximumCount``: said at the
    ///   quantity of the line that took it past, and the call is refused.
    mutating func take(_ event: TillEvent) throws(TillSalesError) {
        switch event {
        case .voided:
            summary.tickets.voided += 1
        case .refunded(_, let key, let item, let quantity, _):
            summary.tickets.refunded += 1
            summary.refunds.append(SalesImport.Refund(key: key, item: item, quantity: quantity))
        case .ticket(let ticket):
            try take(ticket)
        }
    }

    /// What a ticket's lines come to: servings per recipe, fruit added by
    /// modifiers, and the names the map does not know with their units.
    private struct Tally {
        // Room for a ticket's few recipes: grown one by one, they were
        // rehashed at each doubling.
        var orders = [String: Int](minimumCapacity: 8)
        var fruits: [String: Int] = [:]
        var unknown: [(name: String, units: Int)] = []
    }

    private mutating func take(_ ticket: TillTicket) throws(TillSalesError) {
        summary.tickets.read += 1
        let digest = TicketKeys.digest(of: ticket.key)
        guard !keys.contains(digest) else {
            summary.tickets.alreadyBooked += 1
            return
        }
        var tally = Tally()
        for line in ticket.lines { add(line, to: &tally) }
        let uses = self.uses(tally.orders, tally.fruits)
        if tally.orders.values.contains(where: { $0 > Schema.maximumCount })
            || uses.values.contains(where: { $0 > Schema.maximumCount })
        {
            try refuse(ticket)
        }
        guard tally.unknown.isEmpty else {
            hold(ticket.key, digest, tally.unknown)
            return
        }
        keys.insert(digest)
        book(ticket, orders: tally.orders, uses: uses)
    }

    private mutating func add(_ line: TillTicket.Line, to tally: inout Tally) {
        switch item(line.item, size: line.size) {
        case .recipe(let recipe, let servings):
            tally.orders[recipe, default: 0] = tally.orders[recipe, default: 0].addingSaturating(
                line.quantity.multipliedSaturating(by: servings))
        case .ignored:
            break
        case .unknown:
            // The name alone: mapping it maps every size of it.
            tally.unknown.append((line.item, line.quantity))
        }
        for modifier in line.modifiers {
            let units = line.quantity.multipliedSaturating(by: modifier.quantity)
            switch self.modifier(modifier.name) {
            case .fruits(let added):
                for (fruit, amount) in added {
                    tally.fruits[fruit, default: 0] = tally.fruits[fruit, default: 0].addingSaturating(
                        units.multipliedSaturating(by: amount))
                }
            case .recipe(let recipe):
                tally.orders[recipe, default: 0] = tally.orders[recipe, default: 0].addingSaturating(units)
            case .ignored:
                break
            case .unknown:
                tally.unknown.append((modifier.name, units))
            }
        }
    }

    /// Refuses `ticket`, whose servings of a recipe or use of a fruit is
    /// past ``Schema/maximumCount``: at the quantity of the line whose
    /// running tally first passes it, naming the first recipe (in the
    /// menu's order), or else fruit, that it takes past.
    private mutating func refuse(_ ticket: TillTicket) throws(TillSalesError) {
        var tally = Tally()
        for line in ticket.lines {
            add(line, to: &tally)
            let message: Message
            let bound: Message.Argument = "\(Schema.maximumCount)"
            let column = Message.Argument.message(Message(.tillField, "\(line.quantityAt?.column ?? "quantity")"))
            let uses = self.uses(tally.orders, tally.fruits)
            if let recipe = menu.recipes.first(where: { (tally.orders[$0.id] ?? 0) > Schema.maximumCount }) {
                message = Message(.tillServingsPastBound, column, "\(recipe.id)", bound)
            } else if let fruit = menu.fruits.first(where: { (uses[$0.id] ?? 0) > Schema.maximumCount }) {
                message = Message(.tillFruitPastBound, column, "\(fruit.id)", bound)
            } else {
                continue
            }
            let place = line.quantityAt?.place ?? SourceLocation(file: "", line: line.fileLine, column: 1)
            throw TillSalesError(Diagnostic(.error, .invalidQuantity, message, at: place))
        }
    }

    /// The fruit that `orders` and `fruits` use.
    private func uses(_ orders: [String: Int], _ fruits: [String: Int]) -> [String: Int] {
        var uses = [String: Int](minimumCapacity: 16)
        uses.merge(fruits) { $1 }
        for (id, servings) in orders {
            guard let ingredients = ingredients[id] else { continue }
            for ingredient in ingredients {
                uses[ingredient.fruit, default: 0] = uses[ingredient.fruit, default: 0].addingSaturating(
                    ingredient.quantity.multipliedSaturating(by: servings))
            }
        }
        return uses
    }

    /// What the item `name` in `size` is, by the map and the menu: a
    /// recipe the menu has, else ignored by its name with its size or
    /// alone, else unknown.
    private mutating func item(_ name: String, size: String?) -> ItemFound {
        let key = ItemName(item: name, size: size)
        if let found = items[key] { return found }
        let found: ItemFound
        if let item = map.item(named: name, size: size), let recipe = menu.recipe(id: item.recipe) {
            ingredients[item.recipe] = recipe.ingredients
            found = .recipe(item.recipe, servings: item.servings)
        } else if let size, !size.isEmpty, map.ignored.contains("\(name) | \(size)") {
            found = .ignored
        } else {
            found = map.ignored.contains(name) ? .ignored : .unknown
        }
        items[key] = found
        return found
    }

    /// What the modifier `name` adds, by the map and the menu: fruit or a
    /// recipe the menu has, else ignored, else unknown.
    private mutating func modifier(_ name: String) -> ModifierFound {
        if let found = modifiers[name] { return found }
        let found: ModifierFound
        let mapped = map.modifiers[name]
        if case .fruits(let added)? = mapped, added.keys.allSatisfy({ menu.fruit(id: $0) != nil }) {
            found = .fruits(added)
        } else if case .recipe(let id)? = mapped, let recipe = menu.recipe(id: id) {
            ingredients[id] = recipe.ingredients
            found = .recipe(id)
        } else {
            found = map.ignored.contains(name) ? .ignored : .unknown
        }
        modifiers[name] = found
        return found
    }

    private mutating func hold(
        _ key: IdempotencyKey, _ digest: TicketKeys.Digest, _ unknown: [(name: String, units: Int)]
    ) {
        summary.tickets.heldBack += 1
        guard !heldKeys.contains(digest) else { return }
        heldKeys.insert(digest)
        var names: [String] = []
        for (name, units) in unknown {
            if unknownUnits[name] == nil { unknownOrder.append(name) }
            unknownUnits[name, default: 0] = unknownUnits[name, default: 0].addingSaturating(units)
            if listsHeldBack, !names.contains(name) { names.append(name) }
        }
        if listsHeldBack { summary.heldBack.append(SalesImport.HeldBack(key: key, unknown: names)) }
    }

    /// Books a ticket of known names: the fruit its `orders` (and their
    /// modifiers) `uses`, taken from the stock down to 0 (the rest is `short`); a fruit
    /// counted after the ticket's time is left as counted (the count saw
    /// the shelf without it), its use `usedBeforeCount`.
    private mutating func book(_ ticket: TillTicket, orders: [String: Int], uses: [String: Int]) {
        // Within a count's bound: ``take(_:)`` refused any ticket past it.
        for (id, servings) in orders where ingredients[id] != nil {
            summary.servings[id, default: 0] = summary.servings[id, default: 0].addingSaturating(servings)
        }
        let time = JournalTime(seconds: ticket.time)
        var changes = [String: Int](minimumCapacity: uses.count)
        var short: [String: Int] = [:]
        var usedBeforeCount: [String: Int] = [:]
        // Kept only for the lots' changes: a copy held while the stock
        // changes would copy the stock's table for each ticket.
        let before = stock.datedLots.isEmpty ? nil : stock
        for (fruit, used) in uses where used > 0 {
            if let counted = lastCounted[fruit], counted > time {
                usedBeforeCount[fruit] = used
                continue
            }
            let had = max(0, stock[fruit])
            let taken = min(had, used)
            if taken > 0 {
                changes[fruit] = -taken
                stock.take(taken, of: fruit)
            }
            if used > taken { short[fruit] = used - taken }
        }
        summary.tickets.booked += 1
        if !short.isEmpty {
            summary.tickets.short += 1
            summary.short.append(SalesImport.Short(key: ticket.key, short: short))
        }
        let draft = JournalEntry.Draft(
            kind: .make, orders: orders, key: ticket.key, isSale: true, recorded: recorded,
            short: short.isEmpty ? nil : short, usedBeforeCount: usedBeforeCount.isEmpty ? nil : usedBeforeCount)
        let lots = before.flatMap { Inventory.lotChanges(from: $0, to: stock, menu: menu) }
        booked.append(Booked(draft: draft, time: time, changes: changes, lots: lots))
    }

    /// The entries to write so far, handed on and no longer held.
    mutating func drain() -> [Booked] {
        defer { booked.removeAll(keepingCapacity: true) }
        return booked
    }

    /// The summary with the unknown names, most units first (then in the
    /// order they came), each with the map's closest name.
    func finished() -> SalesImport {
        var summary = self.summary
        let known = Array(map.items.keys) + Array(map.modifiers.keys) + Array(map.ignored)
        summary.unknown = unknownOrder.enumerated().sorted {
            (unknownUnits[$0.element]!, -$0.offset) > (unknownUnits[$1.element]!, -$1.offset)
        }.map { _, name in
            SalesImport.Unknown(
                name: name, count: unknownUnits[name]!, suggestion: Suggestion.closest(to: name, among: known))
        }
        summary.stock = stock
        return summary
    }
}
