import SeededRandom

/// A generated file for ``SchemaDifferentialTests``: valid, or one mutation
/// away from a valid file, with who is meant to refuse the mutation.
struct SchemaSample: Sendable {
    /// Who refuses a mutated file: both the schema and `juice validate`,
    /// or only juice (a rule the schema says in a description).
    enum Catcher: String, Sendable {
        case both
        case juiceOnly = "juice only"
    }

    var file: String
    var tree: YAMLTree
    /// What the mutation did; `nil` for a valid file.
    var mutation: String?
    var catcher: Catcher?
}

/// The fixed files the samples name: a valid parent menu, a valid inventory.
enum SchemaFixtures {
    /// `base.yaml`: the menu generated menus extend, the menu of every
    /// inventory and manifest.
    static let baseMenu = """
        fruits:
          apple: { name: Apple, stock: 5 }
          pear: 4
        recipes:
          apple: { apple: 2 }
          pearApple: { uses: { pear: 1, apple: 1 }, price: 3000 }
        suppliers:
          farm: { name: Farm, minimum: 2 }

        """
    static let baseFruits = ["apple", "pear"]
    /// `inventory-ok.yaml`: a valid inventory of the base menu.
    static let inventory = "apple: 3\npear: 0\n"
}

/// Generates menus, inventories and manifests from a seed: valid ones, and
/// each one mutated once (a wrong type, a number out of range, an unknown
/// key, a bad id, a broken shorthand, a missing key, or a rule only juice
/// checks).
struct SchemaSampler {
    var random: SplitMix64

    // Ids that YAML 1.1 or 1.2 would read as something else when they are
    // values (`on`, `Yes`, `true`, `null`) are among them on purpose.
    static let fruitIDs = [
        "kiwi", "mango", "banana", "strawberry", "peach", "lime", "on", "Yes", "x", "X-ray", "a_b-9",
    ]
    static let recipeIDs = ["kiwi", "mangoKiwi", "bananaShake", "morning-mix", "Z9", "no", "x", "null"]
    static let supplierIDs = ["fresh", "farmCo", "true"]

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &random) < percent
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &random)]
    }

    private mutating func number(_ range: ClosedRange<Int>) -> YAMLTree {
        let value = Int.random(in: range, using: &random)
        // Leading zeros are decimal to juice and to YAML 1.2.
        return .scalar(chance(10) ? "00\(value)" : "\(value)")
    }

    private mutating func name() -> YAMLTree {
        pick([
            .scalar("Kiwi Juice"), .map([("en", .scalar("Kiwi")), ("ko", .scalar("키위"))]), .scalar("\"Quoted\""),
            .scalar("2024"), .scalar("true"), .map([]), .scalar("''"), .map([("en", .scalar("12"))]),
        ])
    }

    // MARK: Menus

    /// A valid menu.
    mutating func menu() -> YAMLTree {
        var root: [(key: String, value: YAMLTree)] = []
        let extends = chance(30)
        if extends {
            root.append(("extends", chance(50) ? .scalar("base.yaml") : .seq([.scalar("base.yaml")])))
        }
        var suppliers: [String] = extends ? ["farm"] : []
        if chance(40) {
            var entries: [(key: String, value: YAMLTree)] = []
            for id in Self.supplierIDs.shuffled(using: &random).prefix(Int.random(in: 1...2, using: &random)) {
                var fields: [(key: String, value: YAMLTree)] = []
                if chance(70) { fields.append(("name", name())) }
                if chance(50) { fields.append(("minimum", number(0...5))) }
                if chance(30) { fields.append(("leadDays", number(0...365))) }
                if chance(30) { fields.append(("every", number(1...365))) }
                entries.append((id, .map(fields)))
                suppliers.append(id)
            }
            root.append(("suppliers", .map(entries)))
        }
        let fruitIDs = Array(Self.fruitIDs.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)))
        let omitsFruits = extends && chance(20)
        if !omitsFruits {
            root.append(("fruits", .map(fruitIDs.map { ($0, fruit(suppliers: suppliers)) })))
        }
        let usable = (omitsFruits ? [] : fruitIDs) + (extends ? SchemaFixtures.baseFruits : [])
        if !(extends && !omitsFruits && chance(20)) {
            var recipes: [(key: String, value: YAMLTree)] = []
            for id in Self.recipeIDs.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)) {
                recipes.append((id, recipe(using: usable)))
            }
            if extends && chance(30) { recipes.append(("apple", .scalar("~"))) }
            root.append(("recipes", .map(recipes)))
        }
        if chance(20) { root.append(("x-owner", .scalar("Kim"))) }
        return .map(root.shuffled(using: &random))
    }

    private mutating func fruit(suppliers: [String]) -> YAMLTree {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            return number(0...1_000_000_000)
        case 1:
            var fields: [(key: String, value: YAMLTree)] = [("name", name())]
            if chance(70) { fields.append(("stock", number(0...50))) }
            if chance(30) { fields.append(("cost", number(0...5000))) }
            if chance(30) { fields.append(("shelfLife", number(1...3650))) }
            return .map(fields)
        case 2:
            let par = Int.random(in: 0...50, using: &random)
            var fields: [(key: String, value: YAMLTree)] = [("stock", number(0...20)), ("par", .scalar("\(par)"))]
            if chance(50) { fields.append(("reorder", number(0...par))) }
            if chance(50) { fields.append(("pack", number(1...12))) }
            if !suppliers.isEmpty, chance(70) { fields.append(("supplier", .scalar(pick(suppliers)))) }
            if chance(20) { fields.append(("x-note", .scalar("from the market"))) }
            return .map(fields.shuffled(using: &random))
        default:
            return .map([])
        }
    }

    private mutating func recipe(using fruits: [String]) -> YAMLTree {
        let uses = YAMLTree.map(
            fruits.shuffled(using: &random).prefix(Int.random(in: 1...min(3, fruits.count), using: &random)).map {
                ($0, number(1...20))
            } + (chance(10) ? [("x-note", .scalar("fresh"))] : []))
        guard chance(50) else { return uses }
        var fields: [(key: String, value: YAMLTree)] = [("uses", uses)]
        if chance(70) { fields.append(("name", name())) }
        if chance(40) { fields.append(("price", number(0...9000))) }
        if chance(10) { fields.append(("x-season", .scalar("summer"))) }
        return .map(fields.shuffled(using: &random))
    }

    /// `menu` with one mutation, or `nil` when the mutation drawn does not
    /// apply to it (the caller draws again).
    mutating func mutate(menu: YAMLTree) -> (YAMLTree, String, SchemaSample.Catcher)? {
        var tree = menu
        let extends = tree[["extends"]] != nil
        let fruits = tree[["fruits"]]?.pairs ?? []
        let recipes = (tree[["recipes"]]?.pairs ?? []).filter { $0.value.pairs.count > 0 }
        let fruitMaps = fruits.filter { if case .map = $0.value { return true } else { return false } }
        let longForms = recipes.filter { $0.value[["uses"]] != nil }
        switch Int.random(in: 0..<17, using: &random) {
        case 0:
            guard let fruit = fruitMaps.first else { return nil }
            tree[["fruits", fruit.key, "stock"]] = pick([.scalar("ten"), .scalar("\"5\""), .seq([.scalar("5")])])
            return (tree, "stock of the wrong type", .both)
        case 1:
            guard let recipe = recipes.first else { return nil }
            let path = recipe.value[["uses"]] == nil ? ["recipes", recipe.key] : ["recipes", recipe.key, "uses"]
            guard let fruit = tree[path]?.pairs.first(where: { !$0.key.hasPrefix("x-") }) else { return nil }
            tree[path + [fruit.key]] = pick([.scalar("0"), .scalar("-1"), .scalar("1000000001")])
            return (tree, "quantity out of range", .both)
        case 2:
            guard let fruit = fruits.first else { return nil }
            tree[["fruits", fruit.key]] = .map([
                ("stock", .scalar("1000000001")), ("pack", .scalar(chance(50) ? "0" : "1")),
                ("shelfLife", .scalar(pick(["0", "1", "3651"]))),
            ])
            return (tree, "stock out of range", .both)
        case 3:
            let owners: [[String]] =
                [[]] + fruitMaps.map { ["fruits", $0.key] } + longForms.map { ["recipes", $0.key] }
            let owner = pick(owners)
            tree[owner + ["colour"]] = .scalar("red")
            return (tree, "unknown key", .both)
        case 4:
            guard let fruit = fruits.first else { return nil }
            let bad = pick(["1\(fruit.key)", "x-\(fruit.key)", "\(fruit.key) juice", "키위", "_\(fruit.key)"])
            tree[["fruits"]] = .map(fruits.map { ($0.key == fruit.key ? bad : $0.key, $0.value) })
            return (tree, "fruit id breaks the id rule", .both)
        case 5:
            guard !extends else { return nil }
            tree[[pick(["fruits", "recipes"])]] = nil
            return (tree, "fruits or recipes missing", .both)
        case 6:
            guard let recipe = recipes.first else { return nil }
            tree[["recipes", recipe.key]] = pick([
                .scalar("3"), .seq([.scalar("kiwi")]), .map([("name", .scalar("Kiwi Juice"))]),
                .map(recipe.value.pairs.filter { $0.key != "uses" } + [("price", .scalar("3"))]),
                .map([("uses", .scalar("3"))]), .map([]), .map([("x-note", .scalar("soon"))]),
            ])
            return (tree, "recipe shorthand gone wrong", .both)
        case 7:
            guard let fruit = fruitMaps.first(where: { $0.value[["par"]] == nil }) else { return nil }
            tree[["fruits", fruit.key, "reorder"]] = .scalar("3")
            return (tree, "reorder without par", .both)
        case 8:
            tree[["extends"]] = pick([
                .map([("path", .scalar("base.yaml"))]), .scalar("~"), .seq([.seq([.scalar("base.yaml")])]),
                .scalar("''"),
            ])
            return (tree, "extends of the wrong type", .both)
        case 9:
            guard let fruit = fruitMaps.first else { return nil }
            tree[["fruits", fruit.key, "name"]] = pick([
                .scalar("~"), .seq([.scalar("a")]), .map([("en", .scalar("~"))]),
                .map([("en", .seq([.scalar("a")]))]),
            ])
            return (tree, "name of the wrong type", .both)
        case 10:
            tree[[pick(["fruits", "recipes", "suppliers"])]] = pick([.seq([.scalar("kiwi")]), .scalar("3")])
            return (tree, "section not a mapping", .both)
        case 11:
            guard let recipe = recipes.first else { return nil }
            let path = recipe.value[["uses"]] == nil ? ["recipes", recipe.key] : ["recipes", recipe.key, "uses"]
            tree[path + ["grape"]] = .scalar("1")
            return (tree, "unknown fruit in a recipe", .juiceOnly)
        case 12:
            guard let fruit = fruitMaps.first(where: { $0.value[["par"]] != nil }),
                case .scalar(let par)? = fruit.value[["par"]], let value = Int(par)
            else { return nil }
            tree[["fruits", fruit.key, "reorder"]] = .scalar("\(value + 1)")
            return (tree, "reorder above par", .juiceOnly)
        case 13:
            guard let fruit = fruits.first else { return nil }
            tree[["fruits"]] = .map(fruits + [fruit])
            return (tree, "duplicate key", .juiceOnly)
        case 14:
            guard let fruit = fruitMaps.first else { return nil }
            tree[["fruits", fruit.key, "supplier"]] = .scalar("nobody")
            return (tree, "unknown supplier", .juiceOnly)
        case 15:
            guard let recipe = recipes.first else { return nil }
            let path = recipe.value[["uses"]] == nil ? ["recipes", recipe.key] : ["recipes", recipe.key, "uses"]
            guard let fruit = tree[path]?.pairs.first(where: { !$0.key.hasPrefix("x-") }) else { return nil }
            tree[path + [fruit.key]] = .scalar(pick(["2.0", "0x10", "+2", "0o7", "1e2"]))
            return (tree, "quantity not in plain digits", .juiceOnly)
        default:
            guard extends else { return nil }
            tree[["extends"]] = .scalar("nothere.yaml")
            return (tree, "missing parent", .juiceOnly)
        }
    }

    // MARK: Inventories

    /// A valid inventory of the base menu.
    mutating func inventory() -> YAMLTree {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .scalar("~")
        case 1: return .map([])
        default:
            return .map(
                SchemaFixtures.baseFruits.filter { _ in chance(70) }.map {
                    ($0, chance(30) ? lots() : number(0...1_000_000_000))
                })
        }
    }

    /// A fruit's valid lots: dated, undated, or a plain count.
    private mutating func lots() -> YAMLTree {
        .seq(
            (0..<Int.random(in: 0...3, using: &random)).map { _ in
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    .map([("count", number(0...1000)), ("bestBefore", .scalar(pick(["2026-12-01", "2027-02-28"])))])
                case 1: .map([("count", number(0...1000))])
                default: number(0...1000)
                }
            })
    }

    mutating func mutate(inventory: YAMLTree) -> (YAMLTree, String, SchemaSample.Catcher) {
        var pairs = inventory.pairs
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            pairs.append(
                (
                    "apple",
                    pick([
                        .scalar("-1"), .scalar("ten"), .scalar("\"3\""), .seq([.scalar("-1")]),
                        .seq([.map([("bestBefore", .scalar("2026-12-01"))])]),
                        .seq([.map([("count", .scalar("1")), ("bestBefore", .scalar("1 December"))])]),
                        .scalar("1000000001"), .scalar("~"),
                    ])
                ))
            return (.map(pairs), "count of the wrong type or range", .both)
        case 1:
            pairs.append((pick(["x-note", "apple pie", "1pear"]), .scalar("1")))
            return (.map(pairs), "key that is no fruit id", .both)
        case 2:
            return (pick([.seq([.scalar("apple")]), .scalar("apple")]), "not a mapping", .both)
        case 3:
            pairs.append(("grape", .scalar("3")))
            return (.map(pairs), "unknown fruit", .juiceOnly)
        case 4:
            pairs.append(("apple", .scalar(pick(["2.0", "0x10", "+2"]))))
            return (.map(pairs), "count not in plain digits", .juiceOnly)
        default:
            pairs.append(("apple", .seq([.map([("count", .scalar("1")), ("bestBefore", .scalar("2026-02-30"))])])))
            return (.map(pairs), "a best-before that is no day", .juiceOnly)
        }
    }

    // MARK: Manifests

    /// A valid manifest of stores on the base menu.
    mutating func manifest() -> YAMLTree {
        var stores: [(key: String, value: YAMLTree)] = []
        for id in ["gangnam", "hongdae", "x", "Z-9"].shuffled(using: &random).prefix(
            Int.random(in: 1...3, using: &random))
        {
            var fields: [(key: String, value: YAMLTree)] = [("menu", .scalar("base.yaml"))]
            if chance(50) { fields.append(("inventory", .scalar("inventory-ok.yaml"))) }
            if chance(20) { fields.append(("x-manager", .scalar("Lee"))) }
            stores.append((id, .map(fields.shuffled(using: &random))))
        }
        var root: [(key: String, value: YAMLTree)] = [("stores", .map(stores))]
        if chance(30) { root.append(("x-chain", .scalar("Juice Maker"))) }
        return .map(root)
    }

    mutating func mutate(manifest: YAMLTree) -> (YAMLTree, String, SchemaSample.Catcher) {
        var tree = manifest
        let store = tree[["stores"]]?.pairs.first?.key ?? "gangnam"
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            tree[["stores"]] = nil
            return (tree, "stores missing", .both)
        case 1:
            tree[["stores", store, "menu"]] = nil
            return (tree, "store without menu", .both)
        case 2:
            tree[["stores", store, pick(["menu", "inventory"])]] = pick([.scalar("~"), .scalar("''"), .seq([])])
            return (tree, "path of the wrong type", .both)
        case 3:
            tree[["stores", store, "colour"]] = .scalar("red")
            return (tree, "unknown key", .both)
        case 4:
            tree[["stores"]] = .map([("1st", .map([("menu", .scalar("base.yaml"))]))])
            return (tree, "store name breaks the id rule", .both)
        case 5:
            tree[["stores", store, "menu"]] = .scalar("nothere.yaml")
            return (tree, "missing menu file", .juiceOnly)
        default:
            tree[["stores", store, "inventory"]] = .scalar("base.yaml")
            return (tree, "a menu named as an inventory", .juiceOnly)
        }
    }
}
