/// The journal's checks that need the entries before one (SPEC 16): a
/// cancel or a delivery names an order the journal placed and left open.
/// A hand edit can write what `juice` never does: a delivery booked twice,
/// a cancel of a make.
struct OrderTrail {
    /// The orders placed, by id.
    private var placed: Set<Int> = []
    /// The entry that closed each order, and whether it was a cancel.
    private var closedBy: [Int: (entry: Int, cancelled: Bool)] = [:]
    /// The order each delivery entry received: an undo opens it again.
    private var deliveries: [Int: Int] = [:]

    /// What is wrong with `entry` given the entries before it: `nil` when
    /// nothing is, and then the entry is taken.
    mutating func problem(of entry: JournalEntry) -> Message? {
        switch entry.kind {
        case .order:
            guard let order = entry.cancels else {
                placed.insert(entry.id)
                return nil
            }
            if let problem = problem(naming: order, in: entry) { return problem }
            closedBy[order] = (entry.id, true)
        case .adjust where entry.reason == .delivery:
            guard let order = entry.order else { return nil }
            if let problem = problem(naming: order, in: entry) { return problem }
            closedBy[order] = (entry.id, false)
            deliveries[entry.id] = order
        case .undo:
            if let undone = entry.undoes, let order = deliveries.removeValue(forKey: undone) {
                closedBy[order] = nil
            }
        default:
            break
        }
        return nil
    }

    /// Why `entry` may not name `order`: no order placed it, or an entry
    /// closed it already.
    private func problem(naming order: Int, in entry: JournalEntry) -> Message? {
        guard placed.contains(order) else { return Message(.entryNamesNoOrder, "\(entry.id)", "\(order)") }
        guard let closed = closedBy[order] else { return nil }
        let key: Message.Key = closed.cancelled ? .entryNamesCancelledOrder : .entryNamesReceivedOrder
        return Message(key, "\(entry.id)", "\(order)", "\(closed.entry)")
    }
}
