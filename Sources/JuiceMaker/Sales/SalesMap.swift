/// The map from a till's names to the menu (SPEC 17's `recipes/sales.yaml`):
/// what each item sold makes, what each modifier adds, and what uses no
/// fruit.
public struct SalesMap: Sendable, Hashable {
    /// What one unit of a till's item makes.
    public struct Item: Sendable, Hashable {
        /// The recipe's id in the store's menu.
        public var recipe: String
        /// The servings of ``recipe`` in one unit (1 unless the map says).
        public var servings: Int

        /// An item; see the properties.
        public init(recipe: String, servings: Int = 1) {
            self.recipe = recipe
            self.servings = servings
        }
    }

    /// What a modifier adds to each unit of its line.
    public enum Modifier: Sendable, Hashable {
        /// Fruit, by id: `{banana: 1}`.
        case fruits([String: Int])
        /// One more serving of a recipe: `{recipe: ID}`.
        case recipe(String)
    }

    /// The items by the till's name, or by `"Name | Size"` for one size.
    public var items: [String: Item]
    /// The modifiers by the till's name.
    public var modifiers: [String: Modifier]
    /// Names of items and modifiers that use no fruit (coffee, a straw).
    public var ignored: Set<String>

    /// A map; see the properties.
    public init(items: [String: Item] = [:], modifiers: [String: Modifier] = [:], ignored: Set<String> = []) {
        self.items = items
        self.modifiers = modifiers
        self.ignored = ignored
    }

    /// What a till's item makes: `"Name | Size"` looked up first when the
    /// line has a size, then `"Name"`.
    public func item(named name: String, size: String?) -> Item? {
        if let size, !size.isEmpty, let sized = items["\(name) | \(size)"] { return sized }
        return items[name]
    }
}
