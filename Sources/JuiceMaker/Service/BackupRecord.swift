import Foundation

/// What a backup's folder says of itself, in its `juice-backup.json`:
/// each store's files, by the absolute paths they were copied from (and
/// are restored to), and the journal's last entry and history the copy
/// holds. Each file's copy is at `files/` followed by that path, so that a
/// menu's relative `extends` name the copies of the files they named.
struct BackupRecord: Codable, Sendable, Hashable {
    /// One store's files.
    struct Store: Codable, Sendable, Hashable {
        /// The store's name: its manifest's, else `main`.
        var name: String
        /// The menu file; `nil` for the built-in menu.
        var menu: String?
        /// The menu file and every file it extends.
        var menuFiles: [String]
        /// The inventory file; `nil` for a store that names none.
        var inventory: String?
        /// Its journal; `nil` with no inventory.
        var journal: String?
        /// Whether the inventory file was there (no file: the menu's
        /// initial stock, and no entry).
        var hasInventory: Bool
        /// The last journal entry the copy holds; 0 for none.
        var lastEntry: Int
        /// The hash of the copy's history up to it (``JournalEntry/historyHash(after:)``).
        var history: String
        /// What the journal does not explain of the inventory, by fruit:
        /// its stock less the menu's initial stock changed by every entry
        /// (a hand edit the next change would record, an inventory written
        /// by hand, an initial stock changed since). Empty for a store
        /// whose journal replays to its inventory.
        var unrecorded: [String: Int] = [:]
    }

    /// The record's format; a later juice that changes it says so here.
    var format = 1
    /// When the backup was taken (RFC 3339, UTC).
    var taken: String
    /// The stores, in the order they were named.
    var stores: [Store]

    /// The record's file name in a backup's folder.
    static let fileName = "juice-backup.json"
    /// The folder of the copies in a backup's folder.
    static let filesFolder = "files"

    /// Where the copy of the file at `path` (absolute) is in `folder`.
    static func copy(of path: String, in folder: String) -> String {
        folder + "/" + filesFolder + path
    }

    /// The record's text: JSON, keys sorted, one store per line's worth.
    func text() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Strings and numbers only: encoding cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }

    /// The record in `bytes`; `nil` when they are not one.
    static func read(_ bytes: [UInt8]) -> BackupRecord? {
        guard let record = try? JSONDecoder().decode(BackupRecord.self, from: Data(bytes)), record.format == 1,
            record.stores.allSatisfy(\.isWellFormed)
        else { return nil }
        return record
    }
}

extension BackupRecord.Store {
    /// Whether every path is absolute and normal (no `.` or `..`): a
    /// record edited by hand must not make a restore write elsewhere than
    /// where files were copied from, nor a copy be read outside the folder.
    var isWellFormed: Bool {
        let paths = [menu, inventory, journal].compactMap { $0 } + menuFiles
        return paths.allSatisfy { $0.hasPrefix("/") && PathName.normalize($0) == $0 }
            && (inventory == nil) == (journal == nil) && lastEntry >= 0
    }
}
