/// The 64-bit hashes of tickets' keys, in a ``SortedRunSet``: what an
/// export's reader keeps of each ticket it finished, to refuse a ticket
/// whose rows stand apart. Half the size of ``TicketKeys``; two keys share
/// a hash with a chance of about n² in 2⁶⁵, and then an export is refused,
/// never booked wrong. Not generic, so that it is specialized here: the
/// reader is in another module of the package.
package struct TicketHashes {
    private var hashes = SortedRunSet<UInt64>()

    /// No hashes.
    package init() {}

    /// Adds `key`'s hash.
    package mutating func insert(_ key: IdempotencyKey) {
        hashes.insert(Self.hash(of: key))
    }

    /// Whether `key`'s hash was added.
    package func contains(_ key: IdempotencyKey) -> Bool {
        hashes.contains(Self.hash(of: key))
    }

    private static func hash(of key: IdempotencyKey) -> UInt64 {
        UInt64(UInt(bitPattern: key.hashValue))
    }
}
