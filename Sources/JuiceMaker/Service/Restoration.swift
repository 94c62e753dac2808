/// A restore made by ``StoreService/restore(from:force:store:)``: what each
/// store was given back.
public struct Restoration: Sendable, Hashable {
    /// One store put back.
    public struct Store: Sendable, Hashable {
        /// The store's name in the backup.
        public var name: String
        /// The files written back, as the backup recorded them (absolute).
        public var files: [String]
        /// The last journal entry restored; 0 for none.
        public var lastEntry: Int
        /// The store's last entry before the restore: above ``lastEntry``
        /// (or another history) only when forced.
        public var replacedLastEntry: Int
    }

    /// The backup's folder.
    public var folder: String
    /// The stores, in the backup's order.
    public var stores: [Store]
}
