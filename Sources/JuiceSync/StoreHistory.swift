import Foundation
import JuiceMaker

/// A store's journal as the database takes it, read through the store
/// service: each entry with its line, its hash, the hash of the history
/// up to it, and the stock after it (the menu's initial stock changed by
/// every entry so far, as the journal's rule says).
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

    /// The entries in order: `rows[i]` is entry `i + 1`.
    var rows: [Row] = []

    /// The id of the last entry; 0 for an empty journal.
    var last: Int { rows.count }

    /// The hash of the whole history; `""` for an empty journal.
    var history: String { rows.last?.history ?? "" }

    /// The inventory file's text when the last entry was its last, as the
    /// shop has it; `nil` when there is no file yet.
    var inventory: String?

    /// The stock after the last entry, as a JSON object, fruits sorted;
    /// with no entries, the inventory's (the menu's initial stock when
    /// there is no file).
    var stock: String { rows.last?.stock ?? initialStock }
    private var initialStock = "{}"

    /// Reads the store at `address`: its inventory and the entries its
    /// stock includes, of one moment; a store that names no inventory has
    /// no entries. The stock after each entry keeps every fruit the entries
    /// change, those the menu no longer has too (as ``JuiceMaker/Variance``
    /// does).
    ///
    /// - Throws: ``StoreStop/unreadable(store:reason:)`` when its menu or
    ///   journal cannot be read, or a line of the journal is no entry.
    init(store name: String, at address: StoreAddress, service: StoreService) throws(StoreStop) {
        let read: InventoryWithJournal
        var rows: [Row] = []
        do {
            let store = try service.open(address)
            read = try store.readInventoryWithJournal()
            if read.entries.isEmpty { initialStock = Self.json(try store.readStock().inventory.counts) }
            var stock = Inventory(initialStockOf: store.menu).counts
            var history = ""
            rows.reserveCapacity(read.entries.count)
            for entry in read.entries {
                for (fruit, change) in entry.changes { stock[fruit, default: 0] &+= change }
                history = entry.historyHash(after: history)
                rows.append(
                    Row(
                        id: entry.id, line: entry.line, hash: entry.hash, history: history,
                        time: entry.time.description, kind: entry.kind.rawValue, stock: Self.json(stock)))
            }
        } catch {
            throw .unreadable(store: name, reason: error.description)
        }
        if let error = read.diagnostics.first(where: { $0.severity == .error }) {
            throw .unreadable(store: name, reason: error.description)
        }
        self.rows = rows
        inventory = read.text
    }

    /// A stock as a JSON object, fruits sorted.
    private static func json(_ stock: [String: Int]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(stock)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
