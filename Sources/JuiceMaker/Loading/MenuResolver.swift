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

    /// The menu a merged file describes as far as it can be read, whatever
    /// its errors: an ingredient naming a fruit that no entry declares is
    /// left out (never offered as a fruit: it is most often a typo), and so
    /// is a fruit, recipe or supplier whose own entry is wrong. For an
    /// editor's help while a menu is being typed; `nil` when the file is no
    /// menu at all.
    static func draft(_ file: Loaded<MenuFile>) -> Menu? {
        file.value.flatMap { resolve($0, asDraft: true).value }
    }

    /// The menu a merged file describes, or the problems that keep it from
    /// being one.
    ///
    /// Each ingredient's fruit is found by position once, here: the check
    /// that the menu declares it and the table a report reads stock through
    /// are the same look-up.
    ///
    /// - Parameter file: a merged file: no entry is a removal.
    /// - Returns: the menu, unless a recipe names an undeclared fruit; an
    ///   `unknown-fruit` error for each such ingredient and an
    ///   `unused-fruit` warning for each fruit no recipe uses.
    ///
    /// With `asDraft` (for ``draft(_:)``), the menu is made whatever the
    /// errors, without the ingredients that name an undeclared fruit.
    static func resolve(_ file: MenuFile, asDraft: Bool = false) -> Loaded<Menu> {
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
        var isUsed = [Bool](repeating: false, count: fruits.count)
        var mentions: Set<String> = []
        let recipes = file.recipes
        var table = Menu.IngredientTable(
            recipeCapacity: recipes.count, ingredientCapacity: recipes.ingredients.count)
        var suggester = Suggester { fruits.map(\.id) }
        // Each fruit id the recipes name, looked up once.
        let positions = recipes.fruitIDs.map { fruitPositions[$0] }
        for entry in 0..<recipes.count {
            mentions.formUnion(recipes.invalidMentions(at: entry))
            table.startRecipe()
            for index in recipes.ingredientRange(at: entry) {
                let ingredient = recipes.ingredients[index]
                guard let position = positions[Int(ingredient.fruit)] else {
                    let fruit = recipes.fruitIDs[Int(ingredient.fruit)]
                    let key = recipes.location(at: entry)
                    let mark = recipes.mark(ofIngredient: index, ofEntry: entry)
                    diagnostics.append(
                        Schema.unknownFruit(
                            fruit, inRecipe: recipes.id(at: entry), suggestion: suggester.clause(for: fruit),
                            at: SourceLocation(file: key.file, line: mark.line, column: mark.column),
                            removedAt: file.removedFruits[fruit]))
                    continue
                }
                isUsed[position] = true
                table.append(fruit: position, quantity: Int(ingredient.quantity))
            }
        }
        // A fruit whose id is invalid or too long has its error already.
        for (position, fruit) in fruits.enumerated()
        where !isUsed[position] && !mentions.contains(fruit.id) && Schema.isValidID(fruit.id)
            && fruit.id.utf8.count <= Schema.maximumIDLength
        {
            diagnostics.append(Schema.unusedFruit(fruit.id, at: fruitLocations[position]))
        }
        let suppliers = file.suppliers.compactMap(\.value)
        if !file.supplierPlaces.isEmpty {
            diagnostics += unknownSuppliers(of: fruits, among: suppliers, places: file.supplierPlaces)
        }
        if let entry = recipes.table.firstLeftOut {
            diagnostics.append(
                .error(.limit, Message(.menuTooLarge, "\(recipes.table.capacity)"), at: recipes.location(at: entry)))
        }
        guard asDraft || !diagnostics.containsErrors else {
            return Loaded(value: nil, diagnostics: diagnostics)
        }
        let menu = Menu(
            resolvedFruits: fruits, positions: fruitPositions, recipes: recipes.table, ingredients: table,
            suppliers: suppliers, dayStarts: file.dayStarts)
        return Loaded(value: menu, diagnostics: diagnostics)
    }

    /// An `unknown-supplier` error for each fruit whose supplier is none of
    /// `suppliers`, at the place `places` gives for it.
    private static func unknownSuppliers(
        of fruits: [Fruit], among suppliers: [Supplier], places: [String: SourceLocation]
    ) -> [Diagnostic] {
        let known = Set(suppliers.map(\.id))
        var suggester = Suggester { suppliers.map(\.id) }
        return fruits.compactMap { fruit in
            guard let supplier = fruit.supply?.supplier, !known.contains(supplier), let place = places[fruit.id] else {
                return nil
            }
            return Schema.unknownSupplier(
                supplier, ofFruit: fruit.id, suggestion: suggester.clause(for: supplier), at: place)
        }
    }
}
