/// Reading a sales map (SPEC 17's `recipes/sales.yaml`) through the store
/// service, checked against the menus it serves: a store's, or each store's
/// of a chain.
///
/// Where it is unless a path is given: `sales.yaml` beside the manifest for
/// a chain and for a store found in a manifest (one map serves the chain),
/// beside the menu file for a store named by its files, and the shop's
/// `recipes/sales.yaml` for the built-in menu. A map that is not at its
/// default place is the empty map (every name is then unknown, which an
/// import lists); a path given that names no file is a file error.
extension StoreService {
    /// The name of a sales map at its default place.
    public static let salesMapFileName = "sales.yaml"

    /// Where a store's sales map is when none is named: beside its
    /// manifest when it was found in one, else beside its menu file, else
    /// (the built-in menu) the shop's `recipes/sales.yaml`.
    public func defaultSalesMapPath(for address: StoreAddress) -> String {
        if let manifest = address.manifestPath { return Self.defaultSalesMapPath(forManifest: manifest) }
        if let menu = address.menuPath { return PathName.resolve(Self.salesMapFileName, besides: menu) }
        return (address.shopFolder.map { $0 + "/" } ?? "") + "recipes/" + Self.salesMapFileName
    }

    /// Where a chain's sales map is when none is named: beside its manifest.
    public static func defaultSalesMapPath(forManifest manifestPath: String) -> String {
        PathName.resolve(salesMapFileName, besides: manifestPath)
    }

    /// The sales map of `store`, checked against its menu.
    ///
    /// - Parameters:
    ///   - store: the store, opened.
    ///   - path: the map's file (`--map`); `nil` for
    ///     ``defaultSalesMapPath(for:)``, where a missing file is the empty map.
    /// - Returns: the map (`nil` when it has errors) and its diagnostics:
    ///   the form's, and each recipe or fruit id the menu lacks
    ///   (`unknown-recipe`, `unknown-fruit`, with a did-you-mean).
    /// - Throws: ``StoreError/file(_:)`` when the file cannot be read, or
    ///   when `path` names none.
    public func salesMap(for store: Store, path: String? = nil) throws(StoreError) -> Loaded<SalesMap> {
        try salesMap(
            at: path ?? defaultSalesMapPath(for: store.address), isDefault: path == nil,
            against: [(store.address.name ?? "", store.menu)])
    }

    /// The sales map of a chain, checked against each store's menu: an id
    /// that only some stores' menus lack is said once, naming them
    /// (`unknown recipe 'mangoKiwi' (for store jamsil)`).
    ///
    /// - Parameters:
    ///   - stores: the chain's stores, opened (by their names in `manifestPath`).
    ///   - manifestPath: the chain's manifest, beside which the map is by default.
    ///   - path: the map's file (`--map`); `nil` for ``defaultSalesMapPath(forManifest:)``,
    ///     where a missing file is the empty map.
    /// - Throws: ``StoreError/file(_:)`` when the file cannot be read, or
    ///   when `path` names none.
    public func salesMap(forChain stores: [Store], manifestPath: String, path: String? = nil) throws(StoreError)
        -> Loaded<SalesMap>
    {
        try salesMap(
            at: path ?? Self.defaultSalesMapPath(forManifest: manifestPath), isDefault: path == nil,
            against: stores.map { ($0.address.name ?? "", $0.menu) })
    }

    /// The menus a sales map's ids are checked against when nothing else
    /// says which (`juice validate`, an editor): each store's of the
    /// manifest `stores.yaml` beside it, else the `menu.yaml` beside it
    /// (as the service opens them: an editor's open documents as typed);
    /// none when neither is there. A store whose menu cannot be read is
    /// left out.
    package func salesMapMenus(besides path: String) -> [(store: String, menu: Menu)] {
        SalesMapFile.menus(besides: path, loader: newLoader())
    }

    /// Whether the file at `path` (as ``overlay`` has it) is a sales map as
    /// `juice validate` tells one: named `sales.yaml`, or a document whose
    /// root mapping has a map's keys and none of a menu's or a manifest's.
    /// Only a text with a line that starts with a map's key, or a flow
    /// mapping, is parsed to tell: a menu is not read again.
    package func isSalesMap(_ path: String) -> Bool {
        if SalesMapFile.hasMapName(path) { return true }
        guard let text = text(of: path) else { return false }
        let mayBe =
            text.hasPrefix("{")
            || Schema.salesMapKeys.contains { key in text.hasPrefix(key + ":") || text.contains("\n" + key + ":") }
        guard mayBe else { return false }
        let document = YAMLDocument.parse(Array(text.utf8), file: path, allowsEmpty: true, limits: .standard)
        return SalesMapFile.isSalesMap(document)
    }

    /// The map at `path` checked against `menus`.
    private func salesMap(at path: String, isDefault: Bool, against menus: [(store: String, menu: Menu)])
        throws(StoreError) -> Loaded<SalesMap>
    {
        let read: (file: SalesMapFile, diagnostics: [Diagnostic])
        do {
            read = try SalesMapFile.load(path: path, overlay: overlay)
        } catch .notFound where isDefault {
            return Loaded(value: SalesMap(), diagnostics: [])
        } catch {
            throw .file(error)
        }
        let diagnostics = read.file.diagnostics(withForm: read.diagnostics, against: menus)
        return Loaded(value: diagnostics.containsErrors ? nil : read.file.map, diagnostics: diagnostics)
    }
}

extension SalesMapFile {
    /// The problems of the map: those of its form (`form`), and each id
    /// that a menu of `menus` lacks. An id some stores' menus have and
    /// others lack is a warning naming the stores that lack it: one map
    /// serves a chain whose menus differ, and there a till's line of that
    /// id is unknown (its ticket held back). In file order, limited.
    func diagnostics(withForm form: [Diagnostic], against menus: [(store: String, menu: Menu)]) -> [Diagnostic] {
        let perStore = menus.map { ($0.store, diagnostics(against: $0.menu)) }
        let inEveryStore = perStore.dropFirst().reduce(Set(perStore.first?.1 ?? [])) { $0.intersection($1.1) }
        let unknown = [Diagnostic].merged(perStore: perStore) { _, _ in menus.count > 1 }.map { diagnostic in
            guard !inEveryStore.contains(diagnostic), diagnostic.severity == .error else { return diagnostic }
            var inSome = diagnostic
            inSome.severity = .warning
            return inSome
        }
        return (form + unknown).sortedByLocation().limited()
    }

    /// See ``StoreService/salesMapMenus(besides:)``.
    static func menus(besides path: String, loader: MenuLoader) -> [(store: String, menu: Menu)] {
        let isThere = { (file: String) in StoreService.isThere(file) || loader.overlay.contents(of: file) != nil }
        let manifestPath = PathName.resolve("stores.yaml", besides: path)
        if isThere(manifestPath) {
            guard let manifest = try? StoresManifest.load(path: manifestPath, overlay: loader.overlay) else {
                return []
            }
            return manifest.stores.compactMap { store in
                (try? loader.load(path: store.menuPath))?.value.map { (store.name, $0) }
            }
        }
        let menuPath = PathName.resolve("menu.yaml", besides: path)
        guard isThere(menuPath), let menu = (try? loader.load(path: menuPath))?.value else { return [] }
        return [("", menu)]
    }
}
