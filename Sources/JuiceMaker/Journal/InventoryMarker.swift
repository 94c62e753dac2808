#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an inventory written by `juice` records of its journal, in a
/// comment line: `# journal: entry 7, check 3f9a0c1e2b4d5a6f`. The entry is
/// the last one the stock includes (later ones never took effect); the
/// check is a hash of the counts as written, so that a hand edit of them
/// is found.
struct InventoryMarker: Hashable {
    /// The id of the last journal entry the stock includes (0: none).
    var entry: Int
    /// ``checksum(of:menu:)`` of the stock as written.
    var check: UInt64

    private static let prefix = "# journal: entry "

    /// The marker of the stock `inventory` that includes entry `entry`.
    init(entry: Int, inventory: Inventory, menu: Menu) {
        self.entry = entry
        self.check = Self.checksum(of: inventory, menu: menu)
    }

    /// The comment line, with its line feed.
    var line: String {
        Self.prefix + "\(entry), check " + StableHash.hex(check) + "\n"
    }

    /// Whether `inventory` is the stock this marker was written with.
    func matches(_ inventory: Inventory, menu: Menu) -> Bool {
        check == Self.checksum(of: inventory, menu: menu)
    }

    /// The ``StableHash`` of `fruit=count` (`fruit=[lots]` for a fruit
    /// with a dated lot) of every fruit of the menu, in menu order.
    static func checksum(of inventory: Inventory, menu: Menu) -> UInt64 {
        var hash = StableHash()
        for fruit in menu.fruits {
            // A fruit without a dated lot hashes as its count did before lots.
            hash.combine("\(fruit.id)=\(inventory.stockText(of: fruit.id))\n".utf8)
        }
        return hash.value
    }

    /// The marker in the first lines of the file at `path`, if it has one;
    /// `nil` when there is no file, or no marker in it (a hand-written
    /// inventory).
    ///
    /// A file that is there but cannot be read is no "no marker": taking it
    /// for one would keep entries that never took effect (what a writer
    /// killed midway left), so the change or read that needs it stops.
    ///
    /// - Parameter shownPath: the path errors name, if not `path`.
    /// - Throws: ``FileError/unreadable(path:reason:)`` for any failure
    ///   but "does not exist": too many open files, no right to read, not a
    ///   regular file, an I/O error.
    static func read(path: String, shownAs shownPath: String? = nil) throws(FileError) -> InventoryMarker? {
        guard let descriptor = try openRegularFile(path, shownAs: shownPath)?.descriptor else { return nil }
        defer { closeDescriptor(descriptor) }
        var head = [UInt8](repeating: 0, count: headBytes)
        var count: Int
        repeat {
            count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        } while count < 0 && errno == EINTR
        guard count >= 0 else { throw .reading(path: shownPath ?? path, errno: errno) }
        return parse(head[..<count])
    }

    /// How many of an inventory file's first bytes are searched for the
    /// marker.
    static let headBytes = 512

    /// The marker line among the first bytes of an inventory file, if any.
    static func parse(_ head: ArraySlice<UInt8>) -> InventoryMarker? {
        let text = String(decoding: head, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        let fields = line.dropFirst(prefix.count).split(separator: " ")
        guard fields.count == 3, fields[0].hasSuffix(","), let entry = Int(fields[0].dropLast()), entry >= 0,
            fields[1] == "check", let check = UInt64(fields[2], radix: 16)
        else { return nil }
        return InventoryMarker(entry: entry, check: check)
    }

    private init(entry: Int, check: UInt64) {
        self.entry = entry
        self.check = check
    }
}
