import Foundation
import JuiceMaker

/// A store's journal as the database takes it, read through the store
/// service: each entry with its line, its hash, the hash of the history
/// up to it, and the stock after it (the menu's initial stock changed by
/// every entry so far, as the journal's rule says).
///
/// A history may hold only the entries past a ``base`` it continues (what
/// a `--watch` round read before): it is then read from the journal's end
/// back to the base, at the cost of the new entries only.
struct StoreHistory: Sendable {
    /// One entry, ready to be shipped.
    struct Row: Sendable {
        var id: Int
        var line: String
        var hash: String
        var history: String
        var time: String
        var kind: String
        /// The stock after the entry, as a JSON object, fruits sorted.
        var stock: String
    }

    /// The entry the rows follow, as a history read before left it: 0 and
    /// `""` for the whole journal.
    struct Base: Sendable {
        var id = 0
        var hash = ""
        var history = ""
        /// The stock after it, each fruit's count.
        var stock: [String: Int] = [:]
    }

    /// What the rows follow.
    private(set) var base = Base()

    /// The entries after ``base``, in order: `rows[i]` is entry `base.id + i + 1`.
    private(set) var rows: [Row] = []

    /// The id of the last entry; 0 for an empty journal.
    var last: Int { base.id + rows.count }

    /// The hash of the whole history; `""` for an empty journal.
    var history: String { rows.last?.history ?? base.history }

    /// The inventory file's text when the last entry was its last, as the
    /// shop has it; `nil` when there is no file yet.
    private(set) var inventory: String?

    /// The stock after the last entry, as a JSON object, fruits sorted;
    /// with no entries, the inventory's (the menu's initial stock when
    /// there is no file).
    var stock: String { rows.last?.stock ?? initialStock }
    private var initialStock = "{}"

    /// Where the last entry leaves things: the base of a history that
    /// continues this one.
    private var end = Base()

    /// Whether entry `id` is known: ``base`` or a row.
    func holds(_ id: Int) -> Bool { id >= base.id && id <= last }

    /// The hash of the history up to entry `id`, which it ``holds(_:)``.
    func history(upTo id: Int) -> String { id == base.id ? base.history : rows[id - base.id - 1].history }

    /// The rows after entry `id` (which it holds), at most `count` of them.
    func rows(after id: Int, count: Int) -> ArraySlice<Row> {
        rows[(id - base.id)..<min(id - base.id + count, rows.count)]
    }

    /// Reads the store at `address`: its inventory and the entries its
    /// stock includes, of one moment; a store that names no inventory has
    /// no entries. The stock after each entry keeps every fruit the entries
    /// change, those the menu no longer has too (as ``JuiceMaker/Variance``
    /// does).
    ///
    /// - Parameter previous: a history read before, which this one
    ///   continues when the journal still has its last entry, the same:
    ///   only the entries past it are read then.
    /// - Throws: ``StoreStop/unreadable(store:reason:)`` when its menu or
    ///   journal cannot be read, or a line of the journal is no entry.
    init(
        store name: String, at address: StoreAddress, service: StoreService, continuing previous: StoreHistory? = nil
    ) throws(StoreStop) {
        let base: Base
        let read: InventoryWithJournal
        do {
            (base, read) = try Self.read(store: address, service: service, continuing: previous)
            if read.entries.isEmpty, base.id == 0 {
                initialStock = Self.json(try service.open(address).readStock().inventory.counts)
            }
        } catch {
            throw .unreadable(store: name, reason: error.description)
        }
        if let error = read.diagnostics.first(where: { $0.severity == .error }) {
            throw .unreadable(store: name, reason: error.description)
        }
        self.base = base
        inventory = read.text
        end = base
        rows.reserveCapacity(read.entries.count)
        for entry in read.entries {
            for (fruit, change) in entry.changes { end.stock[fruit, default: 0] &+= change }
            end.history = entry.historyHash(after: end.history)
            end.id = entry.id
            end.hash = entry.hash
            rows.append(
                Row(
                    id: entry.id, line: entry.line, hash: entry.hash, history: end.history,
                    time: entry.time.description, kind: entry.kind.rawValue, stock: Self.json(end.stock)))
        }
    }

    /// The store's inventory and the entries past the base: `previous`'s
    /// end when the journal still has its last entry, the same; else the
    /// whole journal.
    private static func read(
        store address: StoreAddress, service: StoreService, continuing previous: StoreHistory?
    ) throws(StoreError) -> (Base, InventoryWithJournal) {
        let store = try service.open(address)
        if let previous, previous.last > 0 {
            var read = try store.readInventoryWithJournal(after: previous.last)
            if read.entries.first?.id == previous.last, read.entries.first?.hash == previous.end.hash {
                read.entries.removeFirst()
                return (previous.end, read)
            }
        }
        return (Base(stock: Inventory(initialStockOf: store.menu).counts), try store.readInventoryWithJournal())
    }

    /// A stock as a JSON object, fruits sorted.
    private static func json(_ stock: [String: Int]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(stock)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
