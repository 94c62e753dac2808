internal import MarkedYAML

/// Reads one menu file's root node into a ``MenuFile``, reporting what the
/// format does not allow.
struct MenuParser {
    private var reader: NodeReader

    init(file: String) {
        reader = NodeReader(file: file)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    mutating func parse(_ root: Node) -> MenuFile {
        var file = MenuFile()
        guard let pairs = reader.mapping(root, for: Message(.aMenu)) else { return file }
        // Without any key of a menu, a manifest's `stores` says what the file is.
        if !pairs.contains(where: { pair in pair.key.scalar.map { Schema.menuKeys.contains($0.text) } ?? false }),
            reader.isWrongKind(pairs, expected: Message(.aMenu), isOwnKey: Schema.menuKeys.contains)
        {
            return file
        }
        var seen: Set<String> = []
        for pair in pairs {
            guard let key = reader.key(pair) else { continue }
            seen.insert(key)
            switch key {
            case "fruits":
                file.fruits = parseFruits(pair.value)
            case "recipes":
                file.recipes = parseRecipes(pair.value)
            case "extends":
                file.parents = parseParents(pair.value)
            default:
                reader.otherKey(key, at: pair.key, in: Message(.theMenu), known: Schema.menuKeys)
            }
        }
        // A menu that extends another may leave out either part.
        if !seen.contains("extends") {
            for required in ["fruits", "recipes"] where !seen.contains(required) {
                reader.report(
                    .error(.missingKey, Message(.missingMenuKey, "\(required)"), at: .start(of: reader.file)))
            }
        }
        return file
    }

    /// `extends`: a path, or a sequence of paths.
    private mutating func parseParents(_ node: Node) -> [MenuFile.Parent] {
        let nodes = node.items.map(Array.init) ?? [node]
        return nodes.compactMap { item in
            guard let path = item.scalar?.text, !item.isNull, !path.isEmpty else {
                reader.error(.typeMismatch, Message(.extendsMustBePaths, .message(Message(kindOf: item))), at: item)
                return nil
            }
            return MenuFile.Parent(path: path, location: reader.location(of: item))
        }
    }

    private mutating func parseFruits(_ node: Node) -> [MenuFile.Entry<Fruit>] {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "fruits")) else { return [] }
        // Room for every entry at once: a large menu's array is not copied as it grows.
        var entries: [MenuFile.Entry<Fruit>] = []
        entries.reserveCapacity(pairs.count)
        for pair in pairs {
            // An entry with an invalid id is still read and declared (the menu
            // is invalid anyway), so that its other problems are reported and
            // its users are not also reported as naming an unknown fruit.
            guard let id = reader.id(pair, kind: Message(.fruitWord))?.text else { continue }
            let fruit = pair.value.isNull ? nil : parseFruit(id: id, pair.value)
            entries.append(MenuFile.Entry(id: id, value: fruit, location: reader.location(of: pair.key)))
        }
        return entries
    }

    /// The fruit an entry declares. A fruit with an invalid value is still
    /// declared (its errors are reported), so that the recipes using it are
    /// not also reported as naming an unknown fruit.
    private mutating func parseFruit(id: String, _ node: Node) -> Fruit {
        var fruit = Fruit(id: id)
        if node.scalar != nil {
            fruit.initialStock = reader.count(node, in: Schema.stockRange, for: Message(.stockOfFruit, "\(id)")) ?? 0
            return fruit
        }
        guard let pairs = node.pairs else {
            reader.error(
                .typeMismatch, Message(.fruitMustBeStockOrMapping, "\(id)", .message(Message(kindOf: node))),
                at: node)
            return fruit
        }
        // Keys are compared as bytes: most are the schema's own words, which
        // need no string.
        for pair in pairs {
            if pair.key.isScalar("name") {
                fruit.name = reader.displayName(pair.value, for: Message(.fruitNamed, "\(id)"))
            } else if pair.key.isScalar("stock") {
                fruit.initialStock =
                    reader.count(pair.value, in: Schema.stockRange, for: Message(.stockOfFruit, "\(id)")) ?? 0
            } else if pair.key.isScalar("cost") {
                fruit.cost = reader.count(pair.value, in: Schema.moneyRange, for: Message(.costOfFruit, "\(id)"))
            } else if let key = reader.key(pair) {
                reader.otherKey(key, at: pair.key, in: Message(.fruitNamed, "\(id)"), known: Schema.fruitKeys)
            }
        }
        return fruit
    }

    private mutating func parseRecipes(_ node: Node) -> [MenuFile.Entry<MenuFile.Recipe>] {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "recipes")) else { return [] }
        var entries: [MenuFile.Entry<MenuFile.Recipe>] = []
        entries.reserveCapacity(pairs.count)
        for pair in pairs {
            // As with fruits, an entry with an invalid id is still read.
            guard let id = reader.id(pair, kind: Message(.recipeWord))?.text else { continue }
            let recipe = pair.value.isNull ? nil : parseRecipe(id: id, pair)
            entries.append(MenuFile.Entry(id: id, value: recipe, location: reader.location(of: pair.key)))
        }
        return entries
    }

    /// A recipe in its long form (a mapping with `uses`) or its shorthand (a
    /// mapping of fruit to quantity).
    private mutating func parseRecipe(id: String, _ entry: Pair) -> MenuFile.Recipe {
        var recipe = MenuFile.Recipe(ingredients: [], ingredientMarks: [])
        guard let pairs = reader.mapping(entry.value, for: Message(.recipeNamed, "\(id)")) else { return recipe }
        // `name` or `price` without `uses` is a long form that lacks it.
        guard
            let longFormKey = pairs.first(where: {
                $0.key.isScalar("uses") || $0.key.isScalar("name") || $0.key.isScalar("price")
            })
        else {
            readIngredients(pairs, into: &recipe, id: id, recipeKey: entry.key)
            return recipe
        }
        var hasUses = false
        for pair in pairs {
            if pair.key.isScalar("uses") {
                hasUses = true
                if let ingredients = reader.mapping(pair.value, for: Message(.usesOfRecipe, "\(id)")) {
                    readIngredients(ingredients, into: &recipe, id: id, recipeKey: entry.key)
                }
            } else if pair.key.isScalar("name") {
                recipe.name = reader.displayName(pair.value, for: Message(.recipeNamed, "\(id)"))
            } else if pair.key.isScalar("price") {
                recipe.price = reader.count(pair.value, in: Schema.moneyRange, for: Message(.priceOfRecipe, "\(id)"))
            } else if let key = reader.key(pair) {
                reader.otherKey(key, at: pair.key, in: Message(.recipeNamed, "\(id)"), known: Schema.recipeKeys)
            }
        }
        if !hasUses {
            let key = longFormKey.key.scalar?.text ?? "name"
            reader.error(
                .missingKey, Message(.recipeWithoutUses, "\(id)", "\(key)"), at: pairs.first?.key ?? entry.value)
        }
        return recipe
    }

    /// Reads fruit-to-quantity pairs into `recipe`, reporting a recipe that
    /// has none (and no invalid one) as empty.
    private mutating func readIngredients(
        _ pairs: Node.Pairs, into recipe: inout MenuFile.Recipe, id: String, recipeKey: Node
    ) {
        var sawInvalid = false
        // Room for every pair at once: most are ingredients, and the arrays
        // are not copied as they grow.
        let count = pairs.count
        recipe.ingredients.reserveCapacity(count)
        recipe.ingredientMarks.reserveCapacity(count)
        for pair in pairs {
            guard let fruit = reader.key(pair) else {
                sawInvalid = true
                continue
            }
            guard !Schema.isExtensionKey(fruit) else { continue }
            if let overlong = Schema.overlongID(fruit, kind: Message(.fruitWord), at: reader.location(of: pair.key)) {
                reader.report(overlong)
                recipe.invalidMentions.append(fruit)
                sawInvalid = true
                continue
            }
            guard
                let quantity = reader.count(
                    pair.value, in: Schema.quantityRange, for: Message(.quantityInRecipe, "\(fruit)", "\(id)"))
            else {
                recipe.invalidMentions.append(fruit)
                sawInvalid = true
                continue
            }
            recipe.ingredients.append(Recipe.Ingredient(fruit: fruit, quantity: quantity))
            recipe.ingredientMarks.append(pair.key.mark)
        }
        if !sawInvalid && recipe.ingredients.isEmpty {
            reader.report(Schema.emptyRecipe(id, at: reader.location(of: recipeKey)))
        }
    }
}
