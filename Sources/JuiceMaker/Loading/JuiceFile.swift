/// A file that is a menu, a stores manifest or a sales map, told apart by
/// its name and content: a file named `sales.yaml` is a sales map, as is one
/// whose root mapping has a map's keys and none of a menu's or a
/// manifest's; a manifest's root mapping has the key `stores`.
enum JuiceFile: Sendable {
    /// A menu, loaded with the menus it extends.
    case menu(Loaded<Menu>)
    /// A stores manifest: its root mapping has the key `stores`.
    case storesManifest(StoresManifest)
    /// A sales map (SPEC 17), with the problems of its form.
    case salesMap(SalesMapFile, diagnostics: [Diagnostic])

    /// Reads and parses the file at `path` once, as whichever it is.
    ///
    /// - Parameter loader: the loader that reads a menu's parents, and
    ///   remembers the menu for later loads through it.
    /// - Throws: ``FileError`` when the file cannot be read.
    static func load(path: String, loader: MenuLoader) throws(FileError) -> JuiceFile {
        if SalesMapFile.hasMapName(path) {
            let read = try SalesMapFile.load(path: path, overlay: loader.overlay)
            return .salesMap(read.file, diagnostics: read.diagnostics)
        }
        // Read as a menu as it is composed; a manifest has no fruits or
        // recipes for the parser to take.
        var parser = MenuParser(file: path)
        let document = try YAMLDocument.load(
            path: path, allowsEmpty: false, limits: loader.limits, overlay: loader.overlay, readingSectionsInto: &parser
        )
        if SalesMapFile.isSalesMap(document) {
            let read = SalesMapFile.read(document, path: path)
            return .salesMap(read.file, diagnostics: read.diagnostics)
        }
        if StoresManifest.isManifest(document) {
            return .storesManifest(StoresManifest(document, path: path))
        }
        return .menu(loader.load(consume document, parsedBy: parser, path: path))
    }
}
