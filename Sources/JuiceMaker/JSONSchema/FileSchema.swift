/// The JSON Schemas (draft 2020-12) of the files `juice` reads: a menu, an
/// inventory, a stores manifest, a sales map. An editor with a YAML language server
/// checks a file against one as it is typed, completes its keys and shows
/// their descriptions.
///
/// Each schema holds every rule of the format that a schema can express
/// (keys, ids, number ranges, the shorthand forms, `x-` keys); what only
/// `juice validate` can check (fruits a recipe names, `extends`, unused
/// fruits) is said in its descriptions. A schema accepts every file that
/// `juice validate` accepts. The text is English in every locale.
package enum FileSchema: String, CaseIterable, Sendable {
    /// A menu (section 2 of the specification): fruits, recipes, `extends`, suppliers.
    case menu
    /// An inventory: a count per fruit.
    case inventory
    /// A stores manifest: each store's menu and inventory.
    case stores
    /// A sales map (SPEC 17): a till's names to recipes and fruit.
    case sales

    /// The schema as JSON text: keys in a fixed order, two spaces a level,
    /// a line break at the end.
    package var text: String {
        document.text
    }

    /// The name of the repository's copy in `schemas/`: `menu.schema.json`, ...
    package var fileName: String {
        "\(rawValue).schema.json"
    }

    /// The schema as a JSON value.
    var document: OrderedJSON {
        switch self {
        case .menu: Self.menuDocument
        case .inventory: Self.inventoryDocument
        case .stores: Self.storesDocument
        case .sales: Self.salesDocument
        }
    }

    /// The members every schema starts with.
    static func header(title: String, description: String) -> [OrderedJSON.Member] {
        [
            .init(key: "$schema", value: "https://json-schema.org/draft/2020-12/schema"),
            .init(key: "title", value: .string(title)),
            .init(key: "description", value: .string(description)),
        ]
    }
}

extension FileSchema {
    /// A schema document: ``header(title:description:)``, then `body`'s members.
    static func document(title: String, description: String, _ body: OrderedJSON) -> OrderedJSON {
        guard case .object(let members) = body else { return body }
        return .object(header(title: title, description: description) + members)
    }

    /// A `properties` object with a member for each of `keys`, in their
    /// order (the loader's list of the keys a mapping knows), each the
    /// schema `schemas` gives it.
    static func properties(_ keys: [String], _ schemas: [String: OrderedJSON]) -> OrderedJSON {
        .object(keys.map { OrderedJSON.Member(key: $0, value: schemas[$0] ?? [:]) })
    }
}
