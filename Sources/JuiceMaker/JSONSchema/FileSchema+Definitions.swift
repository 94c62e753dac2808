/// The pieces the schemas share, each built from the rule in ``Schema``
/// that the loader applies: the id rule, the ranges of counts, text, paths
/// and the user's own `x-` keys.
extension FileSchema {
    /// The id rule as an ECMA-262 pattern without look-ahead (which some
    /// validators lack): an ASCII letter, then letters, digits, `_` or
    /// `-`, not starting with `x-`.
    static let idPattern = "^(?:[A-Za-wyz][A-Za-z0-9_-]*|x(?:[A-Za-z0-9_][A-Za-z0-9_-]*)?)$"

    /// The pattern of a user's own metadata key.
    static let extensionPattern = "^x-"

    /// A reference to the definition `name` in the document's `$defs`.
    static func ref(_ name: String) -> OrderedJSON {
        ["$ref": .string("#/$defs/\(name)")]
    }

    /// `id`: a key that names a fruit, a recipe, a supplier or a store.
    static let idDefinition: OrderedJSON = [
        "description": .string(
            "An id: an ASCII letter, then ASCII letters, digits, `_` or `-`; not starting with `x-`; "
                + "at most \(Schema.maximumIDLength) characters."),
        "type": "string",
        "pattern": .string(idPattern),
        "maxLength": .integer(Schema.maximumIDLength),
    ]

    /// `x-` keys: a user's own metadata, which juice ignores.
    static let extensionMembers: OrderedJSON = [
        extensionPattern: ["description": "A key starting with `x-` is your own metadata: juice ignores it."]
    ]

    /// A whole number within `range`, written as plain decimal digits.
    static func count(_ range: ClosedRange<Int>, _ description: String) -> OrderedJSON {
        [
            "description": .string(
                description
                    + " Plain decimal digits only: juice refuses `1.5`, `2.0`, `+2`, `0x10`, `1_000` and quoted numbers."
            ),
            "type": "integer",
            "minimum": .integer(range.lowerBound),
            "maximum": .integer(range.upperBound),
        ]
    }

    /// `text`: a scalar read as the text written (a display name).
    static let textDefinition: OrderedJSON = [
        "description":
            "Text. A plain scalar that YAML reads as a number or a boolean (`2024`, `true`) is taken as the text written.",
        "type": ["string", "number", "boolean"],
    ]

    /// `name`: a display name, one text or one per language.
    static let nameDefinition: OrderedJSON = [
        "description": """
        The display name: one text (`Kiwi`), or a text per language (`{ en: Kiwi, ko: 키위 }`). A name \
        missing in the language asked for falls back to `en`, then to the first name given, then to the id.
        """,
        "anyOf": [
            ref("text"),
            [
                "type": "object",
                "additionalProperties": ref("text"),
            ],
        ],
    ]

    /// `dayStarts`: when the business day starts, in a menu or a manifest.
    static func dayStartsDefinition(_ scope: String) -> OrderedJSON {
        [
            "description": .string(
                "When the business day starts, in local time, "
                    + scope
                        + """
                        : a time in quotes, `"HH:MM"` (`"00:00"` to `"23:59"`; default `"00:00"`). `today`, \
                        `yesterday`, `Nd`, `--by day` and a date given to `--since` or `--until` then mean business \
                        days, each labelled by the date it starts on: with `"05:00"`, a sale at 01:30 belongs to the \
                        day before. Only juice checks that it is written in quotes.
                        """),
            "type": "string",
            "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        ]
    }

    /// `path`: a file's path, relative to the folder of the file that names it.
    static let pathDefinition: OrderedJSON = [
        "description":
            "A file's path, relative to the folder of the file that names it. Only `juice validate` checks that the file exists.",
        "type": ["string", "number", "boolean"],
        "minLength": 1,
    ]
}
