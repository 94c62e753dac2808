/// One change of a store's stock, as its journal records it: one line of
/// JSON (see ``line``).
public struct JournalEntry: Sendable, Hashable {
    /// What made the change.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `juice make`: fruit used by orders.
        case make
        /// `juice adjust`: counts a person changed, for a ``Reason``.
        case adjust
        /// `juice undo`: the opposite of an earlier entry.
        case undo
        /// A change found in the inventory that no entry explains: a hand
        /// edit, recorded by the next write.
        case edit
        /// `juice order --place`: an order sent to suppliers, changing no
        /// stock (its ``JournalEntry/lines``); or, with
        /// ``JournalEntry/cancels``, the withdrawal of one.
        case order
    }

    /// Why an `adjust` changed the stock.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Fruit came in.
        case delivery
        /// Fruit was thrown away.
        case waste
        /// A count of what is really there; the change is the gap.
        case count
        /// Anything else: a mistake put right.
        case correction
        /// Expired lots thrown out by `juice waste --expired` (SPEC 18):
        /// waste, which no one gives as an adjustment's reason.
        case expired

        /// The reasons a person gives an adjustment (`juice adjust
        /// --reason`, the API's `reason`): all but ``expired``, which only
        /// the throwing out of expired lots books.
        public static let given: [Reason] = [.delivery, .waste, .count, .correction]
    }

    /// 1, 2, 3, ... in the order of the journal.
    public var id: Int
    /// When, to the second.
    public var time: JournalTime
    /// What made the change.
    public var kind: Kind
    /// Each fruit whose count changed, and by how much (signed).
    public var changes: [String: Int]
    /// For `make`: each recipe and its servings; empty otherwise.
    public var orders: [String: Int]
    /// For `adjust`: why.
    public var reason: Reason?
    /// For a `make`: whether it is a sale imported from a till (its line's
    /// `"reason": "sale"`).
    public var isSale = false
    /// For `undo`: the id of the entry undone.
    public var undoes: Int?
    /// The idempotency key the change was asked with, if any.
    public var key: IdempotencyKey?
    /// For a count (`juice count`): every fruit counted and the number
    /// stated, changed or not; `nil` for any other entry.
    public var counted: [String: Int]?
    /// For a placed `order`: what it asks of each supplier; `nil` for any
    /// other entry (a cancel included).
    public var lines: [OrderLine]?
    /// For an `order` that withdraws one: the id of the order withdrawn.
    public var cancels: Int?
    /// For a delivery booked by `juice receive ID`: the order it received.
    public var order: Int?
    /// For a delivery booked by `juice receive FILE` of an order never
    /// placed: the hash of the file's bytes (see ``OrderBook/hash(of:)``),
    /// so that the same file is booked once.
    public var orderHash: String?
    /// For a sale: when it was written, its ``time`` being when it was sold.
    public var recorded: JournalTime?
    /// For a sale: the fruit it used that the book did not have, which the
    /// stock did not go below 0 for.
    public var short: [String: Int]?
    /// For a sale imported after a count of one of its fruits, made after
    /// its time of sale: the fruit it used that the count saw gone already,
    /// which its ``changes`` leave out (the stock is what was counted).
    public var usedBeforeCount: [String: Int]?
    /// The lots the change moved, of each fruit that had or has a dated
    /// lot (see ``LotChange``); `nil` when no such fruit changed.
    public var lots: [String: [LotChange]]?

    /// How much one lot of a fruit changed: its best-before (`nil`: the
    /// undated lot) and the signed change.
    public struct LotChange: Sendable, Hashable {
        /// The lot's best-before; `nil` for the undated lot.
        public var bestBefore: CalendarDate?
        /// By how much the lot's count changed.
        public var change: Int

        /// A change of `change` to the lot of `bestBefore`.
        public init(bestBefore: CalendarDate?, change: Int) {
            self.bestBefore = bestBefore
            self.change = change
        }

        /// `{"bestBefore":"2026-12-01","change":-3}` (`null` for no date).
        var json: String {
            "{\"bestBefore\":" + (bestBefore.map { "\"\($0)\"" } ?? "null") + ",\"change\":\(change)}"
        }
    }

    /// An entry; see the properties.
    package init(
        id: Int, time: JournalTime, kind: Kind, changes: [String: Int], orders: [String: Int] = [:],
        reason: Reason? = nil, undoes: Int? = nil, key: IdempotencyKey? = nil, counted: [String: Int]? = nil,
        lines: [OrderLine]? = nil, cancels: Int? = nil, order: Int? = nil, orderHash: String? = nil,
        isSale: Bool = false, recorded: JournalTime? = nil, short: [String: Int]? = nil,
        usedBeforeCount: [String: Int]? = nil, lots: [String: [LotChange]]? = nil
    ) {
        self.lots = lots
        self.id = id
        self.time = time
        self.kind = kind
        self.changes = changes
        self.orders = orders
        self.reason = reason
        self.undoes = undoes
        self.key = key
        self.counted = counted
        self.lines = lines
        self.cancels = cancels
        self.order = order
        self.orderHash = orderHash
        self.isSale = isSale
        self.recorded = recorded
        self.short = short
        self.usedBeforeCount = usedBeforeCount
    }

    /// One fruit of a placed order, as its entry records it.
    public struct OrderLine: Sendable, Hashable {
        /// The supplier's id; `nil` for a fruit that names none.
        public var supplier: String?
        /// The fruit's id.
        public var fruit: String
        /// How many fruits the packs hold.
        public var units: Int
        /// How many packs.
        public var packs: Int
        /// What the units cost; `nil` when the menu gives no cost.
        public var cost: Int?

        /// A line; see the properties.
        public init(supplier: String?, fruit: String, units: Int, packs: Int, cost: Int?) {
            self.supplier = supplier
            self.fruit = fruit
            self.units = units
            self.packs = packs
            self.cost = cost
        }

        /// The line as JSON, keys in the order `supplier`, `fruit`,
        /// `units`, `packs`, `cost`.
        var json: String {
            "{\"supplier\":" + (supplier.map(JournalEntry.quoted) ?? "null") + ",\"fruit\":"
                + JournalEntry.quoted(fruit) + ",\"units\":\(units),\"packs\":\(packs),\"cost\":"
                + (cost.map(String.init) ?? "null") + "}"
        }
    }

    /// The fruits a count entry counted, and the number stated: `counted`,
    /// or for a count written before it (`adjust --reason count`) the
    /// fruits it changed, at `stockAfter`, the stock the count left.
    /// Empty for an entry that is no count.
    public func countedFruits(stockAfter: (String) -> Int) -> [String: Int] {
        guard kind == .adjust, reason == .count else { return [:] }
        if let counted { return counted }
        return changes.reduce(into: [:]) { $0[$1.key] = stockAfter($1.key) }
    }

    /// The entry as its journal line, without the line feed: keys in the
    /// order `id`, `time`, `kind`, then `orders`, `reason`, `undoes` or
    /// `cancels`, then `order` or `orderHash`, then `key`, then `recorded`,
    /// then `counted`, then `short`, then `usedBeforeCount`, then `changes`, then `lots`, then an order's
    /// `lines`; fruits and recipes sorted by id, a fruit's lots in the order they are used.
    public var line: String {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``line``'s bytes to `bytes`: written as bytes, not joined
    /// strings, as an import writes hundreds of thousands of entries.
    func write(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "{\"id\":".utf8)
        Self.write(id, to: &bytes)
        bytes.append(contentsOf: ",\"time\":\"".utf8)
        time.write(to: &bytes)
        bytes.append(contentsOf: "\",\"kind\":\"".utf8)
        bytes.append(contentsOf: kind.rawValue.utf8)
        bytes.append(UInt8(ascii: "\""))
        if kind == .make { Self.write(",\"orders\":", orders, to: &bytes) }
        if let reason { Self.write(",\"reason\":", quoting: reason.rawValue, to: &bytes) }
        if isSale { Self.write(",\"reason\":", quoting: Self.saleReason, to: &bytes) }
        if let undoes { Self.write(",\"undoes\":", undoes, to: &bytes) }
        if let cancels { Self.write(",\"cancels\":", cancels, to: &bytes) }
        if let order { Self.write(",\"order\":", order, to: &bytes) }
        if let orderHash { Self.write(",\"orderHash\":", quoting: orderHash, to: &bytes) }
        if let key { Self.write(",\"key\":", quoting: key.text, to: &bytes) }
        if let recorded {
            bytes.append(contentsOf: ",\"recorded\":\"".utf8)
            recorded.write(to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        if let counted { Self.write(",\"counted\":", counted, to: &bytes) }
        if let short { Self.write(",\"short\":", short, to: &bytes) }
        if let usedBeforeCount { Self.write(",\"usedBeforeCount\":", usedBeforeCount, to: &bytes) }
        Self.write(",\"changes\":", changes, to: &bytes)
        if let lots {
            bytes.append(contentsOf: ",\"lots\":{".utf8)
            for (index, (fruit, changes)) in lots.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write("", quoting: fruit, to: &bytes)
                bytes.append(contentsOf: ":[".utf8)
                bytes.append(contentsOf: changes.map(\.json).joined(separator: ",").utf8)
                bytes.append(UInt8(ascii: "]"))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        if let lines {
            bytes.append(contentsOf: ",\"lines\":[".utf8)
            bytes.append(contentsOf: lines.map(\.json).joined(separator: ",").utf8)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The `reason` of a sale's line.
    public static let saleReason = "sale"

    /// `name` (a key and its colon, as JSON) and `counts` as an object,
    /// sorted by key.
    private static func write(_ name: StaticString, _ counts: [String: Int], to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "{"))
        for (index, (key, count)) in counts.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write("", quoting: key, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            write(count, to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `name` and `value`.
    private static func write(_ name: StaticString, _ value: Int, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        write(value, to: &bytes)
    }

    /// `name` and `text` as a JSON string.
    private static func write(_ name: StaticString, quoting text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { JSONEscaping.escape($0) { bytes.append(contentsOf: $0) } }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `value` in decimal, as `String(value)` writes it: a sale's changes
    /// are mostly negative.
    static func write(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Room for `Int.min`'s 19 digits.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value.magnitude
            var at = buffer.count
            repeat {
                at -= 1
                buffer[at] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: buffer[at...])
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        write("", quoting: text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension JournalEntry {
    /// An entry before it has an id, a time and its changes: what made it.
    struct Draft: Sendable, Hashable {
        /// What made the change.
        var kind: Kind
        /// For `make`: each recipe and its servings.
        var orders: [String: Int] = [:]
        /// For `adjust`: why.
        var reason: Reason?
        /// For `undo`: the entry undone.
        var undoes: Int?
        /// The idempotency key the change was asked with.
        var key: IdempotencyKey?
        /// For a count: every fruit counted and the number stated.
        var counted: [String: Int]?
        /// For a placed order: its lines.
        var lines: [OrderLine]?
        /// For an order's withdrawal: the order withdrawn.
        var cancels: Int?
        /// For a delivery of a placed order: the order.
        var order: Int?
        /// For a delivery of an order file never placed: the file's hash.
        var orderHash: String?
        /// For a `make`: whether it is a sale imported from a till.
        var isSale = false
        /// For a sale: when it was written.
        var recorded: JournalTime?
        /// For a sale: the fruit it used that the book did not have.
        var short: [String: Int]?
        /// For a sale: the fruit it used that a later count saw gone.
        var usedBeforeCount: [String: Int]?

        /// The entry numbered `id`, at `time`, with `changes` and the
        /// lots they moved.
        func entry(
            id: Int, time: JournalTime, changes: [String: Int], lots: [String: [LotChange]]? = nil
        ) -> JournalEntry {
            JournalEntry(
                id: id, time: time, kind: kind, changes: changes, orders: orders, reason: reason, undoes: undoes,
                key: key, counted: counted, lines: lines, cancels: cancels, order: order, orderHash: orderHash,
                isSale: isSale, recorded: recorded, short: short, usedBeforeCount: usedBeforeCount, lots: lots)
        }
    }
}

/// What a change made with ``InventoryFile/update(menu:droppingRetiredFruits:record:time:whileWaiting:_:)``
/// records in the journal.
enum JournalRecord: Sendable, Hashable {
    /// Orders made: each recipe's id and servings.
    case make(orders: [String: Int])
    /// Counts a person changed, and why.
    case adjust(reason: JournalEntry.Reason)
    /// A count at the shelf: each fruit counted and the number stated.
    case count(counted: [String: Int])
    /// A change of reason `count` given as changes (`kiwi=9`, `kiwi=+2`):
    /// each of these fruits is counted at the number it ends at, changed
    /// or not.
    case countOf(fruits: Set<String>)

    /// The orders of a `make`, servings of one recipe summed.
    static func make(_ orders: [Order]) -> JournalRecord {
        .make(orders: orders.reduce(into: [:]) { $0[$1.recipe.id, default: 0] += $1.servings })
    }

    /// `changes` made for `reason`: a change of reason `count` is a count
    /// of every fruit it names, whichever way it was made.
    static func adjust(_ changes: [StockChange], reason: JournalEntry.Reason) -> JournalRecord {
        reason == .count ? .countOf(fruits: Set(changes.map(\.fruit))) : .adjust(reason: reason)
    }

    /// The entry's draft for a change that left the stock at `after`.
    func draft(after: Inventory) -> JournalEntry.Draft {
        switch self {
        case .make(let orders): JournalEntry.Draft(kind: .make, orders: orders)
        case .adjust(let reason): JournalEntry.Draft(kind: .adjust, reason: reason)
        case .count(let counted): JournalEntry.Draft(kind: .adjust, reason: .count, counted: counted)
        case .countOf(let fruits):
            JournalEntry.Draft(
                kind: .adjust, reason: .count,
                counted: Dictionary(uniqueKeysWithValues: fruits.map { ($0, after[$0]) }))
        }
    }
}
