import Foundation
import JuiceMaker
import LanguageServerProtocol

/// `textDocument/completion`: fruit ids (with their names) in `uses` and
/// inventories, recipe and fruit ids in a sales map, the parent's ids in a child's `fruits` and `recipes`, keys
/// where a key may go, supplier ids, and paths in `extends` and manifests.
struct Completion {
    let workspace: Workspace

    /// CompletionItemKind values of LSP 3.17.
    private enum Kind: Int {
        case file = 17
        case property = 10
        case value = 12
        case reference = 18
    }

    func items(path: String, context: CompletionContext) -> JSON {
        let kind = workspace.kind(of: path)
        let isInventory = if case .inventory = kind { true } else { false }
        var items: [JSON] = []
        switch (Self.shape(of: context.path), context.valueOf) {
        case (let shape, let value) where kind == .salesMap:
            items = salesMapItems(path: path, shape: shape, valueOf: value)
        case ("", nil) where isInventory:
            items = fruits(for: path).map(fruitItem)
        case ("", nil):
            let isManifest =
                workspace.text(of: path).map { $0.hasPrefix("stores:") || $0.contains("\nstores:") } ?? false
            items = (isManifest ? Schema.manifestKeys : Schema.menuKeys).map { item($0, kind: .property) }
        case ("", "extends"?), ("extends", _):
            items = yamlFiles(besides: path).map { item($0, kind: .file) }
        case ("stores/*", "menu"?), ("stores/*", "inventory"?):
            items = yamlFiles(besides: path).map { item($0, kind: .file) }
        case ("stores/*", nil):
            items = Schema.storeKeys.map { item($0, kind: .property) }
        case ("fruits", nil):
            let own = Set(workspace.outline(of: path).mentions.filter { $0.role == .fruitDefinition }.map(\.text))
            items = workspace.parentMenus(of: path).flatMap(\.fruits).filter { !own.contains($0.id) }.map(fruitItem)
        case ("fruits/*", nil):
            items = Schema.fruitKeys.map { item($0, kind: .property) }
        case ("fruits/*", "supplier"?):
            items = suppliers(for: path).map { item($0, kind: .reference) }
        case ("recipes", nil):
            let own = Set(workspace.outline(of: path).mentions.filter { $0.role == .recipeDefinition }.map(\.text))
            items = workspace.parentMenus(of: path).flatMap { Array($0.recipes) }.filter { !own.contains($0.id) }
                .map { recipe in
                    item(recipe.id, kind: .reference, detail: recipe.name.map(\.allTranslations))
                }
        case ("recipes/*", nil):
            items = fruits(for: path).map(fruitItem) + Schema.recipeKeys.map { item($0, kind: .property) }
        case ("recipes/*/uses", nil):
            items = fruits(for: path).map(fruitItem)
        case ("suppliers/*", nil):
            items = Schema.supplierKeys.map { item($0, kind: .property) }
        default:
            items = []
        }
        var seen: Set<String> = []
        return [
            "isIncomplete": false, "items": .array(items.filter { seen.insert($0["label"]?.string ?? "").inserted }),
        ]
    }

    /// In a sales map: its keys where a key goes, recipe ids as an item's
    /// value or a `recipe`'s, fruit ids in a modifier, from the menus
    /// beside it (each id once).
    private func salesMapItems(path: String, shape: String, valueOf: String?) -> [JSON] {
        let menus = workspace.salesMapMenus(of: path)
        let recipes = menus.flatMap { Array($0.recipes) }.map { recipe in
            item(recipe.id, kind: .reference, detail: recipe.name.map(\.allTranslations))
        }
        switch (shape, valueOf) {
        case ("", nil): return Schema.salesMapKeys.map { item($0, kind: .property) }
        case ("items", _?), ("items/*", "recipe"?), ("modifiers/*", "recipe"?): return recipes
        case ("items/*", nil): return Schema.salesItemKeys.map { item($0, kind: .property) }
        case ("modifiers/*", nil):
            return menus.flatMap(\.fruits).map(fruitItem)
                + Schema.salesRecipeModifierKeys.map { item($0, kind: .property) }
        default: return []
        }
    }

    /// A path of keys with each entry's own id as `*`:
    /// `recipes/*/uses`.
    private static func shape(of path: [String]) -> String {
        path.enumerated().map { index, key in index == 1 ? "*" : key }.joined(separator: "/")
    }

    /// The fruits a file may name: its menu's, else (while it is invalid)
    /// its parents' and its own.
    private func fruits(for path: String) -> [Fruit] {
        if let menu = workspace.menu(for: path) { return menu.fruits }
        var fruits = workspace.parentMenus(of: path).flatMap(\.fruits)
        let known = Set(fruits.map(\.id))
        for mention in workspace.outline(of: path).mentions where mention.role == .fruitDefinition {
            if !known.contains(mention.text) { fruits.append(Fruit(id: mention.text, initialStock: 0)) }
        }
        return fruits
    }

    private func suppliers(for path: String) -> [String] {
        let own = workspace.outline(of: path).mentions.filter { $0.role == .supplierDefinition }.map(\.text)
        let menus = workspace.menu(for: path).map { [$0] } ?? workspace.parentMenus(of: path)
        return own + menus.flatMap(\.suppliers).map(\.id)
    }

    /// The menus and inventories a path may name: YAML files in the file's
    /// folder and the folders around it, relative to it.
    private func yamlFiles(besides path: String) -> [String] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL
        let manager = FileManager.default
        var found: [String] = []
        for (base, prefix) in [(folder, ""), (folder.deletingLastPathComponent(), "../")] {
            guard let names = try? manager.contentsOfDirectory(atPath: base.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let full = base.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: full.path, isDirectory: &isFolder), isFolder.boolValue {
                    for inner in ((try? manager.contentsOfDirectory(atPath: full.path)) ?? []).sorted()
                    where inner.hasSuffix(".yaml") || inner.hasSuffix(".yml") {
                        found.append(prefix + name + "/" + inner)
                    }
                } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml"),
                    full.path
                        != folder.appendingPathComponent(
                            URL(fileURLWithPath: path).lastPathComponent
                        ).path
                {
                    found.append(prefix + name)
                }
            }
        }
        return found
    }

    private func fruitItem(_ fruit: Fruit) -> JSON {
        let names = fruit.name.map(\.allTranslations)
        return item(fruit.id, kind: .value, detail: names, filter: names.map { fruit.id + " " + $0 })
    }

    private func item(_ label: String, kind: Kind, detail: String? = nil, filter: String? = nil) -> JSON {
        var members: [String: JSON] = ["label": .string(label), "kind": .integer(kind.rawValue)]
        if let detail { members["detail"] = .string(detail) }
        if let filter { members["filterText"] = .string(filter) }
        return .object(members)
    }
}
