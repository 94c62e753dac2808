import Foundation

/// What tells that a file changed without reading it: its inode (the
/// inventory is replaced by a rename), size and modification time. Compared
/// every quarter of a second by each event stream, so that a change by any
/// process (a `juice` command included) is seen.
struct InventoryStamp: Sendable, Equatable {
    var inode: UInt64
    var size: UInt64
    var modified: Date

    /// The stamp of the file at `path`; `nil` when there is none (yet).
    init?(path: String) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
            let size = (attributes[.size] as? NSNumber)?.uint64Value,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}
