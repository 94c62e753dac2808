/// A juice: the fruits one serving uses.
public struct Recipe: Sendable, Hashable, Identifiable {
    /// How much of one fruit a serving uses.
    public struct Ingredient: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// How many of the fruit one serving uses, at least 1.
        public var quantity: Int

        /// `quantity` of `fruit` per serving.
        public init(fruit: String, quantity: Int) {
            self.fruit = fruit
            self.quantity = quantity
        }
    }

    /// The recipe's id; it may equal a fruit's id.
    public var id: String
    /// The display name, if the menu gives one.
    public var name: DisplayName?
    /// The ingredients in the order the menu lists them; each fruit once.
    public var ingredients: [Ingredient]

    /// A recipe with an id, an optional name and its ingredients.
    public init(id: String, name: DisplayName? = nil, ingredients: [Ingredient]) {
        self.id = id
        self.name = name
        self.ingredients = ingredients
    }

    /// The name to show for `language`, falling back to English, the first
    /// name given and finally the id.
    public func displayName(for language: String?) -> String {
        name?.text(for: language) ?? id
    }
}
