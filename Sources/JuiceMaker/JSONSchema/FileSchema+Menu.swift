/// The menu's schema: section 2 of the specification, with the prices and
/// costs of section 10 and the supply terms of section 13.
extension FileSchema {
    static var menuDocument: OrderedJSON {
        document(
            title: "Juice Maker menu",
            description: """
                A juice bar's menu: its fruits and its recipes (what one serving of each uses), and optionally \
                the menus it builds on (`extends`) and the fruits' suppliers. `fruits` and `recipes` are \
                required unless the menu extends another. Keys starting with `x-` are yours: juice ignores \
                them. Only `juice validate` checks what a schema cannot: that every fruit a recipe uses is \
                declared (here or in a menu this one extends), that `extends` names menus that exist and do \
                not extend each other in a loop, that a fruit's `supplier` is one of the `suppliers`, that \
                `reorder` is at most `par`, that no key appears twice in one mapping, and that numbers are \
                plain decimal digits; it also warns of a fruit that no recipe uses.
                """,
            [
                "type": "object",
                "properties": properties(
                    Schema.menuKeys,
                    [
                        "fruits": [
                            "description": """
                            The fruits: a mapping from fruit id to the fruit. In a menu that extends another, \
                            an entry replaces the parent's fruit of the same id whole, and `~` removes it. A \
                            fruit that no recipe uses is not an error; only `juice validate` warns of it \
                            (`unused-fruit`).
                            """,
                            "type": "object",
                            "propertyNames": ref("id"),
                            "additionalProperties": ref("fruit"),
                        ],
                        "recipes": [
                            "description": """
                            The recipes: a mapping from recipe id to the recipe (a recipe may share its id \
                            with a fruit). In a menu that extends another, an entry replaces the parent's \
                            recipe of the same id whole, and `~` removes it.
                            """,
                            "type": "object",
                            "propertyNames": ref("id"),
                            "additionalProperties": ref("recipe"),
                        ],
                        "extends": [
                            "description": """
                            The menus this one builds on: a path, or a list of paths, relative to this \
                            file's folder. They are merged first, in order, then this file on top. Only \
                            `juice validate` checks that each one exists and is a valid menu, and that no \
                            menus extend each other in a loop.
                            """,
                            "anyOf": [ref("path"), ["type": "array", "items": ref("path")]],
                        ],
                        "suppliers": [
                            "description": """
                            The suppliers the fruits are ordered from: a mapping from supplier id to the \
                            supplier. In a menu that extends another, `~` removes the parent's supplier.
                            """,
                            "type": "object",
                            "propertyNames": ref("id"),
                            "additionalProperties": ref("supplier"),
                        ],
                        "dayStarts": dayStartsDefinition(
                            "for this menu's store (a menu that extends another keeps its `dayStarts` unless it sets its own; it wins over the stores manifest's)"
                        ),
                    ]),
                "patternProperties": extensionMembers,
                "additionalProperties": false,
                "if": ["not": ["required": ["extends"]]],
                "then": ["required": ["fruits", "recipes"]],
                "$defs": [
                    "fruit": fruitDefinition,
                    "recipe": recipeDefinition,
                    "recipeLongForm": recipeLongFormDefinition,
                    "ingredients": ingredientsDefinition,
                    "quantity": count(Schema.quantityRange, "How many of the fruit one serving uses."),
                    "supplier": supplierDefinition,
                    "name": nameDefinition,
                    "text": textDefinition,
                    "path": pathDefinition,
                    "id": idDefinition,
                ],
            ])
    }

    /// A fruit: its stock alone, or its mapping; `~` removes a parent's.
    private static var fruitDefinition: OrderedJSON {
        [
            "description": """
            A fruit: its initial stock alone (`kiwi: 10`), or a mapping with its `name`, `stock`, `cost`, \
            supply terms (`par`, `reorder`, `pack`, `supplier`) and `shelfLife`. `~` removes the fruit of a menu this one \
            extends. A stock is a whole number from \(Schema.stockRange.lowerBound) to \
            \(Schema.stockRange.upperBound), in plain decimal digits.
            """,
            "type": ["integer", "object", "null"],
            "minimum": .integer(Schema.stockRange.lowerBound),
            "maximum": .integer(Schema.stockRange.upperBound),
            "properties": properties(
                Schema.fruitKeys,
                [
                    "name": ref("name"),
                    "stock": count(
                        Schema.stockRange,
                        "The initial stock: what the fruit has when an inventory does not list it. Default 0."),
                    "cost": count(
                        Schema.moneyRange,
                        "What one fruit costs, in the smallest unit of the currency (for margins, orders and variance)."
                    ),
                    "par": count(
                        Schema.stockRange,
                        "The stock `juice order` orders up to. A fruit without `par` is not ordered."),
                    "reorder": count(
                        Schema.stockRange,
                        """
                        `juice order` orders the fruit when its stock is at or below this number; default \
                        `par - 1`. It needs `par`; only `juice validate` checks that it is at most `par`.
                        """),
                    "pack": count(
                        Schema.packRange,
                        "How many fruits come in one pack; orders are rounded up to whole packs. Default 1."),
                    "supplier": [
                        "description": """
                        The id of the supplier the fruit is ordered from, one of the menu's `suppliers` \
                        (which only `juice validate` checks). A plain `true` or `false` is read as that id.
                        """,
                        "type": ["string", "boolean"],
                        "pattern": .string(idPattern),
                        "maxLength": .integer(Schema.maximumIDLength),
                    ],
                    "shelfLife": count(
                        Schema.shelfLifeRange,
                        """
                        Days from receipt to best-before: a delivery adds a lot whose best-before is the business \
                        day plus this many days. A fruit without it keeps undated stock unless a delivery gives a date.
                        """),
                ]),
            "patternProperties": extensionMembers,
            "additionalProperties": false,
            "dependentRequired": ["reorder": ["par"]],
        ]
    }

    /// A recipe: the long form when its mapping has `uses`, `name` or
    /// `price`, else the shorthand; `~` removes a parent's.
    private static var recipeDefinition: OrderedJSON {
        [
            "description": """
            A recipe: the shorthand, a mapping from fruit id to the quantity one serving uses \
            (`{ kiwi: 3 }`), or the long form, a mapping with `uses` (that same mapping) and optionally \
            `name` and `price`. A mapping with `uses`, `name` or `price` is the long form, and then needs \
            `uses`. `~` removes the recipe of a menu this one extends.
            """,
            "type": ["object", "null"],
            "if": [
                "type": "object",
                "anyOf": [["required": ["uses"]], ["required": ["name"]], ["required": ["price"]]],
            ],
            "then": ref("recipeLongForm"),
            "else": ref("ingredients"),
        ]
    }

    private static var recipeLongFormDefinition: OrderedJSON {
        [
            "description": "A recipe's long form: what one serving uses, its display name and its price.",
            "type": "object",
            "required": ["uses"],
            "properties": properties(
                Schema.recipeKeys,
                [
                    "uses": [
                        "description": "What one serving uses: a mapping from fruit id to quantity.",
                        "type": "object",
                        "allOf": [ref("ingredients")],
                    ],
                    "name": ref("name"),
                    "price": count(
                        Schema.moneyRange,
                        "The price of one serving, in the smallest unit of the currency (for revenue and margins)."),
                ]),
            "patternProperties": extensionMembers,
            "additionalProperties": false,
        ]
    }

    /// A mapping from fruit id to quantity, with at least one fruit; not
    /// typed, so that a removal (`~`) passes it as the recipe's else-branch.
    private static var ingredientsDefinition: OrderedJSON {
        [
            "description": """
            What one serving uses: a mapping from fruit id to quantity, with at least one fruit (keys \
            starting with `x-` are yours and do not count). Only `juice validate` checks that each fruit is \
            declared by this menu or a menu it extends.
            """,
            "propertyNames": ["anyOf": [ref("id"), ["pattern": .string(extensionPattern)]]],
            "patternProperties": extensionMembers,
            "additionalProperties": ref("quantity"),
            "not": ["type": "object", "propertyNames": ["pattern": .string(extensionPattern)]],
        ]
    }

    private static var supplierDefinition: OrderedJSON {
        [
            "description": """
            A supplier: its display name, the fewest packs it takes in one order, the days from an order to \
            its delivery and the days between deliveries. `~` removes the supplier of a menu this one extends.
            """,
            "type": ["object", "null"],
            "properties": properties(
                Schema.supplierKeys,
                [
                    "name": ref("name"),
                    "minimum": count(
                        Schema.stockRange,
                        "The fewest packs one order must hold; `juice order` flags a smaller order. Default 0."),
                    "leadDays": count(
                        Schema.leadDaysRange,
                        """
                        The days from an order to its delivery; `juice order --forecast` covers them. \
                        Default \(Supplier.defaultLeadDays).
                        """),
                    "every": count(
                        Schema.everyRange,
                        """
                        The days between deliveries; `juice order --forecast` orders for them. \
                        Default \(Supplier.defaultEvery).
                        """),
                ]),
            "patternProperties": extensionMembers,
            "additionalProperties": false,
        ]
    }
}
