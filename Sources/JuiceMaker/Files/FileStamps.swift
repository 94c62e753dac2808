/// The stamps of some files, taken together: the one rule for "did these
/// files change" without reading them (a ``FileStamp`` each, in order).
/// The store service says which files a store's state and its menu are
/// (``StoreService/stamps(of:)``, ``StoreService/menuStamps(of:)``); the
/// server's event streams, the sync and the chain's copy compare them.
package struct FileStamps: Sendable, Equatable {
    /// The files stamped, in order.
    package let paths: [String]
    private let stamps: [FileStamp?]

    /// The stamps of the files at `paths` now (`nil` for one that is not
    /// there or cannot be looked at).
    package init(of paths: [String]) {
        self.paths = paths
        stamps = paths.map(FileStamp.init(path:))
    }

    /// The same files' stamps now.
    package func now() -> FileStamps {
        FileStamps(of: paths)
    }

    /// Whether no file changed since these stamps were taken.
    package var areCurrent: Bool {
        now() == self
    }
}
