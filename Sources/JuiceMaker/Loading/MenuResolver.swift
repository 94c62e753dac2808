/// Checks a merged ``MenuFile``'s recipes against its fruits and builds the
/// ``Menu``: the rules that need the whole menu, for a file's menu and for
/// one built in code alike.
enum MenuResolver {
    /// The menu of a merged file as loaded: the file's own problems and the
    /// resolver's, and the menu only when there is no error among them.
    static func resolve(_ file: Loaded<MenuFile>) -> Loaded<Menu> {
        guard let value = file.value else { return Loaded(value: nil, diagnostics: file.diagnostics) }
        let resolved = resolve(value)
        let diagnostics = file.diagnostics + resolved.diagnostics
        return Loaded(value: diagnostics.containsErrors ? nil : resolved.value, diagnostics: diagnostics)
    }

    /// The menu a merged file describes, or the problems that keep it from
    /// being one.
    ///
    /// Each ingredient's fruit is found by position once, here: the check
    /// that the menu declares it and the table a report reads stock through
    /// are the same look-up.
    ///
    /// - Parameter file: a merged file: every entry has a value.
    /// - Returns: the menu, unless a recipe names an undeclared fruit; an
    ///   `unknown-fruit` error for each such ingredient and an
    ///   `unused-fruit` warning for each fruit no recipe uses.
    static func resolve(_ file: MenuFile) -> Loaded<Menu> {
        var fruits: [Fruit] = []
        var fruitLocations: [SourceLocation] = []
        var fruitPositions: [String: Int] = [:]
        // Room made at once: a large menu's table is not hashed again as it grows.
        fruits.reserveCapacity(file.fruits.count)
        fruitLocations.reserveCapacity(file.fruits.count)
        fruitPositions.reserveCapacity(file.fruits.count)
        for entry in file.fruits {
            guard let fruit = entry.value else { continue }
            // One look-up for the usual new id; a repeated one (which a
            // merged file never has) gets its first place back.
            if let first = fruitPositions.updateValue(fruits.count, forKey: entry.id) {
                fruitPositions[entry.id] = first
                continue
            }
            fruits.append(fruit)
            fruitLocations.append(entry.location)
        }
        var diagnostics: [Diagnostic] = []
        var recipes: [Recipe] = []
        var isUsed = [Bool](repeating: false, count: fruits.count)
        var mentions: Set<String> = []
        var table = Menu.IngredientTable(
            recipeCapacity: file.recipes.count,
            ingredientCapacity: file.recipes.reduce(0) { $0 + ($1.value?.ingredients.count ?? 0) })
        var suggester = Suggester { fruits.map(\.id) }
        recipes.reserveCapacity(file.recipes.count)
        for entry in file.recipes {
            guard let recipe = entry.value else { continue }
            mentions.formUnion(recipe.invalidMentions)
            table.startRecipe()
            for (offset, ingredient) in recipe.ingredients.enumerated() {
                guard let position = fruitPositions[ingredient.fruit] else {
                    let mark = recipe.ingredientMarks[offset]
                    diagnostics.append(
                        Schema.unknownFruit(
                            ingredient.fruit, inRecipe: entry.id, suggestion: suggester.clause(for: ingredient.fruit),
                            at: SourceLocation(file: entry.location.file, line: mark.line, column: mark.column),
                            removedAt: file.removedFruits[ingredient.fruit]))
                    continue
                }
                isUsed[position] = true
                table.append(fruit: position, quantity: ingredient.quantity)
            }
            recipes.append(
                Recipe(id: entry.id, name: recipe.name, ingredients: recipe.ingredients, price: recipe.price))
        }
        // A fruit whose id is invalid or too long has its error already.
        for (position, fruit) in fruits.enumerated()
        where !isUsed[position] && !mentions.contains(fruit.id) && Schema.isValidID(fruit.id)
            && fruit.id.utf8.count <= Schema.maximumIDLength
        {
            diagnostics.append(Schema.unusedFruit(fruit.id, at: fruitLocations[position]))
        }
        guard !diagnostics.containsErrors else { return Loaded(value: nil, diagnostics: diagnostics) }
        let menu = Menu(resolvedFruits: fruits, positions: fruitPositions, recipes: recipes, ingredients: table)
        return Loaded(value: menu, diagnostics: diagnostics)
    }
}
