import JuiceMaker

/// `juice backup --format json`: `{"ok": true, "folder": "...", "stores":
/// [{"name": "main", "files": [...], "lastEntry": 12}]}`.
package struct BackupJSON: Encodable, Sendable {
    /// One store's copy.
    package struct Store: Encodable, Sendable {
        package var name: String
        package var files: [String]
        package var lastEntry: Int
    }

    package var ok = true
    package var folder: String
    package var stores: [Store]

    /// The backup as JSON.
    package init(_ backup: Backup) {
        folder = backup.folder
        stores = backup.stores.map { Store(name: $0.name, files: $0.files, lastEntry: $0.lastEntry) }
    }
}
