/// What a store can make of one recipe with the stock it has.
public struct RecipeAvailability: Sendable, Hashable {
    /// The recipe.
    public var recipe: Recipe
    /// How many servings can be made now.
    public var servings: Int
    /// The fruits that bind `servings`: every fruit at the minimum, or, when
    /// `servings` is 0, the fruits that are short (or, in a recipe built in
    /// code, used in a quantity below 1). In the recipe's order.
    public var limitedBy: [String]
    /// When `servings` is 0, each short fruit against what one serving
    /// needs of it; empty otherwise. In the recipe's order.
    public var missing: [Shortage]

    /// The availability of `recipe`, as ``Inventory/availability(of:)`` computes it.
    public init(recipe: Recipe, servings: Int, limitedBy: [String], missing: [Shortage]) {
        self.recipe = recipe
        self.servings = servings
        self.limitedBy = limitedBy
        self.missing = missing
    }
}

extension Inventory {
    /// How many servings of `recipe` this stock allows, and what limits it.
    ///
    /// A recipe built in code may use a fruit in a quantity out of range,
    /// which no menu holds and ``making(_:today:)`` refuses: it allows no serving,
    /// limited by those fruits.
    public func availability(of recipe: Recipe) -> RecipeAvailability {
        let unusable = recipe.unusableIngredients.map(\.fruit)
        guard unusable.isEmpty else {
            return RecipeAvailability(recipe: recipe, servings: 0, limitedBy: unusable, missing: [])
        }
        return Self.availability(of: recipe) { self[recipe.ingredients[$0].fruit] }
    }

    /// The availability of every recipe of `menu`, in the menu's order.
    public func availability(in menu: Menu) -> [RecipeAvailability] {
        let counts = counts(byPositionIn: menu)
        return menu.recipes.enumerated().map { position, recipe in
            let start = menu.ingredients.range(ofRecipe: position).lowerBound
            return Self.availability(of: recipe) { counts[menu.ingredients.fruits[start + $0]] }
        }
    }

    /// How many servings of each recipe of `menu` this stock allows, in the
    /// menu's order: what a report across many stores shows, without the
    /// cost of saying what limits each.
    public func servings(in menu: Menu) -> [Int] {
        let counts = counts(byPositionIn: menu)
        return menu.recipes.indices.map { menu.ingredients.servings(ofRecipe: $0, counts: counts) }
    }

    /// The count of each fruit of `menu`, by its position in
    /// ``Menu/fruits``: each fruit is looked up once, not once per recipe
    /// using it. What ``Menu/IngredientTable`` positions index.
    package func counts(byPositionIn menu: Menu) -> [Int] {
        menu.fruits.map { self[$0.id] }
    }

    /// The servings that the ingredients at `positions` allow, given each
    /// one's stock and quantity: 0 for none.
    fileprivate static func servings(of positions: Range<Int>, stock: (Int) -> Int, quantity: (Int) -> Int) -> Int {
        var servings = Int.max
        for position in positions {
            servings = min(servings, stock(position) / quantity(position))
        }
        return servings == .max ? 0 : servings
    }

    /// Whether an ingredient binds a recipe's `servings`: it is at the
    /// minimum (with no serving, that is every short fruit).
    fileprivate static func binds(count: Int, quantity: Int, servings: Int) -> Bool {
        count / quantity == servings
    }

    /// With no serving, how many one serving lacks of an ingredient; 0
    /// when there is a serving or enough of it.
    fileprivate static func lacks(count: Int, quantity: Int, servings: Int) -> Int {
        servings <= 0 && count < quantity ? quantity - count : 0
    }

    /// The availability of `recipe`, given the stock of its `i`th ingredient
    /// as `stock(i)`.
    private static func availability(of recipe: Recipe, stock: (Int) -> Int) -> RecipeAvailability {
        let ingredients = recipe.ingredients
        let servings = servings(of: ingredients.indices, stock: stock, quantity: { ingredients[$0].quantity })
        var limitedBy: [String] = []
        var missing: [Shortage] = []
        for (position, ingredient) in ingredients.enumerated() {
            let count = stock(position)
            if binds(count: count, quantity: ingredient.quantity, servings: servings) {
                limitedBy.append(ingredient.fruit)
            }
            if lacks(count: count, quantity: ingredient.quantity, servings: servings) > 0 {
                missing.append(Shortage(fruit: ingredient.fruit, needed: ingredient.quantity, available: count))
            }
        }
        return RecipeAvailability(recipe: recipe, servings: servings, limitedBy: limitedBy, missing: missing)
    }
}

extension Menu.IngredientTable {
    /// How many servings of a recipe a stock allows: 0 for none.
    ///
    /// - Parameters:
    ///   - recipe: a position in ``Menu/recipes``.
    ///   - counts: the stock by fruit position, as
    ///     ``Inventory/counts(byPositionIn:)`` gives it.
    package func servings(ofRecipe recipe: Int, counts: [Int]) -> Int {
        Inventory.servings(of: range(ofRecipe: recipe), stock: { counts[fruits[$0]] }, quantity: { quantities[$0] })
    }

    /// Whether the ingredient at `position` binds its recipe's `servings`,
    /// as ``RecipeAvailability/limitedBy`` lists it.
    package func binds(_ position: Int, servings: Int, counts: [Int]) -> Bool {
        Inventory.binds(count: counts[fruits[position]], quantity: quantities[position], servings: servings)
    }

    /// How many of the ingredient at `position` one serving lacks when
    /// `servings` is 0, as ``RecipeAvailability/missing`` says; 0 otherwise.
    package func lacks(_ position: Int, servings: Int, counts: [Int]) -> Int {
        Inventory.lacks(count: counts[fruits[position]], quantity: quantities[position], servings: servings)
    }
}
