/// The stores manifest's schema: section 6 of the specification.
extension FileSchema {
    static var storesDocument: OrderedJSON {
        document(
            title: "Juice Maker stores manifest",
            description: """
                A chain's stores: each store's menu and inventory, by paths relative to this file's folder. \
                Keys starting with `x-` are yours: juice ignores them. Only `juice validate` checks what a \
                schema cannot: that each menu exists and is valid, that each inventory that exists is valid \
                against its store's menu, and that no key appears twice in one mapping.
                """,
            [
                "type": "object",
                "required": ["stores"],
                "properties": properties(
                    Schema.manifestKeys,
                    [
                        "stores": [
                            "description": "The stores: a mapping from store name (an id) to the store.",
                            "type": "object",
                            "propertyNames": ref("id"),
                            "additionalProperties": ref("store"),
                        ],
                        "dayStarts": dayStartsDefinition(
                            "for every store whose menu does not set its own"),
                    ]),
                "patternProperties": extensionMembers,
                "additionalProperties": false,
                "$defs": [
                    "store": [
                        "description": "A store: its menu, and its inventory (without one, the menu's initial stock).",
                        "type": "object",
                        "required": ["menu"],
                        "properties": properties(
                            Schema.storeKeys,
                            [
                                "menu": [
                                    "description": "The store's menu file (it may extend the chain's menu).",
                                    "allOf": [ref("path")],
                                ],
                                "inventory": [
                                    "description": """
                                    The store's inventory file. Without it, the store has its menu's \
                                    initial stock and cannot be changed.
                                    """,
                                    "allOf": [ref("path")],
                                ],
                            ]),
                        "patternProperties": extensionMembers,
                        "additionalProperties": false,
                    ],
                    "path": pathDefinition,
                    "id": idDefinition,
                ],
            ])
    }
}
