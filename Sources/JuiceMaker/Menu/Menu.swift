import Synchronization

/// A juice bar's menu: the fruits it stocks and the recipes it makes.
///
/// Menus come from YAML files (see ``load(path:)``) or from code; either way
/// every recipe uses only fruits the menu declares.
public struct Menu: Sendable, Hashable {
    /// The fruits, in the order the menu declares them.
    public let fruits: [Fruit]
    /// The recipes, in the order the menu declares them.
    public let recipes: Recipes
    /// The suppliers fruits are ordered from, in the order the menu
    /// declares them; empty for a menu that names none.
    public let suppliers: [Supplier]
    /// When the business day starts (`dayStarts`), if the menu or one it
    /// extends says; else a manifest's, or local midnight.
    public let dayStarts: DayStart?
    private let fruitIndex: [String: Int]
    /// Made the first time a recipe is looked up by id.
    private let recipeIndex: RecipeIndex
    /// Each fruit's initial stock, by id: every store's starting inventory,
    /// built once per menu.
    let initialCounts: [String: Int]
    /// Every recipe's ingredients by fruit position: a report looks each
    /// fruit's count up once, not once per recipe using it.
    public let ingredients: IngredientTable

    /// A menu built in code, checked by the same rules as a menu file.
    ///
    /// - Throws: ``MenuError`` with a diagnostic for each broken rule: an
    ///   invalid or repeated id, a count out of range, a recipe that uses no
    ///   fruit, a fruit twice or a fruit the menu lacks. Their locations name
    ///   the file `<code>`; supply terms out of range, and a fruit's
    ///   supplier that `suppliers` lacks, too.
    public init(fruits: [Fruit], recipes: [Recipe], suppliers: [Supplier] = []) throws(MenuError) {
        let loaded = MenuResolver.resolve(MenuFile.built(fruits: fruits, recipes: recipes, suppliers: suppliers))
        guard let menu = loaded.value else {
            throw MenuError(diagnostics: loaded.diagnostics.filter { $0.severity == .error })
        }
        self = menu
    }

    /// A menu whose rules ``MenuResolver`` has checked.
    ///
    /// - Parameters:
    ///   - positions: each fruit's position in `fruits`, by id.
    ///   - recipes: the recipes' ids, names and prices.
    ///   - ingredients: each recipe's ingredients, by fruit position.
    ///   - suppliers: the suppliers, each fruit's among them.
    init(
        resolvedFruits fruits: [Fruit], positions: [String: Int], recipes: RecipeTable, ingredients: IngredientTable,
        suppliers: [Supplier] = [], dayStarts: DayStart? = nil
    ) {
        self.fruits = fruits
        self.suppliers = suppliers
        self.dayStarts = dayStarts
        self.recipes = Recipes(table: recipes, ingredients: ingredients, fruits: fruits)
        self.ingredients = ingredients
        fruitIndex = positions
        recipeIndex = RecipeIndex()
        initialCounts = Dictionary(uniqueKeysWithValues: fruits.map { ($0.id, $0.initialStock) })
    }

    /// The fruit with this id, if the menu declares one.
    public func fruit(id: String) -> Fruit? {
        fruitIndex[id].map { fruits[$0] }
    }

    /// The supplier with this id, if the menu names one.
    public func supplier(id: String) -> Supplier? {
        suppliers.first { $0.id == id }
    }

    /// The recipe with this id, if the menu has one.
    public func recipe(id: String) -> Recipe? {
        position(ofRecipe: id).map { recipes[$0] }
    }

    /// The position in ``recipes`` of the recipe with this id, if the menu
    /// has one.
    public func position(ofRecipe id: String) -> Int? {
        recipeIndex.position(of: id, in: recipes)
    }

    /// The languages the menu's display names are given in (`en`, `ko`),
    /// sorted; a name given as a plain string has none.
    public var languages: [String] {
        let fruitLocales = fruits.compactMap(\.name).flatMap { $0.translations.map(\.locale) }
        let languages = (fruitLocales + recipes.table.locales()).map(DisplayName.language(of:))
        return Set(languages.filter { !$0.isEmpty }).sorted()
    }

    /// The display name of a fruit for `language`, or the id itself for a
    /// fruit the menu lacks.
    public func fruitName(_ id: String, for language: String?) -> String {
        fruit(id: id)?.displayName(for: language) ?? id
    }

    /// Menus are equal when their fruits, recipes, suppliers and
    /// `dayStarts` are.
    public static func == (lhs: Menu, rhs: Menu) -> Bool {
        lhs.fruits == rhs.fruits && lhs.recipes == rhs.recipes && lhs.suppliers == rhs.suppliers
            && lhs.dayStarts == rhs.dayStarts
    }

    /// Hashes the fruits, recipes, suppliers and `dayStarts`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fruits)
        hasher.combine(recipes)
        hasher.combine(suppliers)
        hasher.combine(dayStarts)
    }
}

extension Menu {
    /// Each recipe's position by id, made the first time one is asked for:
    /// validating or reporting a menu never asks, and a large menu's table
    /// takes a good part of its load to make. Shared by a menu's copies.
    private final class RecipeIndex: Sendable {
        private let positions = Mutex<[String: Int]?>(nil)

        /// The position in `recipes` (the menu's) of the recipe with this id.
        func position(of id: String, in recipes: Recipes) -> Int? {
            positions.withLock { positions in
                if let positions { return positions[id] }
                var made: [String: Int] = [:]
                made.reserveCapacity(recipes.count)
                for position in recipes.indices {
                    made[recipes.id(at: position)] = position
                }
                positions = made
                return made[id]
            }
        }
    }
}

/// A menu built in code breaks rules of the format.
public struct MenuError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An error for each broken rule, located at `<code>`.
    public var diagnostics: [Diagnostic]

    /// What is wrong, a line per broken rule.
    public var description: String {
        diagnostics.map(\.message).joined(separator: "\n")
    }
}

extension Menu {
    /// Every recipe's ingredients as fruit positions and quantities, one
    /// recipe after another, in flat arrays: what a report reads for many
    /// recipes without a string or a lookup per ingredient.
    public struct IngredientTable: Sendable {
        /// Each ingredient's fruit, as a position in ``Menu/fruits``.
        public private(set) var fruits = Column()
        /// Each ingredient's quantity per serving.
        public private(set) var quantities = Column()
        /// Where each recipe's ingredients start.
        private var starts: [UInt32] = []

        /// Numbers of 32 bits, read as `Int`: a menu of millions of small
        /// recipes holds half as much as in an `[Int]`. (Positions and
        /// quantities are under the schema's limit of 1,000,000,000.)
        public struct Column: RandomAccessCollection, Sendable {
            @usableFromInline var values: [Int32] = []

            /// The first position: 0.
            @inlinable public var startIndex: Int { 0 }
            /// The number of values.
            @inlinable public var endIndex: Int { values.count }

            /// The value at `position`.
            @inlinable public subscript(position: Int) -> Int { Int(values[position]) }
        }

        /// An empty table with room for `recipeCapacity` recipes and
        /// `ingredientCapacity` ingredients, so that it is not copied as it grows.
        init(recipeCapacity: Int = 0, ingredientCapacity: Int = 0) {
            starts.reserveCapacity(recipeCapacity)
            fruits.values.reserveCapacity(ingredientCapacity)
            quantities.values.reserveCapacity(ingredientCapacity)
        }

        /// Begins the next recipe's ingredients.
        mutating func startRecipe() {
            starts.append(UInt32(fruits.count))
        }

        /// Adds an ingredient to the recipe begun last.
        mutating func append(fruit: Int, quantity: Int) {
            fruits.values.append(Int32(fruit))
            quantities.values.append(Int32(clamping: quantity))
        }

        /// The positions of recipe `recipe`'s ingredients in ``fruits`` and
        /// ``quantities``, in the recipe's order.
        ///
        /// - Parameter recipe: a position in ``Menu/recipes``.
        public func range(ofRecipe recipe: Int) -> Range<Int> {
            Int(starts[recipe])..<(recipe + 1 < starts.count ? Int(starts[recipe + 1]) : fruits.count)
        }
    }
}
