/// How many of one fruit something needs against how many there are: what
/// a refused `make` or `adjust` lacks, what one serving of a recipe lacks,
/// and a line of a shopping list.
public struct Shortage: Sendable, Hashable {
    /// The fruit's id.
    public var fruit: String
    /// How many the orders, the change or the serving take.
    public var needed: Int
    /// How many there are (for a make, that have not expired).
    public var available: Int
    /// For a make: how many more there are that have expired, and make
    /// nothing.
    public var expired: Int

    /// `needed` of `fruit` against `available`, `expired` more in stock
    /// that cannot be used.
    public init(fruit: String, needed: Int, available: Int, expired: Int = 0) {
        self.fruit = fruit
        self.needed = needed
        self.available = available
        self.expired = expired
    }

    /// How many more are needed: 0 when there are enough.
    public var missing: Int { max(0, needed - available) }
}

extension Shortage {
    /// `fruit: needed, available, missing`, in one line.
    public var message: Message {
        Message(.shortage, "\(fruit)", "\(needed)", "\(available)", "\(missing)")
    }
}
