internal import MarkedYAML

extension StoresManifest {
    /// The manifest a loaded document holds.
    init(_ document: YAMLDocument.Outcome, path: String) {
        var parser = ManifestParser(path: path)
        let stores = document.root.map { parser.parse($0) } ?? []
        self.path = path
        self.stores = stores
        diagnostics = (document.diagnostics + parser.diagnostics).sortedByLocation().limited()
    }

    /// Whether a document is a manifest rather than a menu: its root mapping
    /// has the key `stores`.
    static func isManifest(_ document: YAMLDocument.Outcome) -> Bool {
        document.root?.pairs?.contains { $0.key.isScalar("stores") } ?? false
    }
}

/// Reads a manifest's root node.
struct ManifestParser {
    private var reader: NodeReader

    init(path: String) {
        reader = NodeReader(file: path)
    }

    var diagnostics: [Diagnostic] { reader.diagnostics }

    mutating func parse(_ root: Node) -> [StoresManifest.Entry] {
        guard let pairs = reader.mapping(root, for: Message(.aStoresManifest)) else { return [] }
        // Without `stores`, a menu's keys say what the file is.
        if !pairs.contains(where: { $0.key.isScalar("stores") }),
            reader.isWrongKind(pairs, expected: Message(.aStoresManifest), isOwnKey: { _ in false })
        {
            return []
        }
        var stores: [StoresManifest.Entry]?
        var dayStarts: DayStart?
        for pair in pairs {
            guard let key = reader.key(pair) else { continue }
            switch key {
            case "stores":
                stores = parseStores(pair.value)
            case "dayStarts":
                dayStarts = reader.dayStarts(pair.value)
            default:
                reader.otherKey(key, at: pair.key, in: Message(.theStoresManifest), known: Schema.manifestKeys)
            }
        }
        if stores == nil {
            reader.report(.error(.missingKey, Message(.manifestWithoutStores), at: .start(of: reader.file)))
        }
        // Every store takes the manifest's `dayStarts`; its menu's wins.
        return (stores ?? []).map { store in
            var store = store
            store.dayStarts = dayStarts
            return store
        }
    }

    private mutating func parseStores(_ node: Node) -> [StoresManifest.Entry] {
        guard let pairs = reader.mapping(node, for: Message(.keyNamed, "stores")) else { return [] }
        return pairs.compactMap { pair in
            guard let name = reader.id(pair, kind: Message(.storeWord)), name.isValid else { return nil }
            return parseStore(name: name.text, pair)
        }
    }

    private mutating func parseStore(name: String, _ entry: Pair) -> StoresManifest.Entry? {
        guard let pairs = reader.mapping(entry.value, for: Message(.storeNamed, "\(name)")) else { return nil }
        var menu: (path: String, location: SourceLocation)?
        var inventory: String?
        var isValid = true
        for pair in pairs {
            guard let key = reader.key(pair) else { continue }
            switch key {
            case "menu", "inventory":
                guard let path = pair.value.scalar?.text, !pair.value.isNull, !path.isEmpty else {
                    reader.error(
                        .typeMismatch,
                        Message(.storePathMustBePath, "\(key)", "\(name)", .message(Message(kindOf: pair.value))),
                        at: pair.value)
                    isValid = false
                    continue
                }
                let resolved = PathName.resolve(path, besides: reader.file)
                if key == "menu" {
                    menu = (resolved, reader.location(of: pair.value))
                } else {
                    inventory = resolved
                }
            default:
                reader.otherKey(key, at: pair.key, in: Message(.storeNamed, "\(name)"), known: Schema.storeKeys)
            }
        }
        guard let menu else {
            if isValid {
                reader.error(.missingKey, Message(.storeWithoutMenu, "\(name)"), at: pairs.first?.key ?? entry.value)
            }
            return nil
        }
        guard isValid else { return nil }
        return StoresManifest.Entry(
            name: name, menuPath: menu.path, inventoryPath: inventory, location: reader.location(of: entry.key),
            menuLocation: menu.location)
    }
}
