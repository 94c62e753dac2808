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
            var lots: [String: [Lot]] = [:]
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
                if let items = pair.value.items {
                    let fruitLots = readLots(items, of: fruit, with: &reader)
                    let total = fruitLots.reduce(0) { $0.addingSaturating($1.count) }
                    if total > Schema.maximumCount {
                        reader.report(
                            Schema.invalidCount(
                                Message(.stockOf, "\(fruit)"), shown: "\(total)", in: Schema.stockRange,
                                at: reader.location(of: pair.value)))
                    }
                    lots[fruit] = fruitLots
                    counts.values[place] = total
                } else if let count = reader.count(
                    pair.value, in: Schema.stockRange, for: Message(.stockOf, "\(fruit)"))
                {
                    counts.values[place] = count
                }
            }
            inventory = Inventory(counts: counts, lots: lots)
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

extension InventoryParser {
    /// A fruit's list of lots: each `{count: N, bestBefore: YYYY-MM-DD}`
    /// (`bestBefore` optional: an undated lot) or a plain count (an
    /// undated lot).
    private static func readLots(_ items: Node.Items, of fruit: String, with reader: inout NodeReader) -> [Lot] {
        var lots: [Lot] = []
        for (index, item) in items.enumerated() {
            let number: Message.Argument = "\(index + 1)"
            if item.scalar != nil {
                if let count = reader.count(item, in: Schema.stockRange, for: Message(.countOfLot, "\(fruit)", number))
                {
                    lots.append(Lot(count: count))
                }
                continue
            }
            guard let fields = reader.mapping(item, for: Message(.lotOfFruit, "\(fruit)", number)) else { continue }
            var count: Int?
            var bestBefore: CalendarDate?
            var hasCount = false
            for field in fields {
                if field.key.isScalar("count") {
                    hasCount = true
                    count = reader.count(
                        field.value, in: Schema.stockRange, for: Message(.countOfLot, "\(fruit)", number))
                } else if field.key.isScalar("bestBefore") {
                    bestBefore = date(field.value, lot: number, of: fruit, with: &reader)
                } else if let key = reader.key(field) {
                    reader.otherKey(
                        key, at: field.key, in: Message(.lotOfFruit, "\(fruit)", number), known: Schema.lotKeys)
                }
            }
            if !hasCount {
                reader.error(.missingKey, Message(.lotWithoutCount, "\(fruit)", number), at: item)
            }
            if let count { lots.append(Lot(count: count, bestBefore: bestBefore)) }
        }
        return lots
    }

    /// A lot's `bestBefore`: a date `YYYY-MM-DD`, plain or quoted (`~`: no
    /// date), or an `invalid-date` error. A text that is no day of the
    /// calendar (`2026-02-30`) is said as the journal and `adjust` say one
    /// (`invalid best-before '2026-02-30' ...: expected a date YYYY-MM-DD,
    /// a day of the calendar`); a value that is no text by its kind.
    private static func date(_ node: Node, lot: Message.Argument, of fruit: String, with reader: inout NodeReader)
        -> CalendarDate?
    {
        if node.isNull { return nil }
        if let scalar = node.scalar, node.tag == nil, let date = CalendarDate(parsing: scalar.text) { return date }
        let message =
            if let scalar = node.scalar {
                Message(.lotBestBefore, "\(fruit)", lot, "\(NodeReader.abbreviated(scalar.text))")
            } else {
                Message(.bestBeforeMustBeDate, "\(fruit)", lot, .message(Message(kindOf: node)))
            }
        reader.error(.invalidDate, message, at: node)
        return nil
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
            text += "\(fruit.id): " + stockText(of: fruit.id) + "\n"
        }
        return text
    }

    /// A fruit's stock as the file writes it: its count, or for a fruit
    /// with a dated lot, its lots in flow style, `[{count: 12, bestBefore:
    /// 2026-12-01}, {count: 4}]`.
    func stockText(of fruit: String) -> String {
        guard let lots = datedLots[fruit] else { return "\(self[fruit])" }
        let items = lots.map { lot in
            "{count: \(lot.count)" + (lot.bestBefore.map { ", bestBefore: \($0)" } ?? "") + "}"
        }
        return "[" + items.joined(separator: ", ") + "]"
    }
}
