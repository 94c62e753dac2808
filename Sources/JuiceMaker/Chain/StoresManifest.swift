/// A chain's list of stores: each store's menu and inventory file.
///
/// ```yaml
/// stores:
///   gangnam: { menu: stores/gangnam.yaml, inventory: ../state/gangnam.yaml }
/// ```
public struct StoresManifest: Sendable {
    /// One store of the chain.
    public struct Entry: Sendable, Hashable {
        /// The store's name, following the id rule.
        public var name: String
        /// The menu file: the manifest's path for it joined to the manifest's
        /// folder, normalised.
        public var menuPath: String
        /// The inventory file, likewise; `nil` means the menu's initial stock.
        public var inventoryPath: String?
        /// Where the store's name is written in the manifest.
        public var location: SourceLocation
        /// Where the store's menu path is written in the manifest.
        public var menuLocation: SourceLocation
        /// The manifest's `dayStarts`, if it sets one: the store's own
        /// menu's wins (see ``StoreAddress/dayStarts``).
        public var dayStarts: DayStart?
    }

    /// The manifest's path, as the user gave it.
    var path: String
    /// The stores that could be read, in the manifest's order.
    public var stores: [Entry]
    /// The problems of the manifest itself. Unlike a menu's or an
    /// inventory's, they do not make the manifest unusable: the stores read
    /// without error are still in ``stores``, so that a chain is reported
    /// around one broken entry.
    public var diagnostics: [Diagnostic]

    /// Reads a manifest. Stores whose entries are invalid are left out of
    /// ``stores`` and reported in ``diagnostics``; the others are kept.
    ///
    /// - Parameter overlay: open documents read instead of the disk.
    /// - Throws: ``FileError`` when the manifest cannot be read.
    static func load(path: String, overlay: FileOverlay = FileOverlay()) throws(FileError) -> StoresManifest {
        StoresManifest(
            try YAMLDocument.load(path: path, allowsEmpty: false, limits: .standard, overlay: overlay), path: path)
    }

    /// Reads a manifest from text, as if it were the file at `path`.
    static func load(text: String, assumingPath path: String) -> StoresManifest {
        load(contents: Array(text.utf8), assumingPath: path)
    }

    /// Reads a manifest from a file's bytes (which need not be valid UTF-8),
    /// as if they were the file at `path`.
    static func load(contents: [UInt8], assumingPath path: String) -> StoresManifest {
        StoresManifest(YAMLDocument.parse(contents, file: path, allowsEmpty: false, limits: .standard), path: path)
    }
}
