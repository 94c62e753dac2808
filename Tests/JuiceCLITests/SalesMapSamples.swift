/// Sales maps for ``SchemaDifferentialTests/salesMaps()``, against the
/// base menu (``SchemaFixtures/baseMenu``: fruits `apple` and `pear`,
/// recipes `apple` and `pearApple`): valid ones, and each mutation with
/// who refuses it.
enum SalesMapSamples {
    /// The valid maps.
    static let valid: [YAMLTree] = [
        .map([
            ("items", .map([("Apple Juice", .scalar("apple")), ("\"Pear Apple | Large\"", long("pearApple", "2"))])),
            ("modifiers", .map([("Extra Apple", .map([("apple", .scalar("1"))])), ("Shot", recipe("apple"))])),
            ("ignore", .seq([.scalar("Americano"), .scalar("Straw")])),
        ]),
        .map([("items", .map([("사과 주스", .scalar("apple")), ("2024", long("apple", "007"))]))]),
        .map([("ignore", .seq([.scalar("true"), .scalar("12"), .scalar("\"Hot Tea\"")])), ("x-note", .scalar("mine"))]),
        .map([
            ("modifiers", .map([("Both", .map([("apple", .scalar("2")), ("pear", .scalar("1000000000"))]))])),
            ("items", .map([("Pear", .map([("recipe", .scalar("pearApple")), ("x-till", .scalar("42"))]))])),
        ]),
    ]

    /// Each mutation: the map, what it breaks, who refuses it.
    static let mutated: [(YAMLTree, String, SchemaSample.Catcher)] = [
        (items([("Apple", .seq([.scalar("apple")]))]), "an item that is a sequence", .both),
        (items([("Apple", long("apple", "0"))]), "servings 0", .both),
        (items([("Apple", long("apple", "1000000001"))]), "servings past the limit", .both),
        (items([("Apple", long("apple", "abc"))]), "servings that are text", .both),
        (
            items([("Apple", .map([("recipe", .scalar("apple")), ("size", .scalar("2"))]))]), "an unknown item key",
            .both
        ),
        (items([("Apple", .map([("servings", .scalar("2"))]))]), "an item without recipe", .both),
        (items([("Apple", .scalar("\"Apple Juice\""))]), "a recipe id that breaks the id rule", .both),
        (items([("Apple", .scalar("~"))]), "a null item", .both),
        (modifiers([("Extra", .map([]))]), "a modifier that adds nothing", .both),
        (modifiers([("Extra", .map([("apple", .scalar("0"))]))]), "a fruit amount of 0", .both),
        (modifiers([("Extra", .map([("2apple", .scalar("1"))]))]), "a fruit id that breaks the id rule", .both),
        (
            modifiers([("Shot", .map([("recipe", .scalar("apple")), ("servings", .scalar("2"))]))]),
            "a recipe modifier with servings", .both
        ),
        (modifiers([("Shot", .scalar("apple"))]), "a modifier that is a scalar", .both),
        (.map([("ignore", .scalar("Straw"))]), "ignore that is no list", .both),
        (.map([("ignore", .seq([.scalar("~")]))]), "a null name in ignore", .both),
        (.map([("items", .map([("A", .scalar("apple"))])), ("itms", .scalar("1"))]), "an unknown section", .both),
        (items([("Apple", .scalar("aple"))]), "a recipe the menu lacks", .juiceOnly),
        (modifiers([("Shot", recipe("pearAple"))]), "a modifier's recipe the menu lacks", .juiceOnly),
        (modifiers([("Extra", .map([("kiwi", .scalar("1"))]))]), "a fruit the menu lacks", .juiceOnly),
        (items([("Apple", long("apple", "2.0"))]), "servings 2.0", .juiceOnly),
        (items([("Apple", .scalar("apple")), ("Apple", .scalar("pearApple"))]), "an item named twice", .juiceOnly),
        (
            .map([("items", .map([("Apple", .scalar("apple"))])), ("ignore", .seq([.scalar("Apple")]))]),
            "a name mapped and ignored", .juiceOnly
        ),
        (.map([("ignore", .seq([.scalar("Straw"), .scalar("Straw")]))]), "a name ignored twice", .juiceOnly),
    ]

    /// Every sample: the valid maps, then the mutated ones.
    static var all: [SchemaSample] {
        valid.enumerated().map { SchemaSample(file: "map-\($0.offset).yaml", tree: $0.element) }
            + mutated.enumerated().map {
                SchemaSample(
                    file: "mutated-\($0.offset).yaml", tree: $0.element.0, mutation: $0.element.1,
                    catcher: $0.element.2)
            }
    }

    private static func long(_ recipe: String, _ servings: String) -> YAMLTree {
        .map([("recipe", .scalar(recipe)), ("servings", .scalar(servings))])
    }

    private static func recipe(_ id: String) -> YAMLTree {
        .map([("recipe", .scalar(id))])
    }

    private static func items(_ pairs: [(key: String, value: YAMLTree)]) -> YAMLTree {
        .map([("items", .map(pairs))])
    }

    private static func modifiers(_ pairs: [(key: String, value: YAMLTree)]) -> YAMLTree {
        .map([("modifiers", .map(pairs))])
    }
}
