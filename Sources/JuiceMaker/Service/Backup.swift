/// A backup taken by ``StoreService/backup(_:into:time:)``: its new folder
/// and what it holds of each store.
public struct Backup: Sendable, Hashable {
    /// One store's copy.
    public struct Store: Sendable, Hashable {
        /// The store's name: its manifest's, else `main`.
        public var name: String
        /// The files copied, as their paths were given (the menu and every
        /// file it extends, the inventory and its journal when there).
        public var files: [String]
        /// The last journal entry the copy holds; 0 for none.
        public var lastEntry: Int
    }

    /// The backup's folder, made under the folder asked for.
    public var folder: String
    /// The stores, in the order they were named.
    public var stores: [Store]
}
