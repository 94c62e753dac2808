/// A supplier a menu's `suppliers` names: who fruits are ordered from.
public struct Supplier: Sendable, Hashable, Identifiable {
    /// The supplier's id, which a fruit's `supplier` names.
    public var id: String
    /// The display name, if the menu gives one.
    public var name: DisplayName?
    /// The fewest packs the supplier takes in one order (0 for no minimum).
    public var minimum: Int
    /// The days from an order to its delivery (``Schema/leadDaysRange``);
    /// an order sized by the forecast covers them.
    public var leadDays: Int
    /// The days between deliveries (``Schema/everyRange``); an order
    /// sized by the forecast lasts until the next one.
    public var every: Int

    /// The days from order to delivery when a supplier does not say.
    public static let defaultLeadDays = 1
    /// The days between deliveries when a supplier does not say.
    public static let defaultEvery = 1

    /// A supplier with an id, an optional display name, a minimum order
    /// in packs, and its lead time and the days between its deliveries.
    public init(
        id: String, name: DisplayName? = nil, minimum: Int = 0, leadDays: Int = defaultLeadDays,
        every: Int = defaultEvery
    ) {
        self.id = id
        self.name = name
        self.minimum = minimum
        self.leadDays = leadDays
        self.every = every
    }

    /// The name to show for `language`, falling back to English, the first
    /// name given and finally the id.
    public func displayName(for language: String?) -> String {
        name?.text(for: language) ?? id
    }
}
