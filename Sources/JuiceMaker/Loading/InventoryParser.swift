internal import MarkedYAML

/// Reads an inventory file against the menu it counts the fruits of.
enum InventoryParser {
    /// The inventory a text describes: the menu's initial stock, overridden
    /// by every fruit the text lists.
    ///
    /// - Parameters:
    ///   - dropsRetired: whether a fruit the menu does not declare (one it
    ///     no longer has) is dropped, its count with it, instead of being
    ///     an `unknown-fruit` error.
    ///   - isWrittenByJuice: whether the file carries the marker `juice`
    ///     writes with every fruit of the menu; asked only when a fruit is
    ///     missing, which is then a `missing-key` warning that names the
    ///     count it falls back to (a hand edit that cut lines, or a fruit
    ///     new in the menu).
    static func parse(
        _ document: YAMLDocument.Outcome, file: String, menu: Menu, dropsRetired: Bool = false,
        isWrittenByJuice: () -> Bool = { false }
    ) -> InventoryRead {
        var reader = NodeReader(file: file)
        var inventory = Inventory(initialStockOf: menu)
        var retired: [String] = []
        var listed = Set<String>()
        if let root = document.root, !root.isNull, let pairs = reader.mapping(root, for: Message(.anInventory)) {
            // The initial stock lists every fruit of the menu, and only those:
            // finding a fruit's place in it is also the check that the menu
            // declares the fruit.
            var counts = inventory.counts
            var suggester = Suggester { menu.fruits.map(\.id) }
            for pair in pairs {
                guard let fruit = reader.key(pair) else { continue }
                if let overlong = Schema.overlongID(fruit, kind: Message(.fruitWord), at: reader.location(of: pair.key))
                {
                    reader.report(overlong)
                    continue
                }
                guard let place = counts.index(forKey: fruit) else {
                    // A key the menu lacks that names another kind of file
                    // (a menu's `fruits`, a manifest's `stores`): one error
                    // for the file instead of one per key.
                    if Schema.tellingKeys.contains(where: { pair.key.isScalar($0) }) {
                        var kind = NodeReader(file: file)
                        if kind.isWrongKind(
                            pairs, expected: Message(.anInventory), isOwnKey: { menu.fruit(id: $0) != nil })
                        {
                            return InventoryRead(
                                loaded: Loaded(value: nil, diagnostics: document.diagnostics + kind.diagnostics))
                        }
                    }
                    if dropsRetired {
                        retired.append(fruit)
                        continue
                    }
                    let suggestion = suggester.clause(for: fruit)
                    reader.error(.unknownFruit, Message(.unknownFruitInInventory, "\(fruit)", suggestion), at: pair.key)
                    continue
                }
                listed.insert(fruit)
                if let count = reader.count(pair.value, in: Schema.stockRange, for: Message(.stockOf, "\(fruit)")) {
                    counts.values[place] = count
                }
            }
            inventory = Inventory(counts: counts)
        }
        if listed.count < menu.fruits.count, isWrittenByJuice() {
            for fruit in menu.fruits where !listed.contains(fruit.id) {
                reader.report(
                    .warning(
                        .missingKey, Message(.fruitNotInInventory, "\(fruit.id)", "\(fruit.initialStock)"),
                        at: .start(of: file)))
            }
        }
        let diagnostics = (document.diagnostics + reader.diagnostics).sortedByLocation().limited()
        return InventoryRead(
            loaded: Loaded(value: diagnostics.containsErrors ? nil : inventory, diagnostics: diagnostics),
            retired: retired)
    }
}

extension Inventory {
    /// Reads the inventory file at `path`: the menu's initial stock,
    /// overridden by every fruit the file lists. Anything but a regular file
    /// (a device, a FIFO) is refused at once: an inventory is written back.
    ///
    /// - Throws: ``FileError`` when the file cannot be read, ``FileError/notFound(path:)``
    ///   included (a store opened by ``StoreService`` takes a missing file as the initial stock).
    public static func load(path: String, menu: Menu) throws(FileError) -> Loaded<Inventory> {
        try load(path: path, menu: menu, dropsRetired: false).loaded
    }

    /// Reads the inventory at `path` (from `overlay` when it is open there),
    /// and when `dropsRetired`, without the fruits the menu no longer has.
    static func load(
        path: String, menu: Menu, dropsRetired: Bool, overlay: FileOverlay = FileOverlay()
    ) throws(FileError) -> InventoryRead {
        let document = try YAMLDocument.load(
            path: path, allowsEmpty: true, limits: .standard, onlyRegular: true, overlay: overlay)
        return InventoryParser.parse(document, file: path, menu: menu, dropsRetired: dropsRetired) {
            // A marker that cannot be read now says nothing either way.
            ((try? InventoryMarker.read(path: path)) ?? nil) != nil
        }
    }

    /// Reads an inventory from what reading the file at `path` gave,
    /// `marker` the marker among its bytes (whether `juice` wrote it).
    static func load(
        contents: SourceFile.Contents, path: String, marker: InventoryMarker?, menu: Menu, dropsRetired: Bool
    ) -> InventoryRead {
        InventoryParser.parse(
            YAMLDocument.parse(contents, file: path, allowsEmpty: true, limits: .standard), file: path, menu: menu,
            dropsRetired: dropsRetired
        ) { marker != nil }
    }

    /// Reads an inventory from text, as if it were the file at `path`.
    ///
    /// An empty text lists nothing: every fruit has the menu's initial stock.
    public static func load(text: String, assumingPath path: String, menu: Menu) -> Loaded<Inventory> {
        load(contents: Array(text.utf8), assumingPath: path, menu: menu)
    }

    /// Reads an inventory from a file's bytes (which need not be valid
    /// UTF-8), as if they were the file at `path`.
    public static func load(contents: [UInt8], assumingPath path: String, menu: Menu) -> Loaded<Inventory> {
        InventoryParser.parse(
            YAMLDocument.parse(contents, file: path, allowsEmpty: true, limits: .standard), file: path, menu: menu
        ).loaded
    }

    /// The line `# yaml-language-server: $schema=...` (which tells an
    /// editor the file's JSON Schema) among the comment lines an
    /// inventory's text starts with, with its line feed; `nil` when there
    /// is none. A rewrite keeps it, as the only comment of a person's.
    static func schemaModeline(in bytes: [UInt8]) -> String? {
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            guard line.first == UInt8(ascii: "#") else { return nil }
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("# yaml-language-server:") {
                return (text.hasSuffix("\r") ? String(text.dropLast()) : text) + "\n"
            }
        }
        return nil
    }

    /// The inventory file's text: every fruit of `menu`, in the menu's order.
    public func yamlText(for menu: Menu) -> String {
        yamlText(for: menu, marker: nil)
    }

    /// ``yamlText(for:)`` with the line that records the journal's last
    /// entry the stock includes, after `modeline` (an editor's schema line,
    /// kept from the file replaced).
    func yamlText(for menu: Menu, marker: InventoryMarker?, modeline: String? = nil) -> String {
        var text = modeline ?? ""
        text += "# Stock per fruit, written by juice. Edit by hand or with `juice adjust`.\n"
        text += marker?.line ?? ""
        for fruit in menu.fruits {
            text += "\(fruit.id): \(self[fruit.id])\n"
        }
        return text
    }
}
