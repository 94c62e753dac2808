/// The inventory's schema: section 3 of the specification.
extension FileSchema {
    static var inventoryDocument: OrderedJSON {
        document(
            title: "Juice Maker inventory",
            description: """
                The current stock of one store, written by juice: a mapping from fruit id to its count. A fruit \
                of the menu that the file does not list has the menu's initial stock; an empty file lists \
                nothing. Unlike a menu, an inventory has no `x-` keys. Only `juice validate` checks what a \
                schema cannot: that every fruit is one the menu declares, that no fruit appears twice, and that \
                counts are plain decimal digits.
                """,
            [
                "type": ["object", "null"],
                "propertyNames": ref("id"),
                "additionalProperties": count(Schema.stockRange, "The fruit's stock now."),
                "$defs": ["id": idDefinition],
            ])
    }
}
