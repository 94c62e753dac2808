/// The orders a store's journal has placed, and what became of each:
/// open (on order), received by a delivery, or cancelled.
///
/// Built from every entry in the journal's order (``Store/orderBook()``). A
/// delivery that is undone opens its order again; an `order` entry is never
/// undone (`juice undo` leaves them alone). A cancel or a delivery that
/// names no open order (which only a hand edit writes) is not taken, and
/// the journal's scan reports why at its line.
public struct OrderBook: Sendable, Hashable {
    /// A placed order: its entry's id, time and lines.
    public struct Placed: Sendable, Hashable {
        /// The order's id: its entry's.
        public var id: Int
        /// When it was placed.
        public var time: JournalTime
        /// What it asks of each supplier.
        public var lines: [JournalEntry.OrderLine]

        /// Every line's units together, exact (in 128 bits: a journal's
        /// lines can add up past an `Int`).
        public var units: Int128 { lines.reduce(0) { $0 + Int128($1.units) } }

        /// Every line's packs together, exact.
        public var packs: Int128 { lines.reduce(0) { $0 + Int128($1.packs) } }

        /// Every line's cost together, exact; `nil` when a line's is
        /// unknown.
        public var cost: Int128? {
            lines.reduce(0 as Int128?) { total, line in
                total.flatMap { total in line.cost.map { total + Int128($0) } }
            }
        }
    }

    /// Every order placed, in the journal's order.
    public private(set) var placed: [Placed] = []
    /// Each placed order's position in ``placed``, by id.
    private var positions: [Int: Int] = [:]
    /// The delivery entry that received each order, by order id.
    private var receivedBy: [Int: Int] = [:]
    /// The entry that cancelled each order, by order id.
    private var cancelledBy: [Int: Int] = [:]
    /// The delivery entry that received each order file never placed, by
    /// the file's hash.
    private var fileReceivedBy: [String: Int] = [:]
    /// What each delivery entry received: an order's id or a file's hash.
    private var deliveries: [Int: Receipt] = [:]

    private enum Receipt: Sendable, Hashable {
        case order(Int)
        case file(String)
    }

    /// An empty book.
    public init() {}

    /// Takes the next entry of the journal.
    ///
    /// - Returns: why the entry cannot be taken, when it is a cancel or a
    ///   delivery that names no open order (no order placed before it, or
    ///   one cancelled or received already); `nil` when it was taken.
    @discardableResult
    package mutating func take(_ entry: JournalEntry) -> Message? {
        switch entry.kind {
        case .order:
            guard let cancelled = entry.cancels else {
                positions[entry.id] = placed.count
                placed.append(Placed(id: entry.id, time: entry.time, lines: entry.lines ?? []))
                return nil
            }
            if let problem = problem(naming: cancelled, in: entry) { return problem }
            cancelledBy[cancelled] = entry.id
        case .adjust where entry.reason == .delivery:
            if let order = entry.order {
                if let problem = problem(naming: order, in: entry) { return problem }
                receivedBy[order] = entry.id
                deliveries[entry.id] = .order(order)
            } else if let hash = entry.orderHash {
                fileReceivedBy[hash] = entry.id
                deliveries[entry.id] = .file(hash)
            }
        case .undo:
            guard let undone = entry.undoes, let receipt = deliveries.removeValue(forKey: undone) else { return nil }
            switch receipt {
            case .order(let order): if receivedBy[order] == undone { receivedBy[order] = nil }
            case .file(let hash): if fileReceivedBy[hash] == undone { fileReceivedBy[hash] = nil }
            }
        default:
            break
        }
        return nil
    }

    /// Why `entry` may not name `order`: it is not an open order.
    private func problem(naming order: Int, in entry: JournalEntry) -> Message? {
        guard case .failure(let error) = openOrder(order) else { return nil }
        switch error {
        case .noSuchOrder: return Message(.entryNamesNoOrder, "\(entry.id)", "\(order)")
        case .cancelled(_, let by): return Message(.entryNamesCancelledOrder, "\(entry.id)", "\(order)", "\(by)")
        case .alreadyReceived(_, let by):
            return Message(.entryNamesReceivedOrder, "\(entry.id)", "\(order)", "\(by)")
        }
    }

    /// The orders neither received nor cancelled, oldest first.
    public var open: [Placed] { placed.filter { receivedBy[$0.id] == nil && cancelledBy[$0.id] == nil } }

    /// Per fruit, the units of the open orders.
    public var onOrder: [String: Int] {
        open.flatMap(\.lines).reduce(into: [:]) {
            $0[$1.fruit, default: 0] = $0[$1.fruit, default: 0].addingSaturating($1.units)
        }
    }

    /// Order `id`, if it is open; else why it cannot be received or
    /// cancelled.
    public func openOrder(_ id: Int) -> Result<Placed, OrderBookError> {
        guard let position = positions[id] else { return .failure(.noSuchOrder(id)) }
        let order = placed[position]
        if let entry = cancelledBy[id] { return .failure(.cancelled(order: id, entry: entry)) }
        if let entry = receivedBy[id] { return .failure(.alreadyReceived(order: id, entry: entry)) }
        return .success(order)
    }

    /// The delivery entry that received the order file of hash `hash`, if
    /// one did and is not undone.
    public func entryThatReceived(file hash: String) -> Int? { fileReceivedBy[hash] }

    /// The hash an order file is known by: its bytes' 64-bit FNV-1a, as 16
    /// hexadecimal digits.
    public static func hash(of bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.combine(bytes)
        return StableHash.hex(hash.value)
    }

    /// Whether `text` is a hash as ``hash(of:)`` writes it.
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// Why an order cannot be received or cancelled. Nothing changed.
public enum OrderBookError: Error, Sendable, Hashable {
    /// The journal has no order placed with this id.
    case noSuchOrder(Int)
    /// The order was received by delivery entry `entry` (`order` is `nil`
    /// for an order file never placed).
    case alreadyReceived(order: Int?, entry: Int)
    /// The order was cancelled by entry `entry`.
    case cancelled(order: Int, entry: Int)

    /// What is wrong, in one sentence.
    public var message: Message {
        switch self {
        case .noSuchOrder(let id): Message(.noSuchOrder, "\(id)")
        case .alreadyReceived(let order?, let entry): Message(.orderReceived, "\(order)", "\(entry)")
        case .alreadyReceived(nil, let entry): Message(.orderFileReceived, "\(entry)")
        case .cancelled(let order, let entry): Message(.orderCancelled, "\(order)", "\(entry)")
        }
    }

    /// The entry that received or cancelled the order; `nil` for none.
    public var entry: Int? {
        switch self {
        case .noSuchOrder: nil
        case .alreadyReceived(_, let entry), .cancelled(_, let entry): entry
        }
    }
}
