/// The tickets' keys an import knows (the journal's, and those it booked),
/// each kept as 128 bits of two of the process's seeded hashes of its text
/// rather than the text, in a ``SortedRunSet`` rather than a `Set`: a
/// month of a chain's tickets is hundreds of thousands of keys, and an
/// import's memory stays small. Two keys share both hashes with a chance
/// of about n² in 2¹²⁹.
struct TicketKeys {
    private var digests = SortedRunSet<UInt128>()

    /// No keys.
    init() {}

    /// A key as the set keeps it: hashed once for a lookup and the insert
    /// that may follow.
    struct Digest {
        fileprivate var value: UInt128
    }

    /// Adds `key`.
    mutating func insert(_ key: IdempotencyKey) {
        insert(Self.digest(of: key))
    }

    /// Adds the key of `digest`.
    mutating func insert(_ digest: Digest) {
        digests.insert(digest.value)
    }

    /// Whether the key of `digest` was added.
    func contains(_ digest: Digest) -> Bool {
        digests.contains(digest.value)
    }

    /// `key` as the set keeps it.
    static func digest(of key: IdempotencyKey) -> Digest {
        Digest(value: hashes(of: key))
    }

    private static func hashes(of key: IdempotencyKey) -> UInt128 {
        var first = Hasher()
        first.combine(0 as UInt8)
        first.combine(key.text)
        var second = Hasher()
        second.combine(1 as UInt8)
        second.combine(key.text)
        return UInt128(UInt(bitPattern: first.finalize())) << 64 | UInt128(UInt(bitPattern: second.finalize()))
    }
}
