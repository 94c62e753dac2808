import Foundation
import JuiceMaker

/// A store's journal as the database takes it, read through the store
/// service: each entry with its line, its hash, the hash of the history
/// up to it, and the stock after it.
///
/// The stock is `juice`'s: the inventory's counts (read from the text that
/// is shipped with the entries, as `juice report` reads the file) after the
/// last entry, and before that the same less the changes of the entries
/// after each. One truth, whatever the menu's initial stock became or a
/// line of the journal says: the database's stock is the shop's.
///
/// A history may hold only the entries past a ``base`` it continues (what
/// a `--watch` round read before): it is then read from the journal's end
/// back to the base, at the cost of the new entries only.
struct SyncedHistory: Sendable {
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
    }

    /// The store's name in the database.
    let store: String

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

    /// The stock after the last entry: the inventory's counts (the menu's
    /// initial stock when there is no file), as a JSON object, fruits sorted.
    private(set) var stock = "{}"

    /// Where the last entry leaves things: the base of a history that
    /// continues this one.
    private var end: Base { rows.last.map { Base(id: $0.id, hash: $0.hash, history: $0.history) } ?? base }

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
    /// no entries. The stocks hold the fruits the inventory counts (the
    /// menu's); a change of a fruit the menu no longer has is in no stock.
    ///
    /// - Parameter previous: a history read before, which this one
    ///   continues when the journal still has its last entry, the same:
    ///   only the entries past it are read then.
    /// - Throws: ``SyncStop/unreadable(store:reason:)`` when its menu,
    ///   inventory or journal cannot be read (an inventory `juice` refuses
    ///   too), or a line of the journal is no entry.
    init(
        store name: String, at address: StoreAddress, service: StoreService, continuing previous: SyncedHistory? = nil
    ) throws(SyncStop) {
        store = name
        let read: InventoryWithJournal
        var counts: [String: Int]
        do throws(StoreError) {
            let opened = try service.open(address)
            (base, read) = try Self.read(opened, continuing: previous)
            counts = try Self.counts(of: read.text, in: opened)
        } catch {
            throw .unreadable(store: name, reason: error)
        }
        if let error = read.diagnostics.first(where: { $0.severity == .error }) {
            throw .unreadable(store: name, reason: .invalidData([error]))
        }
        inventory = read.text
        stock = Self.json(counts)
        rows.reserveCapacity(read.entries.count)
        var history = base.history
        for entry in read.entries {
            history = entry.historyHash(after: history)
            rows.append(
                Row(
                    id: entry.id, line: entry.line, hash: entry.hash, history: history, time: entry.time.description,
                    kind: entry.kind.rawValue, stock: ""))
        }
        // From the last entry back: each entry's stock is the next one's
        // less the next entry's changes.
        for index in rows.indices.reversed() {
            rows[index].stock = Self.json(counts)
            for (fruit, change) in read.entries[index].changes where counts[fruit] != nil {
                counts[fruit]! &-= change
            }
        }
    }

    /// The journal as it is now, read again: whole when this history is
    /// (so that a disagreement found then can name its entry), else
    /// continuing it when the journal still has its last entry.
    ///
    /// - Throws: ``SyncStop/unreadable(store:reason:)``.
    func readAgain(at address: StoreAddress, service: StoreService) throws(SyncStop) -> SyncedHistory {
        try SyncedHistory(store: store, at: address, service: service, continuing: base.id == 0 ? nil : self)
    }

    /// The store's inventory and the entries past the base: `previous`'s
    /// end when the journal still has its last entry, the same; else the
    /// whole journal.
    private static func read(
        _ store: Store, continuing previous: SyncedHistory?
    ) throws(StoreError) -> (Base, InventoryWithJournal) {
        if let previous, previous.last > 0 {
            var read = try store.readInventoryWithJournal(after: previous.last)
            if read.entries.first?.id == previous.last, read.entries.first?.hash == previous.end.hash {
                read.entries.removeFirst()
                return (previous.end, read)
            }
        }
        return (Base(), try store.readInventoryWithJournal())
    }

    /// The stock the inventory's `text` says, as `juice` reads the file:
    /// the menu's initial stock when there is no file.
    ///
    /// - Throws: ``StoreError/invalidData(_:)`` when `juice` would refuse it.
    private static func counts(of text: String?, in store: Store) throws(StoreError) -> [String: Int] {
        guard let text else { return Inventory(initialStockOf: store.menu).counts }
        let loaded = Inventory.load(text: text, assumingPath: store.inventoryPath ?? "", menu: store.menu)
        guard let inventory = loaded.value else { throw .invalidData(loaded.diagnostics) }
        return inventory.counts
    }

    /// A stock as a JSON object, fruits sorted.
    private static func json(_ stock: [String: Int]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(stock)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
