/// A fruit a menu declares.
public struct Fruit: Sendable, Hashable, Identifiable {
    /// The fruit's id, following ``Schema/isValidID(_:)``.
    public var id: String
    /// The display name, if the menu gives one.
    public var name: DisplayName?
    /// The stock a store starts with.
    public var initialStock: Int
    /// What one fruit costs, in the smallest unit of the currency (0 to
    /// ``Schema/maximumCount``), if the menu gives it.
    public var cost: Int?

    /// A fruit with an id, an optional display name, an initial stock and
    /// an optional cost.
    public init(id: String, name: DisplayName? = nil, initialStock: Int = 0, cost: Int? = nil) {
        self.id = id
        self.name = name
        self.initialStock = initialStock
        self.cost = cost
    }

    /// The name to show for `language`, falling back to English, the first
    /// name given and finally the id.
    public func displayName(for language: String?) -> String {
        name?.text(for: language) ?? id
    }
}
