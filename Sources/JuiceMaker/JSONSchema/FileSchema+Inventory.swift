/// The inventory's schema: section 3 of the specification.
extension FileSchema {
    static var inventoryDocument: OrderedJSON {
        document(
            title: "Juice Maker inventory",
            description: """
                The current stock of one store, written by juice: a mapping from fruit id to its count, or to \
                its lots (`[{count: 12, bestBefore: 2026-12-01}, {count: 4}]`, one without `bestBefore` being \
                undated; the count is their sum). A fruit \
                of the menu that the file does not list has the menu's initial stock; an empty file lists \
                nothing. Unlike a menu, an inventory has no `x-` keys. Only `juice validate` checks what a \
                schema cannot: that every fruit is one the menu declares, that no fruit appears twice, and that \
                counts are plain decimal digits, and that a fruit's lots add up to at most \
                \(Schema.stockRange.upperBound).
                """,
            [
                "type": ["object", "null"],
                "propertyNames": ref("id"),
                "additionalProperties": [
                    "anyOf": [
                        count(Schema.stockRange, "The fruit's stock now."),
                        [
                            "description": "The fruit's lots, used earliest best-before first, undated last.",
                            "type": "array",
                            "items": ref("lot"),
                        ],
                    ]
                ],
                "$defs": ["id": idDefinition, "lot": lotDefinition],
            ])
    }

    /// A lot of an inventory: its count alone (undated), or its `count` and
    /// `bestBefore`.
    private static var lotDefinition: OrderedJSON {
        [
            "description": "A lot: its count alone (undated), or a mapping with `count` and `bestBefore`.",
            "anyOf": [
                count(Schema.stockRange, "An undated lot's count."),
                [
                    "type": "object",
                    "properties": properties(
                        Schema.lotKeys,
                        [
                            "count": count(Schema.stockRange, "How many fruits the lot holds."),
                            "bestBefore": [
                                "description": "The last day the lot is good, `YYYY-MM-DD`; `~` or left out: undated.",
                                "type": ["string", "null"],
                                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                            ],
                        ]),
                    "required": ["count"],
                    "additionalProperties": false,
                ],
            ],
        ]
    }
}
