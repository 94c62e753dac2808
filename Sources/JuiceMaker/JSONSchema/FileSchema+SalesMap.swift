/// The sales map's schema: SPEC 17's `recipes/sales.yaml`.
extension FileSchema {
    static var salesDocument: OrderedJSON {
        document(
            title: "Juice Maker sales map",
            description: """
                The map from a till's names to the menu, which `juice import` books sales by: what each item \
                sold makes (`items`), what each modifier adds (`modifiers`), and the names that use no fruit \
                (`ignore`). Every section is optional; an empty file is the empty map. Keys starting with `x-` \
                are yours: juice ignores them. Only `juice validate` checks what a schema cannot: that every \
                recipe and fruit id is one of the menu's (a store's, or each store's of a chain), that a name \
                is not both mapped and in `ignore`, that no name appears twice, and that numbers are plain \
                decimal digits.
                """,
            [
                "type": ["object", "null"],
                "properties": properties(
                    Schema.salesMapKeys,
                    [
                        "items": [
                            "description": """
                            The till's items: a mapping from the name the till writes (or `"Name | Size"` for \
                            one size of it, looked up first) to what one unit makes: a recipe id alone (one \
                            serving), or `{ recipe: ID, servings: N }`.
                            """,
                            "type": "object",
                            "additionalProperties": ref("item"),
                        ],
                        "modifiers": [
                            "description": """
                            The till's modifiers: a mapping from the modifier's name to what it adds for each \
                            unit of its line: fruit by id (`{ banana: 1 }`), or one more serving of a recipe \
                            (`{ recipe: ID }`).
                            """,
                            "type": "object",
                            "additionalProperties": ref("modifier"),
                        ],
                        "ignore": [
                            "description": """
                            Names of items and modifiers that use no fruit (coffee, a straw): a list. A name \
                            may not be both here and in `items` or `modifiers`, nor here twice (only \
                            `juice validate` checks either).
                            """,
                            "type": "array",
                            "items": ref("text"),
                        ],
                    ]),
                "patternProperties": extensionMembers,
                "additionalProperties": false,
                "$defs": [
                    "item": [
                        "description":
                            "What one unit of the item makes: a recipe id alone (one serving), or the long form.",
                        "anyOf": [
                            ref("recipe"),
                            [
                                "type": "object",
                                "required": ["recipe"],
                                "properties": properties(
                                    Schema.salesItemKeys,
                                    [
                                        "recipe": ref("recipe"),
                                        "servings": count(
                                            Schema.servingsRange,
                                            "The servings of the recipe one unit makes. Default 1."),
                                    ]),
                                "patternProperties": extensionMembers,
                                "additionalProperties": false,
                            ],
                        ],
                    ],
                    "modifier": [
                        "description": """
                        What the modifier adds for each unit of its line: with `recipe`, one more serving of \
                        that recipe; else fruit, from fruit id to how many (at least one fruit).
                        """,
                        "type": "object",
                        "if": ["required": ["recipe"]],
                        "then": [
                            "properties": properties(Schema.salesRecipeModifierKeys, ["recipe": ref("recipe")]),
                            "patternProperties": extensionMembers,
                            "additionalProperties": false,
                        ],
                        "else": [
                            "minProperties": 1,
                            "propertyNames": ref("id"),
                            "additionalProperties": count(
                                Schema.quantityRange,
                                "How many of the fruit the modifier adds for each unit of its line."),
                        ],
                    ],
                    "recipe": [
                        "description": """
                        A recipe id of the menu (which only `juice validate` checks). A plain `true` or \
                        `false` is read as that id.
                        """,
                        "type": ["string", "boolean"],
                        "pattern": .string(idPattern),
                        "maxLength": .integer(Schema.maximumIDLength),
                    ],
                    "text": textDefinition,
                    "id": idDefinition,
                ],
            ])
    }
}
