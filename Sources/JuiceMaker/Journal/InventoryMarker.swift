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

    /// The ``StableHash`` of `fruit=count` of every fruit of the menu, in
    /// menu order.
    static func checksum(of inventory: Inventory, menu: Menu) -> UInt64 {
        var hash = StableHash()
        for fruit in menu.fruits {
            hash.combine("\(fruit.id)=\(inventory[fruit.id])\n".utf8)
        }
        return hash.value
    }

    /// The marker in the first lines of the file at `path`, if it has one.
    static func read(path: String) -> InventoryMarker? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { closeDescriptor(descriptor) }
        var head = [UInt8](repeating: 0, count: 512)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: head[..<count], as: UTF8.self)
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
