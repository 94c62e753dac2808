/// The stamps of some files, taken together: the one rule for "did these
/// files change" without reading them (a ``FileStamp`` each, in order).
/// The store service says which files a store's state and its menu are
/// (``StoreService/stamps(of:)``, ``StoreService/menuStamps(of:)``); the
/// server's event streams, the sync and the chain's copy compare them.
public struct FileStamps: Sendable, Equatable {
    /// The files stamped, in order.
    public let paths: [String]
    private let stamps: [FileStamp?]

    /// The stamps of the files at `paths` now (`nil` for one that is not
    /// there or cannot be looked at).
    public init(of paths: [String]) {
        self.paths = paths
        stamps = paths.map(FileStamp.init(path:))
    }

    /// The same files' stamps now.
    public func now() -> FileStamps {
        FileStamps(of: paths)
    }

    /// Whether no file changed since these stamps were taken.
    public var areCurrent: Bool {
        now() == self
    }
}
