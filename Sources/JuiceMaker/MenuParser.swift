import MarkedYAML

/// Reads one menu file's root node into a ``MenuDraft``, reporting what the
/// format does not allow.
struct MenuParser {
    private var reader: NodeReader

    init(file: String) {
        reader = NodeReader(file: file)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    private static let topLevelKeys = ["fruits", "recipes"]
    private static let fruitKeys = ["name", "stock"]
    private static let recipeKeys = ["uses", "name"]

    mutating func parse(_ root: Node) -> MenuDraft {
        var draft = MenuDraft()
        guard let pairs = reader.mapping(root, for: "a menu") else { return draft }
        var seen: Set<String> = []
        for pair in pairs {
            guard let key = reader.key(pair) else { continue }
            seen.insert(key)
            switch key {
            case "fruits":
                draft.fruits = parseFruits(pair.value)
            case "recipes":
                parseRecipes(pair.value, into: &draft)
            case _ where Schema.isExtensionKey(key):
                continue
            default:
                reader.unknownKey(key, at: pair.key, in: "the menu", known: Self.topLevelKeys)
            }
        }
        for required in Self.topLevelKeys where !seen.contains(required) {
            reader.report(.error(.missingKey, "the menu has no '\(required)'", at: .start(of: reader.file)))
        }
        return draft
    }

    private mutating func parseFruits(_ node: Node) -> [MenuDraft.Entry<Fruit>] {
        guard let pairs = reader.mapping(node, for: "'fruits'") else { return [] }
        return pairs.compactMap { pair in
            guard let id = reader.id(pair, kind: "fruit") else { return nil }
            return MenuDraft.Entry(id: id, value: parseFruit(id: id, pair.value), location: reader.location(of: pair.key))
        }
    }

    /// The fruit an entry declares. A fruit with an invalid value is still
    /// declared (its errors are reported), so that the recipes using it are
    /// not also reported as naming an unknown fruit.
    private mutating func parseFruit(id: String, _ node: Node) -> Fruit {
        let stockRange = 0...Schema.maximumCount
        var fruit = Fruit(id: id)
        if node.scalar != nil {
            fruit.initialStock = reader.count(node, in: stockRange, for: "the stock of fruit '\(id)'") ?? 0
            return fruit
        }
        guard let pairs = node.pairs else {
            reader.error(.typeMismatch, "fruit '\(id)' must be a stock number or a mapping, not \(node.kindDescription)", at: node)
            return fruit
        }
        for pair in pairs {
            guard let key = reader.key(pair) else { continue }
            switch key {
            case "name":
                fruit.name = reader.displayName(pair.value, for: "fruit '\(id)'")
            case "stock":
                fruit.initialStock = reader.count(pair.value, in: stockRange, for: "the stock of fruit '\(id)'") ?? 0
            case _ where Schema.isExtensionKey(key):
                continue
            default:
                reader.unknownKey(key, at: pair.key, in: "fruit '\(id)'", known: Self.fruitKeys)
            }
        }
        return fruit
    }

    private mutating func parseRecipes(_ node: Node, into draft: inout MenuDraft) {
        guard let pairs = reader.mapping(node, for: "'recipes'") else { return }
        for pair in pairs {
            // A recipe with an invalid id is still read, to report what else is wrong.
            let id = reader.id(pair, kind: "recipe")
            guard let name = id ?? pair.key.scalar?.text,
                let recipe = parseRecipe(id: name, pair, mentioning: &draft.mentionedFruits),
                let id
            else { continue }
            draft.recipes.append(MenuDraft.Entry(id: id, value: recipe, location: reader.location(of: pair.key)))
        }
    }

    /// A recipe in its long form (a mapping with `uses`) or its shorthand (a
    /// mapping of fruit to quantity).
    private mutating func parseRecipe(id: String, _ entry: Pair, mentioning mentioned: inout Set<String>) -> MenuDraft.Recipe? {
        guard let pairs = reader.mapping(entry.value, for: "recipe '\(id)'") else { return nil }
        let keys = pairs.compactMap(\.key.scalar?.text)
        guard keys.contains("uses") || keys.contains("name") else {
            return parseIngredients(pairs, recipe: id, recipeKey: entry.key, mentioning: &mentioned).map {
                MenuDraft.Recipe(ingredients: $0)
            }
        }
        var recipe = MenuDraft.Recipe(ingredients: [])
        var uses: [MenuDraft.Ingredient]?
        var isValid = true
        for pair in pairs {
            guard let key = reader.key(pair) else { continue }
            switch key {
            case "uses":
                uses = reader.mapping(pair.value, for: "'uses' of recipe '\(id)'").flatMap {
                    parseIngredients($0, recipe: id, recipeKey: entry.key, mentioning: &mentioned)
                }
                isValid = isValid && uses != nil
            case "name":
                recipe.name = reader.displayName(pair.value, for: "recipe '\(id)'")
            case _ where Schema.isExtensionKey(key):
                continue
            default:
                reader.unknownKey(key, at: pair.key, in: "recipe '\(id)'", known: Self.recipeKeys)
            }
        }
        guard isValid else { return nil }
        guard let uses else {
            let place = pairs.first?.key ?? entry.value
            reader.error(.missingKey, "recipe '\(id)' has a 'name' but no 'uses'", at: place)
            return nil
        }
        recipe.ingredients = uses
        return recipe
    }

    /// The fruit-to-quantity pairs of a recipe; `nil` when any is invalid.
    private mutating func parseIngredients(
        _ pairs: [Pair], recipe id: String, recipeKey: Node, mentioning mentioned: inout Set<String>
    ) -> [MenuDraft.Ingredient]? {
        var ingredients: [MenuDraft.Ingredient] = []
        var isValid = true
        for pair in pairs {
            guard let fruit = reader.key(pair) else {
                isValid = false
                continue
            }
            guard !Schema.isExtensionKey(fruit) else { continue }
            mentioned.insert(fruit)
            guard let quantity = reader.count(pair.value, in: 1...Schema.maximumCount, for: "the quantity of '\(fruit)' in recipe '\(id)'") else {
                isValid = false
                continue
            }
            ingredients.append(MenuDraft.Ingredient(fruit: fruit, quantity: quantity, location: reader.location(of: pair.key)))
        }
        if isValid && ingredients.isEmpty {
            reader.error(.emptyRecipe, "recipe '\(id)' uses no fruit", at: recipeKey)
            return nil
        }
        return isValid ? ingredients : nil
    }
}
