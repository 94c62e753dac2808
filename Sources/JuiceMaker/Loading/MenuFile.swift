internal import MarkedYAML

/// A menu file as written, before it is merged with the menus it extends and
/// its recipes are checked against its fruits: each entry keeps where its
/// key stands, so that later checks can point at it.
struct MenuFile: Sendable {
    /// One fruit entry; a `nil` value removes the entry of the same id that
    /// a parent menu defines (`mango: ~`).
    struct Entry<Value: Sendable>: Sendable {
        var id: String
        var value: Value?
        /// Where the entry's key is written.
        var location: SourceLocation
    }

    /// A parent menu named by `extends`.
    struct Parent: Sendable {
        /// The path as written, relative to the naming file's folder.
        var path: String
        /// Where it is written.
        var location: SourceLocation
    }

    var fruits: [Entry<Fruit>] = []
    var recipes = RecipeDrafts()
    var suppliers: [Entry<Supplier>] = []
    /// Where each fruit that names a supplier names it, by fruit id: what an
    /// unknown supplier's error points at. Empty in a menu that names none.
    var supplierPlaces: [String: SourceLocation] = [:]
    var parents: [Parent] = []
    /// `dayStarts`, when the file (or, merged, a file it extends) says it.
    var dayStarts: DayStart?
    /// Where a child removed each fruit a parent declared (`kiwi: ~`), so
    /// that a recipe still using it can point there.
    var removedFruits: [String: SourceLocation] = [:]
    /// Each fruit's and recipe's position by id, once ``indexed()`` has made
    /// them: a menu that many children extend is indexed once, not per child.
    private(set) var fruitPositions: [String: Int]?
    private(set) var recipePositions: [String: Int]?
}

extension MenuFile {
    /// This menu with `child` on top: an entry of the child replaces the whole
    /// entry of the same id (keeping its place), a `nil` one removes it, and
    /// new ones come last.
    ///
    /// - Returns: the merged menu, whose entries all have values, and a
    ///   warning for each removal of an id that this menu lacks.
    func merging(_ child: MenuFile) -> (menu: MenuFile, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        var merged = MenuFile()
        merged.removedFruits = removedFruits
        let declared = fruitPositions ?? Self.positions(of: fruits)
        for entry in child.fruits where entry.value == nil && declared[entry.id] != nil {
            merged.removedFruits[entry.id] = entry.location
        }
        merged.fruits = Self.merge(fruits, fruitPositions, child.fruits, kind: Message(.fruitWord), warnings: &warnings)
        merged.recipes = Self.merge(
            recipes, recipePositions, child.recipes, kind: Message(.recipeWord), warnings: &warnings)
        merged.suppliers = Self.merge(
            suppliers, nil, child.suppliers, kind: Message(.supplierWord), warnings: &warnings)
        merged.supplierPlaces = supplierPlaces
        // A child's `dayStarts` wins; without one it keeps its parent's.
        merged.dayStarts = child.dayStarts ?? dayStarts
        if !supplierPlaces.isEmpty || !child.supplierPlaces.isEmpty {
            // A child's entry replaces the parent's whole, its supplier included.
            for entry in child.fruits { merged.supplierPlaces[entry.id] = child.supplierPlaces[entry.id] }
        }
        return (merged, warnings)
    }

    /// This menu with its positions by id made, for use as a parent.
    func indexed() -> MenuFile {
        guard fruitPositions == nil || recipePositions == nil else { return self }
        var menu = self
        menu.fruitPositions = Self.positions(of: fruits)
        menu.recipePositions = Self.positions(of: recipes)
        return menu
    }

    /// Each id's first position in `entries`.
    private static func positions(of entries: some MenuEntryList) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entries.count)
        // From the last: an id's first position is written last.
        for index in (0..<entries.count).reversed() {
            positions[entries.id(at: index)] = index
        }
        return positions
    }

    /// This menu as it stands on no parent: its `nil` entries remove
    /// nothing, which is worth a warning each.
    func withoutRemovals() -> (menu: MenuFile, warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        var menu = MenuFile()
        menu.fruits = Self.dropRemovals(fruits, kind: Message(.fruitWord), warnings: &warnings)
        menu.recipes = Self.dropRemovals(recipes, kind: Message(.recipeWord), warnings: &warnings)
        menu.suppliers = Self.dropRemovals(suppliers, kind: Message(.supplierWord), warnings: &warnings)
        menu.supplierPlaces = supplierPlaces
        menu.dayStarts = dayStarts
        return (menu, warnings)
    }

    private static func dropRemovals<List: MenuEntryList>(
        _ entries: List, kind: Message, warnings: inout [Diagnostic]
    ) -> List {
        guard (0..<entries.count).contains(where: entries.removes(at:)) else { return entries }
        var kept = List()
        kept.reserveCapacity(entries.count)
        for index in 0..<entries.count {
            if entries.removes(at: index) {
                warnings.append(nothingToRemove(entries, at: index, kind: kind))
            } else {
                kept.append(entries, at: index)
            }
        }
        return kept
    }

    private static func nothingToRemove(_ entries: some MenuEntryList, at index: Int, kind: Message) -> Diagnostic {
        .warning(
            .nothingToRemove, Message(.nothingToRemove, "\(entries.id(at: index))", .message(kind)),
            at: entries.location(at: index))
    }

    private static func merge<List: MenuEntryList>(
        _ base: List, _ basePositions: [String: Int]?, _ top: List, kind: Message, warnings: inout [Diagnostic]
    ) -> List {
        guard top.count > 0 else { return base }
        guard base.count > 0 else { return dropRemovals(top, kind: kind, warnings: &warnings) }
        let positions = basePositions ?? Self.positions(of: base)
        // What the child does to each of the base's entries: replace it
        // (an index into `top`) or remove it (-1).
        var changes: [Int: Int] = [:]
        var added: [Int] = []
        for index in 0..<top.count {
            // A child names each id once (a repeated key is dropped on load).
            switch (positions[top.id(at: index)], top.removes(at: index)) {
            case (let position?, false):
                changes[position] = index
            case (let position?, true):
                changes[position] = -1
            case (nil, false):
                added.append(index)
            case (nil, true):
                warnings.append(nothingToRemove(top, at: index, kind: kind))
            }
        }
        var entries = List(mergingOnto: base)
        entries.reserveCapacity(base.count + added.count)
        for position in 0..<base.count {
            switch changes[position] {
            case nil: entries.append(base, at: position)
            case -1: continue
            case let index?: entries.append(top, at: index)
            }
        }
        for index in added {
            entries.append(top, at: index)
        }
        return entries
    }
}

extension MenuFile {
    /// Where the diagnostics of a menu built in code point: it has no file.
    static let codeLocation = SourceLocation.start(of: "<code>")

    /// The menu file a menu built in code amounts to, checked by the rules
    /// that a file's parser applies to each entry (ids, counts, empty
    /// recipes), with each id given once, as the YAML layer requires of a
    /// file's keys.
    ///
    /// - Returns: the file and the problems found.
    static func built(fruits: [Fruit], recipes: [Recipe], suppliers: [Supplier] = []) -> Loaded<MenuFile> {
        let here = codeLocation
        var diagnostics: [Diagnostic] = []
        var file = MenuFile()
        var fruitIDs: Set<String> = []
        for fruit in fruits {
            if let problem = Schema.idProblem(fruit.id, kind: Message(.fruitWord), at: here) {
                diagnostics.append(problem)
            }
            if !Schema.stockRange.contains(fruit.initialStock) {
                diagnostics.append(
                    Schema.invalidCount(
                        Message(.stockOfFruit, "\(fruit.id)"), shown: "\(fruit.initialStock)", in: Schema.stockRange,
                        at: here))
            }
            if let cost = fruit.cost, !Schema.moneyRange.contains(cost) {
                diagnostics.append(
                    Schema.invalidCount(
                        Message(.costOfFruit, "\(fruit.id)"), shown: "\(cost)", in: Schema.moneyRange, at: here))
            }
            if let shelfLife = fruit.shelfLife, !Schema.shelfLifeRange.contains(shelfLife) {
                diagnostics.append(
                    Schema.invalidCount(
                        Message(.shelfLifeOfFruit, "\(fruit.id)"), shown: "\(shelfLife)", in: Schema.shelfLifeRange,
                        at: here))
            }
            if let supply = fruit.supply {
                diagnostics += Schema.supplyProblems(supply, of: fruit.id, at: here)
                if supply.supplier != nil { file.supplierPlaces[fruit.id] = here }
            }
            guard fruitIDs.insert(fruit.id).inserted else {
                diagnostics.append(Schema.duplicate(Message(.fruitNamed, "\(fruit.id)"), at: here))
                continue
            }
            file.fruits.append(Entry(id: fruit.id, value: fruit, location: here))
        }
        var supplierIDs: Set<String> = []
        for supplier in suppliers {
            if let problem = Schema.idProblem(supplier.id, kind: Message(.supplierWord), at: here) {
                diagnostics.append(problem)
            }
            if !Schema.stockRange.contains(supplier.minimum) {
                diagnostics.append(
                    Schema.invalidCount(
                        Message(.minimumOfSupplier, "\(supplier.id)"), shown: "\(supplier.minimum)",
                        in: Schema.stockRange, at: here))
            }
            for (value, range, what) in [
                (supplier.leadDays, Schema.leadDaysRange, Message.Key.leadDaysOfSupplier),
                (supplier.every, Schema.everyRange, .everyOfSupplier),
            ] where !range.contains(value) {
                diagnostics.append(
                    Schema.invalidCount(Message(what, "\(supplier.id)"), shown: "\(value)", in: range, at: here))
            }
            guard supplierIDs.insert(supplier.id).inserted else {
                diagnostics.append(Schema.duplicate(Message(.supplierNamed, "\(supplier.id)"), at: here))
                continue
            }
            file.suppliers.append(Entry(id: supplier.id, value: supplier, location: here))
        }
        var recipeIDs: Set<String> = []
        for recipe in recipes {
            if let problem = Schema.idProblem(recipe.id, kind: Message(.recipeWord), at: here) {
                diagnostics.append(problem)
            }
            guard recipeIDs.insert(recipe.id).inserted else {
                diagnostics.append(Schema.duplicate(Message(.recipeNamed, "\(recipe.id)"), at: here))
                continue
            }
            if recipe.ingredients.isEmpty { diagnostics.append(Schema.emptyRecipe(recipe.id, at: here)) }
            if let price = recipe.price, !Schema.moneyRange.contains(price) {
                diagnostics.append(
                    Schema.invalidCount(
                        Message(.priceOfRecipe, "\(recipe.id)"), shown: "\(price)", in: Schema.moneyRange, at: here))
            }
            var ingredientIDs: Set<String> = []
            for ingredient in recipe.ingredients {
                if !Schema.quantityRange.contains(ingredient.quantity) {
                    diagnostics.append(
                        Schema.invalidCount(
                            Message(.quantityInRecipe, "\(ingredient.fruit)", "\(recipe.id)"),
                            shown: "\(ingredient.quantity)", in: Schema.quantityRange, at: here))
                }
                if !ingredientIDs.insert(ingredient.fruit).inserted {
                    diagnostics.append(
                        Schema.duplicate(Message(.fruitInRecipe, "\(ingredient.fruit)", "\(recipe.id)"), at: here))
                }
            }
            file.recipes.append(id: recipe.id, at: here, removes: false)
            file.recipes.setName(recipe.name)
            file.recipes.setPrice(recipe.price)
            for ingredient in recipe.ingredients {
                file.recipes.appendIngredient(
                    fruit: ingredient.fruit, quantity: ingredient.quantity, line: here.line, column: here.column)
            }
        }
        return Loaded(value: file, diagnostics: diagnostics)
    }
}
