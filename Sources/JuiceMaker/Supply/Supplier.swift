/// A supplier a menu's `suppliers` names: who fruits are ordered from.
public struct Supplier: Sendable, Hashable, Identifiable {
    /// The supplier's id, which a fruit's `supplier` names.
    public var id: String
    /// The display name, if the menu gives one.
    public var name: DisplayName?
    /// The fewest packs the supplier takes in one order (0 for no minimum).
    public var minimum: Int

    /// A supplier with an id, an optional display name and a minimum order
    /// in packs.
    public init(id: String, name: DisplayName? = nil, minimum: Int = 0) {
        self.id = id
        self.name = name
        self.minimum = minimum
    }

    /// The name to show for `language`, falling back to English, the first
    /// name given and finally the id.
    public func displayName(for language: String?) -> String {
        name?.text(for: language) ?? id
    }
}
