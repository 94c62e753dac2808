extension Menu {
    /// A menu's recipes, in the order the menu declares them.
    ///
    /// Held in flat arrays rather than as ``Recipe`` values, so that a large
    /// menu costs no string or array per recipe: each element is made when
    /// it is read. Code that reads many recipes' ids or names without
    /// keeping them can use ``id(at:)`` and the package's byte accessors.
    public struct Recipes: RandomAccessCollection, Sendable, Hashable {
        let table: RecipeTable
        /// Each recipe's ingredients by fruit position.
        let ingredients: IngredientTable
        /// The menu's fruits, which the ingredients' positions are in.
        let fruits: [Fruit]

        /// The first recipe's position: 0.
        public var startIndex: Int { 0 }
        /// The number of recipes.
        public var endIndex: Int { table.count }

        /// The recipe at `position`, made from the table.
        public subscript(position: Int) -> Recipe {
            Recipe(
                id: table.id(at: position), name: table.name(at: position),
                ingredients: ingredients.range(ofRecipe: position).map {
                    Recipe.Ingredient(fruit: fruits[ingredients.fruits[$0]].id, quantity: ingredients.quantities[$0])
                },
                price: table.price(at: position))
        }

        /// The id of the recipe at `position`.
        public func id(at position: Int) -> String {
            table.id(at: position)
        }

        /// The display name of the recipe at `position`, if it has one.
        public func name(at position: Int) -> DisplayName? {
            table.name(at: position)
        }

        /// The price of the recipe at `position`, if it has one.
        public func price(at position: Int) -> Int? {
            table.price(at: position)
        }

        /// Every recipe's id, in order.
        public var ids: [String] {
            indices.map(table.id(at:))
        }

        /// Calls `body` with the UTF-8 of the id of the recipe at `position`.
        package func withID<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            table.withID(at: position, body)
        }

        /// Calls `body` with the UTF-8 of the recipe's name to show for
        /// `language` (see ``Recipe/displayName(for:)``).
        package func withDisplayName<Result>(
            at position: Int, for language: String?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
        ) -> Result {
            table.withDisplayName(at: position, for: language, body)
        }

        /// Whether the recipe at `position` equals recipe `otherPosition` of
        /// `other`, compared in place.
        package func isRecipe(at position: Int, equalTo otherPosition: Int, of other: Recipes) -> Bool {
            guard table.hasSameEntry(at: position, as: other.table, at: otherPosition) else { return false }
            let mine = ingredients.range(ofRecipe: position)
            let theirs = other.ingredients.range(ofRecipe: otherPosition)
            return mine.count == theirs.count
                && zip(mine, theirs).allSatisfy { mine, theirs in
                    ingredients.quantities[mine] == other.ingredients.quantities[theirs]
                        && fruits[ingredients.fruits[mine]].id == other.fruits[other.ingredients.fruits[theirs]].id
                }
        }

        /// Recipes are equal when they are equal one by one.
        public static func == (lhs: Recipes, rhs: Recipes) -> Bool {
            lhs.count == rhs.count && lhs.indices.allSatisfy { lhs.isRecipe(at: $0, equalTo: $0, of: rhs) }
        }

        /// Hashes the recipes one by one.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for recipe in self {
                hasher.combine(recipe)
            }
        }
    }
}
