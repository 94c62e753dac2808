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
    /// The price of one serving, in the smallest unit of the currency (0 to
    /// ``Schema/maximumCount``), if the menu gives one.
    public var price: Int?

    /// A recipe with an id, an optional name, its ingredients and an
    /// optional price.
    public init(id: String, name: DisplayName? = nil, ingredients: [Ingredient], price: Int? = nil) {
        self.id = id
        self.name = name
        self.ingredients = ingredients
        self.price = price
    }

    /// The name to show for `language`, falling back to English, the first
    /// name given and finally the id.
    public func displayName(for language: String?) -> String {
        name?.text(for: language) ?? id
    }
}

extension Recipe {
    /// The ingredients whose quantity is outside ``Schema/quantityRange``:
    /// none in a recipe of a menu, which refuses them; a recipe built in
    /// code may have some, and no stock makes it.
    var unusableIngredients: [Ingredient] {
        ingredients.filter { !Schema.quantityRange.contains($0.quantity) }
    }
}
