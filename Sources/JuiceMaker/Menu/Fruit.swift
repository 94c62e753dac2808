/// A fruit a menu declares.
public struct Fruit: Sendable, Hashable, Identifiable {
    /// The fruit's id, following ``Schema/isValidID(_:)``.
    public var id: String
    /// The display name, if the menu gives one.
    public var name: DisplayName?
    /// The stock a store starts with.
    public var initialStock: Int

    /// A fruit with an id, an optional display name and an initial stock.
    public init(id: String, name: DisplayName? = nil, initialStock: Int = 0) {
        self.id = id
        self.name = name
        self.initialStock = initialStock
    }

    /// The name to show for `language`, falling back to English, the first
    /// name given and finally the id.
    public func displayName(for language: String?) -> String {
        name?.text(for: language) ?? id
    }
}
