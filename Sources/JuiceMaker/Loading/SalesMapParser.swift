internal import MarkedYAML

/// Reads a sales map's root node (SPEC 17's `recipes/sales.yaml`) into a
/// ``SalesMapFile``: its form checked here, its recipe and fruit ids kept
/// with their places, for ``SalesMapFile/diagnostics(against:)`` to check
/// against a store's menu.
///
/// ```yaml
/// items:
///   Banana Juice: banana
///   "Mango Kiwi | Large": { recipe: mangoKiwi, servings: 2 }
/// modifiers:
///   Extra Banana: { banana: 1 }
///   Strawberry Shot: { recipe: strawberry }
/// ignore: [Americano, Straw]
/// ```
struct SalesMapParser {
    private var reader: NodeReader
    private var file = SalesMapFile()
    /// Where each item's and modifier's name is, for the error of a name
    /// that is also ignored.
    private var mapped: [String: (section: String, location: SourceLocation)] = [:]

    init(path: String) {
        reader = NodeReader(file: path)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    /// Reads the root; `nil` (an empty file) is the empty map.
    mutating func parse(_ root: Node?) -> SalesMapFile {
        guard let root, !root.isNull, let pairs = reader.mapping(root, for: Message(.aSalesMap)) else { return file }
        // Without any key of a map, a menu's or a manifest's says what the file is.
        if !pairs.contains(where: { pair in pair.key.scalar.map { Schema.salesMapKeys.contains($0.text) } ?? false }),
            reader.isWrongKind(pairs, expected: Message(.aSalesMap), isOwnKey: { _ in false })
        {
            return file
        }
        var ignore: Node?
        for pair in pairs {
            guard let key = reader.key(pair) else { continue }
            switch key {
            case "items":
                parseItems(pair.value)
            case "modifiers":
                parseModifiers(pair.value)
            case "ignore":
                ignore = pair.value
            default:
                reader.otherKey(key, at: pair.key, in: Message(.theSalesMap), known: Schema.salesMapKeys)
            }
        }
        // Last, so that a name mapped anywhere in the file is known.
        if let ignore { parseIgnore(ignore) }
        return file
    }

    /// `items`: a name to a recipe id, or to `{recipe: ID, servings: N}`.
    private mutating func parseItems(_ node: Node) {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "items")) else { return }
        for pair in pairs {
            guard let name = reader.key(pair) else { continue }
            mapped[name] = ("items", reader.location(of: pair.key))
            let owner = SalesMapFile.Owner.item(name)
            if let scalar = pair.value.scalar, !pair.value.isNull {
                if let recipe = recipeID(scalar.text, at: pair.value) {
                    file.map.items[name] = SalesMap.Item(recipe: recipe)
                }
                continue
            }
            guard let fields = pair.value.pairs else {
                reader.error(
                    .typeMismatch, Message(.itemMustBeRecipe, "\(name)", .message(Message(kindOf: pair.value))),
                    at: pair.value)
                continue
            }
            var recipe: String?
            var hasRecipe = false
            var servings = 1
            var isValid = true
            for field in fields {
                guard let key = reader.key(field) else {
                    isValid = false
                    continue
                }
                switch key {
                case "recipe":
                    hasRecipe = true
                    recipe = recipeText(field.value, owner: owner)
                    isValid = isValid && recipe != nil
                case "servings":
                    if let count = reader.count(
                        field.value, in: Schema.servingsRange, for: Message(.servingsOfItem, "\(name)"))
                    {
                        servings = count
                    } else {
                        isValid = false
                    }
                default:
                    reader.otherKey(key, at: field.key, in: Message(.itemNamed, "\(name)"), known: Schema.salesItemKeys)
                }
            }
            guard hasRecipe else {
                reader.error(.missingKey, Message(.itemWithoutRecipe, "\(name)"), at: pair.value)
                continue
            }
            if isValid, let recipe { file.map.items[name] = SalesMap.Item(recipe: recipe, servings: servings) }
        }
    }

    /// `modifiers`: a name to the fruit it adds per unit, `{banana: 1}`, or
    /// to one more serving of a recipe, `{recipe: ID}`.
    private mutating func parseModifiers(_ node: Node) {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "modifiers")) else { return }
        for pair in pairs {
            guard let name = reader.key(pair) else { continue }
            mapped[name] = ("modifiers", reader.location(of: pair.key))
            guard let fields = reader.mapping(pair.value, for: Message(.modifierNamed, "\(name)")) else { continue }
            if fields.contains(where: { $0.key.isScalar("recipe") }) {
                var recipe: String?
                for field in fields {
                    guard let key = reader.key(field) else { continue }
                    if key == "recipe" {
                        recipe = recipeText(field.value, owner: .modifier(name))
                    } else {
                        reader.otherKey(
                            key, at: field.key, in: Message(.modifierNamed, "\(name)"),
                            known: Schema.salesRecipeModifierKeys)
                    }
                }
                if let recipe { file.map.modifiers[name] = .recipe(recipe) }
                continue
            }
            guard !fields.isEmpty else {
                reader.error(.missingKey, Message(.modifierAddsNothing, "\(name)"), at: pair.value)
                continue
            }
            var fruits: [String: Int] = [:]
            var isValid = true
            for field in fields {
                guard let fruit = reader.id(field, kind: Message(.fruitWord)) else {
                    isValid = false
                    continue
                }
                isValid = isValid && fruit.isValid
                if fruit.isValid {
                    file.references.append(
                        .init(kind: .fruit, id: fruit.text, location: reader.location(of: field.key)))
                }
                if let amount = reader.count(
                    field.value, in: Schema.quantityRange,
                    for: Message(.amountInModifier, "\(fruit.text)", "\(name)"))
                {
                    fruits[fruit.text] = amount
                } else {
                    isValid = false
                }
            }
            if isValid { file.map.modifiers[name] = .fruits(fruits) }
        }
    }

    /// `ignore`: a list of names that use no fruit.
    private mutating func parseIgnore(_ node: Node) {
        guard let items = node.items else {
            reader.error(.typeMismatch, Message(.ignoreMustBeNames, .message(Message(kindOf: node))), at: node)
            return
        }
        var first: [String: SourceLocation] = [:]
        for item in items {
            guard let scalar = item.scalar, !item.isNull else {
                reader.error(.typeMismatch, Message(.ignoredNameMustBeText, .message(Message(kindOf: item))), at: item)
                continue
            }
            let name = scalar.text
            let location = reader.location(of: item)
            if let earlier = first[name] {
                reader.report(
                    .error(
                        .duplicateKey, Message(.appearsTwice, .message(Message(.keyNamed, "\(name)"))), at: location,
                        notes: [.init(Message(.firstOccurrence), at: earlier)]))
                continue
            }
            first[name] = location
            if let mapping = mapped[name] {
                reader.report(
                    .error(
                        .duplicateKey, Message(.mappedAndIgnored, "\(name)", "\(mapping.section)"), at: location,
                        notes: [.init(Message(.mappedHere, "\(name)"), at: mapping.location)]))
                continue
            }
            file.map.ignored.insert(name)
        }
    }

    /// A recipe id written as `recipe:`'s value: a scalar that is no
    /// collection and not null.
    private mutating func recipeText(_ node: Node, owner: SalesMapFile.Owner) -> String? {
        guard let scalar = node.scalar, !node.isNull else {
            reader.error(
                .typeMismatch, Message(.recipeMustBeID, .message(owner.message), .message(Message(kindOf: node))),
                at: node)
            return nil
        }
        return recipeID(scalar.text, at: node)
    }

    /// `text` as a recipe id: kept, with its place, when it follows the id
    /// rule, else an `invalid-id` (or `limit`) error.
    private mutating func recipeID(_ text: String, at node: Node) -> String? {
        let location = reader.location(of: node)
        if let problem = Schema.idProblem(text, kind: Message(.recipeWord), at: location) {
            reader.report(problem)
            return nil
        }
        file.references.append(.init(kind: .recipe, id: text, location: location))
        return text
    }
}
