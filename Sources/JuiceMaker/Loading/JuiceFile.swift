/// A file that is either a menu or a stores manifest, told apart by its
/// content: a manifest's root mapping has the key `stores`.
enum JuiceFile: Sendable {
    /// A menu, loaded with the menus it extends.
    case menu(Loaded<Menu>)
    /// A stores manifest: its root mapping has the key `stores`.
    case storesManifest(StoresManifest)

    /// Reads and parses the file at `path` once, as whichever it is.
    ///
    /// - Parameter loader: the loader that reads a menu's parents, and
    ///   remembers the menu for later loads through it.
    /// - Throws: ``FileError`` when the file cannot be read.
    static func load(path: String, loader: MenuLoader) throws(FileError) -> JuiceFile {
        // Read as a menu as it is composed; a manifest has no fruits or
        // recipes for the parser to take.
        var parser = MenuParser(file: path)
        let document = try YAMLDocument.load(
            path: path, allowsEmpty: false, limits: loader.limits, overlay: loader.overlay, readingSectionsInto: &parser
        )
        if StoresManifest.isManifest(document) {
            return .storesManifest(StoresManifest(document, path: path))
        }
        return .menu(loader.load(consume document, parsedBy: parser, path: path))
    }
}
