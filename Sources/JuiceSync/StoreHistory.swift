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

    /// Reads the store at `address`; a store that names no inventory has
    /// no entries.
    ///
    /// - Throws: ``StoreStop/unreadable(store:reason:)`` when its menu or
    ///   journal cannot be read, or a line of the journal is no entry.
    init(store name: String, at address: StoreAddress, service: StoreService) throws(StoreStop) {
        let store: Store
        let diagnostics: [Diagnostic]
        var rows: [Row] = []
        do {
            store = try service.open(address)
            var stock = Inventory(initialStockOf: store.menu).counts
            var history = ""
            diagnostics = try store.readJournal { entry in
                for (fruit, change) in entry.changes where stock[fruit] != nil {
                    stock[fruit, default: 0] &+= change
                }
                history = entry.historyHash(after: history)
                rows.append(
                    Row(
                        id: entry.id, line: entry.line, hash: entry.hash, history: history,
                        time: entry.time.description, kind: entry.kind.rawValue, stock: Self.json(stock)))
            }
        } catch {
            throw .unreadable(store: name, reason: error.description)
        }
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            throw .unreadable(store: name, reason: error.description)
        }
        self.rows = rows
    }

    /// A stock as a JSON object, fruits sorted.
    private static func json(_ stock: [String: Int]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(stock)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
