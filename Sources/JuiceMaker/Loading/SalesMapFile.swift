internal import MarkedYAML

/// A sales map as its file writes it: the map, and where it names each
/// recipe and fruit, so that the ids are checked against a store's menu
/// with their places.
struct SalesMapFile: Sendable {
    /// What an id belongs to: an item or a modifier, by its name.
    enum Owner: Sendable, Hashable {
        case item(String)
        case modifier(String)

        /// `item 'NAME'`, `modifier 'NAME'`.
        var message: Message {
            switch self {
            case .item(let name): Message(.itemNamed, "\(name)")
            case .modifier(let name): Message(.modifierNamed, "\(name)")
            }
        }
    }

    /// One id the map names, where it names it.
    struct Reference: Sendable, Hashable {
        enum Kind: Sendable, Hashable {
            case recipe
            case fruit
        }
        var kind: Kind
        var id: String
        var location: SourceLocation
    }

    var map = SalesMap()
    /// The ids named, in the file's order.
    var references: [Reference] = []

    /// The map a loaded document holds, with the problems of its form.
    static func read(_ document: YAMLDocument.Outcome, path: String) -> (file: SalesMapFile, diagnostics: [Diagnostic])
    {
        var parser = SalesMapParser(path: path)
        let file = parser.parse(document.root)
        return (file, document.diagnostics + parser.diagnostics)
    }

    /// Reads the map at `path` (from `overlay` when it is open there). An
    /// empty file is the empty map.
    ///
    /// - Throws: ``FileError`` when the file cannot be read.
    static func load(path: String, overlay: FileOverlay) throws(FileError) -> (
        file: SalesMapFile, diagnostics: [Diagnostic]
    ) {
        read(try YAMLDocument.load(path: path, allowsEmpty: true, limits: .standard, overlay: overlay), path: path)
    }

    /// Whether a file's name makes it a sales map: `sales.yaml`.
    static func hasMapName(_ path: String) -> Bool {
        path.split(separator: "/").last.map(String.init) == StoreService.salesMapFileName
    }

    /// Whether a document is a sales map: its root mapping has `items`,
    /// `modifiers` or `ignore`, and none of the keys that tell a menu or a
    /// manifest (`fruits`, `recipes`, `extends`, `stores`).
    static func isSalesMap(_ document: YAMLDocument.Outcome) -> Bool {
        guard let pairs = document.root?.pairs else { return false }
        return pairs.contains { pair in pair.key.scalar.map { Schema.salesMapKeys.contains($0.text) } ?? false }
            && !pairs.contains { pair in Schema.tellingKeys.contains { pair.key.isScalar($0) } }
    }

    /// An `unknown-recipe` or `unknown-fruit` error for each id `menu`
    /// lacks, with a did-you-mean among its recipes or fruits.
    func diagnostics(against menu: Menu) -> [Diagnostic] {
        var recipes = Suggester { menu.recipes.ids }
        var fruits = Suggester { menu.fruits.map(\.id) }
        var found: [Diagnostic] = []
        for reference in references {
            switch reference.kind {
            case .recipe where menu.recipe(id: reference.id) == nil:
                found.append(
                    .error(
                        .unknownRecipe, Message(.unknownRecipe, "\(reference.id)", recipes.clause(for: reference.id)),
                        at: reference.location))
            case .fruit where menu.fruit(id: reference.id) == nil:
                found.append(
                    .error(
                        .unknownFruit, Message(.unknownFruit, "\(reference.id)", fruits.clause(for: reference.id)),
                        at: reference.location))
            default:
                continue
            }
        }
        return found
    }
}
