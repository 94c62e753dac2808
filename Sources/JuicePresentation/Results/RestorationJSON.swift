import JuiceMaker

/// `juice restore --format json`: `{"ok": true, "folder": "...", "stores":
/// [{"name": "main", "files": [...], "lastEntry": 12, "replacedLastEntry": 14}]}`.
package struct RestorationJSON: Encodable, Sendable {
    /// One store put back.
    package struct Store: Encodable, Sendable {
        package var name: String
        package var files: [String]
        package var lastEntry: Int
        package var replacedLastEntry: Int
    }

    package var ok = true
    package var folder: String
    package var stores: [Store]

    /// The restore as JSON.
    package init(_ restoration: Restoration) {
        folder = restoration.folder
        stores = restoration.stores.map {
            Store(name: $0.name, files: $0.files, lastEntry: $0.lastEntry, replacedLastEntry: $0.replacedLastEntry)
        }
    }
}
