internal import MarkedYAML

/// Reads one menu file's root node into a ``MenuFile``, reporting what the
/// format does not allow.
///
/// A large menu's fruits and recipes are read entry by entry as the file is
/// composed (``read(_:section:)``, with ``sections``), so that its nodes are
/// never all held at once; ``parse(_:)`` then reads the rest of the root.
struct MenuParser: SectionReading {
    private var reader: NodeReader
    /// The fruits and recipes read so far.
    private var file = MenuFile()
    /// How many of the `fruits` and the `recipes` mapping's entries that
    /// ``read(_:section:)`` was given the document still shows: those
    /// whose keys it did not keep, the first ones of each mapping.
    private var entriesShown = [0, 0]

    /// The root keys whose entries ``read(_:section:)`` takes, in its
    /// `section` numbering.
    static let sections = ["fruits", "recipes"]

    init(file: String) {
        reader = NodeReader(file: file)
    }

    /// Makes room at once for the recipes of a menu of `bytes` bytes.
    mutating func expect(bytes: Int) {
        file.recipes.reserveCapacity(forTextOf: bytes)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    /// Reads one entry of the root's `fruits` (section 0) or `recipes`
    /// (section 1) mapping, in the mapping's order, before ``parse(_:)``.
    ///
    /// - Returns: the entry's position among the fruits or the recipes, by
    ///   which ``withKey(_:section:_:)`` finds its key. An entry's id is its
    ///   key's text byte for byte (libyaml hands over valid UTF-8 only,
    ///   which a `String` keeps as it is), unless the recipes' table is too
    ///   full to hold it.
    mutating func read(_ pair: Pair, section: Int) -> Int? {
        let kept: Int?
        if section == 0 {
            let entry = fruitEntry(pair)
            entry.map { file.fruits.append($0) }
            kept = entry == nil ? nil : file.fruits.count - 1
        } else {
            let isRead = readRecipeEntry(pair)
            kept = isRead && file.recipes.table.firstLeftOut == nil ? file.recipes.count - 1 : nil
        }
        if kept == nil { entriesShown[section] += 1 }
        return kept
    }

    /// Calls `body` with the id and the key's place of fruit (section 0)
    /// or recipe (section 1) `key` of those read.
    func withKey<Result>(_ key: Int, section: Int, _ body: (UnsafeBufferPointer<UInt8>, Mark) -> Result) -> Result {
        if section == 0 {
            let entry = file.fruits[key]
            var id = entry.id
            return id.withUTF8 { body($0, Mark(line: entry.location.line, column: entry.location.column)) }
        }
        let location = file.recipes.location(at: key)
        return file.recipes.table.withID(at: key) { body($0, Mark(line: location.line, column: location.column)) }
    }

    /// Reads the root, but for the entries ``read(_:section:)`` was given.
    mutating func parse(_ root: Node) -> MenuFile {
        guard let pairs = reader.mapping(root, for: Message(.aMenu)) else { return file }
        // Without any key of a menu (`dayStarts` is a manifest's too), a
        // manifest's `stores` says what the file is.
        if !pairs.contains(where: { pair in
            pair.key.scalar.map { Schema.menuKeys.contains($0.text) && $0.text != "dayStarts" } ?? false
        }),
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
                parseFruits(pair.value)
            case "recipes":
                parseRecipes(pair.value)
            case "extends":
                file.parents = parseParents(pair.value)
            case "suppliers":
                parseSuppliers(pair.value)
            case "dayStarts":
                file.dayStarts = reader.dayStarts(pair.value)
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

    /// The `fruits` mapping's entries after those read already.
    private mutating func parseFruits(_ node: Node) {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "fruits")) else { return }
        for pair in pairs.dropFirst(entriesShown[0]) {
            fruitEntry(pair).map { file.fruits.append($0) }
        }
    }

    private mutating func fruitEntry(_ pair: Pair) -> MenuFile.Entry<Fruit>? {
        // An entry with an invalid id is still read and declared (the menu
        // is invalid anyway), so that its other problems are reported and
        // its users are not also reported as naming an unknown fruit.
        guard let id = reader.id(pair, kind: Message(.fruitWord))?.text else { return nil }
        let fruit = pair.value.isNull ? nil : parseFruit(id: id, pair.value)
        return MenuFile.Entry(id: id, value: fruit, location: reader.location(of: pair.key))
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
        var supply = FruitSupply()
        var reorderNode: Node?
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
            } else if pair.key.isScalar("par") {
                supply.par = reader.count(pair.value, in: Schema.stockRange, for: Message(.parOfFruit, "\(id)"))
            } else if pair.key.isScalar("reorder") {
                supply.reorder = reader.count(
                    pair.value, in: Schema.stockRange, for: Message(.reorderOfFruit, "\(id)"))
                reorderNode = pair.value
            } else if pair.key.isScalar("pack") {
                supply.pack = reader.count(pair.value, in: Schema.packRange, for: Message(.packOfFruit, "\(id)"))
            } else if pair.key.isScalar("supplier") {
                supply.supplier = supplier(of: id, pair.value)
            } else if pair.key.isScalar("shelfLife") {
                fruit.shelfLife = reader.count(
                    pair.value, in: Schema.shelfLifeRange, for: Message(.shelfLifeOfFruit, "\(id)"))
            } else if let key = reader.key(pair) {
                reader.otherKey(key, at: pair.key, in: Message(.fruitNamed, "\(id)"), known: Schema.fruitKeys)
            }
        }
        if let reorder = supply.reorder, let reorderNode {
            if let par = supply.par, reorder > par {
                reader.report(
                    Schema.reorderAbovePar(id, reorder: reorder, par: par, at: reader.location(of: reorderNode)))
            } else if supply.par == nil, !pairs.contains(where: { $0.key.isScalar("par") }) {
                reader.report(Schema.reorderWithoutPar(id, at: reader.location(of: reorderNode)))
            }
        }
        if supply != FruitSupply() { fruit.supply = supply }
        return fruit
    }

    /// A fruit's `supplier`: an id, checked against the menu's suppliers
    /// once the menu is merged; its place is kept for that check.
    private mutating func supplier(of fruit: String, _ node: Node) -> String? {
        guard let text = node.scalar?.text, !node.isNull else {
            reader.error(
                .typeMismatch, Message(.supplierMustBeID, "\(fruit)", .message(Message(kindOf: node))), at: node)
            return nil
        }
        file.supplierPlaces[fruit] = reader.location(of: node)
        return text
    }

    /// The `suppliers` mapping: each supplier's id, and its `name`,
    /// `minimum`, `leadDays` and `every`, or `~` to remove a parent's.
    private mutating func parseSuppliers(_ node: Node) {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "suppliers")) else { return }
        for pair in pairs {
            guard let id = reader.id(pair, kind: Message(.supplierWord))?.text else { continue }
            var supplier: Supplier?
            if !pair.value.isNull {
                var read = Supplier(id: id)
                if let fields = reader.mapping(pair.value, for: Message(.supplierNamed, "\(id)")) {
                    for field in fields {
                        if field.key.isScalar("name") {
                            read.name = reader.displayName(field.value, for: Message(.supplierNamed, "\(id)"))
                        } else if field.key.isScalar("minimum") {
                            read.minimum =
                                reader.count(
                                    field.value, in: Schema.stockRange, for: Message(.minimumOfSupplier, "\(id)"))
                                ?? 0
                        } else if field.key.isScalar("leadDays") {
                            read.leadDays =
                                reader.count(
                                    field.value, in: Schema.leadDaysRange, for: Message(.leadDaysOfSupplier, "\(id)"))
                                ?? Supplier.defaultLeadDays
                        } else if field.key.isScalar("every") {
                            read.every =
                                reader.count(
                                    field.value, in: Schema.everyRange, for: Message(.everyOfSupplier, "\(id)"))
                                ?? Supplier.defaultEvery
                        } else if let key = reader.key(field) {
                            reader.otherKey(
                                key, at: field.key, in: Message(.supplierNamed, "\(id)"), known: Schema.supplierKeys)
                        }
                    }
                }
                supplier = read
            }
            file.suppliers.append(MenuFile.Entry(id: id, value: supplier, location: reader.location(of: pair.key)))
        }
    }

    /// The `recipes` mapping's entries after those read already.
    private mutating func parseRecipes(_ node: Node) {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "recipes")) else { return }
        for pair in pairs.dropFirst(entriesShown[1]) {
            readRecipeEntry(pair)
        }
    }

    /// Reads a recipe entry.
    ///
    /// - Returns: whether an entry was added: not when its key is not a scalar.
    @discardableResult
    private mutating func readRecipeEntry(_ pair: Pair) -> Bool {
        // As with fruits, an entry with an invalid id is still read.
        guard let id = reader.id(pair, kind: Message(.recipeWord))?.text else { return false }
        file.recipes.append(id: id, at: reader.location(of: pair.key), removes: pair.value.isNull)
        if !pair.value.isNull { readRecipe(id: id, pair) }
        return true
    }

    /// Reads into the recipe added last its long form (a mapping with
    /// `uses`) or its shorthand (a mapping of fruit to quantity).
    private mutating func readRecipe(id: String, _ entry: Pair) {
        guard let pairs = reader.mapping(entry.value, for: Message(.recipeNamed, "\(id)")) else { return }
        // `name` or `price` without `uses` is a long form that lacks it.
        guard
            let longFormKey = pairs.first(where: {
                $0.key.isScalar("uses") || $0.key.isScalar("name") || $0.key.isScalar("price")
            })
        else {
            readIngredients(pairs, id: id, recipeKey: entry.key)
            return
        }
        var hasUses = false
        for pair in pairs {
            if pair.key.isScalar("uses") {
                hasUses = true
                if let ingredients = reader.mapping(pair.value, for: Message(.usesOfRecipe, "\(id)")) {
                    readIngredients(ingredients, id: id, recipeKey: entry.key)
                }
            } else if pair.key.isScalar("name") {
                let isNamed = reader.readDisplayName(pair.value, for: Message(.recipeNamed, "\(id)")) {
                    file.recipes.appendTranslation(locale: $0, text: $1)
                }
                if isNamed { file.recipes.markNamed() }
            } else if pair.key.isScalar("price") {
                file.recipes.setPrice(
                    reader.count(pair.value, in: Schema.moneyRange, for: Message(.priceOfRecipe, "\(id)")))
            } else if let key = reader.key(pair) {
                reader.otherKey(key, at: pair.key, in: Message(.recipeNamed, "\(id)"), known: Schema.recipeKeys)
            }
        }
        if !hasUses {
            let key = longFormKey.key.scalar?.text ?? "name"
            reader.error(
                .missingKey, Message(.recipeWithoutUses, "\(id)", "\(key)"), at: pairs.first?.key ?? entry.value)
        }
    }

    /// Reads fruit-to-quantity pairs into the recipe added last, reporting a
    /// recipe that has none (and no invalid one) as empty.
    private mutating func readIngredients(_ pairs: Node.Pairs, id: String, recipeKey: Node) {
        var sawInvalid = false
        var sawIngredient = false
        for pair in pairs {
            guard let fruit = reader.key(pair) else {
                sawInvalid = true
                continue
            }
            guard !Schema.isExtensionKey(fruit) else { continue }
            if let overlong = Schema.overlongID(fruit, kind: Message(.fruitWord), at: reader.location(of: pair.key)) {
                reader.report(overlong)
                file.recipes.appendInvalidMention(fruit)
                sawInvalid = true
                continue
            }
            guard
                let quantity = reader.count(
                    pair.value, in: Schema.quantityRange, for: Message(.quantityInRecipe, "\(fruit)", "\(id)"))
            else {
                file.recipes.appendInvalidMention(fruit)
                sawInvalid = true
                continue
            }
            let mark = pair.key.mark
            file.recipes.appendIngredient(fruit: fruit, quantity: quantity, line: mark.line, column: mark.column)
            sawIngredient = true
        }
        if !sawInvalid && !sawIngredient {
            reader.report(Schema.emptyRecipe(id, at: reader.location(of: recipeKey)))
        }
    }
}
