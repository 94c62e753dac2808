/// A juice bar's menu: the fruits it stocks and the recipes it makes.
///
/// Menus come from YAML files (see ``MenuLoader``) or from code; either way
/// every recipe uses only fruits the menu declares.
public struct Menu: Sendable, Hashable {
    /// The fruits, in the order the menu declares them.
    public let fruits: [Fruit]
    /// The recipes, in the order the menu declares them.
    public let recipes: [Recipe]
    private let fruitIndex: [String: Int]
    private let recipeIndex: [String: Int]
    /// Each fruit's initial stock, by id: every store's starting inventory,
    /// built once per menu.
    let initialCounts: [String: Int]
    /// Every recipe's ingredients as positions in ``fruits``, one recipe
    /// after another (-1 for an undeclared fruit, which only a menu with
    /// errors has): a report looks each fruit's count up once, not once per
    /// recipe using it.
    let ingredientFruits: [Int]
    /// The quantity of each ingredient, in the order of ``ingredientFruits``.
    let ingredientQuantities: [Int]
    /// Where each recipe's ingredients start in ``ingredientFruits``, and
    /// last where they end: recipe `r`'s are `ingredientStarts[r]..<ingredientStarts[r + 1]`.
    let ingredientStarts: [Int]

    /// A menu built in code.
    ///
    /// - Throws: ``MenuError`` when an id is invalid or repeated, a recipe
    ///   uses no fruit, a fruit the menu lacks or a fruit twice, or a count is
    ///   out of range.
    public init(fruits: [Fruit], recipes: [Recipe]) throws(MenuError) {
        let counts = 0...Schema.maximumCount
        for fruit in fruits {
            guard Schema.isValidID(fruit.id) else {
                throw MenuError("invalid fruit id '\(fruit.id)': \(Schema.idRule)")
            }
            guard counts.contains(fruit.initialStock) else {
                throw MenuError("initial stock \(fruit.initialStock) of '\(fruit.id)' is outside \(counts)")
            }
        }
        let declared = Set(fruits.map(\.id))
        guard declared.count == fruits.count else { throw MenuError("a fruit id appears twice") }
        guard Set(recipes.map(\.id)).count == recipes.count else { throw MenuError("a recipe id appears twice") }
        for recipe in recipes {
            guard Schema.isValidID(recipe.id) else {
                throw MenuError("invalid recipe id '\(recipe.id)': \(Schema.idRule)")
            }
            guard !recipe.ingredients.isEmpty else { throw MenuError("recipe '\(recipe.id)' uses no fruit") }
            guard Set(recipe.ingredients.map(\.fruit)).count == recipe.ingredients.count else {
                throw MenuError("recipe '\(recipe.id)' lists a fruit twice")
            }
            for ingredient in recipe.ingredients {
                guard declared.contains(ingredient.fruit) else {
                    throw MenuError("recipe '\(recipe.id)' uses the undeclared fruit '\(ingredient.fruit)'")
                }
                guard (1...Schema.maximumCount).contains(ingredient.quantity) else {
                    throw MenuError(
                        "quantity \(ingredient.quantity) of '\(ingredient.fruit)' in '\(recipe.id)' is out of range")
                }
            }
        }
        self.init(validatedFruits: fruits, recipes: recipes)
    }

    /// A menu whose rules the caller has already checked.
    init(validatedFruits fruits: [Fruit], recipes: [Recipe]) {
        self.fruits = fruits
        self.recipes = recipes
        fruitIndex = Dictionary(uniqueKeysWithValues: fruits.enumerated().map { ($1.id, $0) })
        recipeIndex = Dictionary(uniqueKeysWithValues: recipes.enumerated().map { ($1.id, $0) })
        initialCounts = Dictionary(uniqueKeysWithValues: fruits.map { ($0.id, $0.initialStock) })
        var positions: [Int] = []
        var quantities: [Int] = []
        var starts: [Int] = []
        starts.reserveCapacity(recipes.count + 1)
        for recipe in recipes {
            starts.append(positions.count)
            for ingredient in recipe.ingredients {
                positions.append(fruitIndex[ingredient.fruit] ?? -1)
                quantities.append(ingredient.quantity)
            }
        }
        starts.append(positions.count)
        ingredientFruits = positions
        ingredientQuantities = quantities
        ingredientStarts = starts
    }

    /// The fruit with this id, if the menu declares one.
    public func fruit(id: String) -> Fruit? {
        fruitIndex[id].map { fruits[$0] }
    }

    /// The recipe with this id, if the menu has one.
    public func recipe(id: String) -> Recipe? {
        recipeIndex[id].map { recipes[$0] }
    }

    /// The display name of a fruit for `language`, or the id itself for a
    /// fruit the menu lacks.
    public func fruitName(_ id: String, for language: String?) -> String {
        fruit(id: id)?.displayName(for: language) ?? id
    }

    /// Menus are equal when their fruits and recipes are.
    public static func == (lhs: Menu, rhs: Menu) -> Bool {
        lhs.fruits == rhs.fruits && lhs.recipes == rhs.recipes
    }

    /// Hashes the fruits and recipes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fruits)
        hasher.combine(recipes)
    }
}

/// A menu built in code breaks a rule of the format.
public struct MenuError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
