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

    /// Adds `key`.
    mutating func insert(_ key: IdempotencyKey) {
        digests.insert(Self.digest(of: key))
    }

    /// Whether `key` was added.
    func contains(_ key: IdempotencyKey) -> Bool {
        digests.contains(Self.digest(of: key))
    }

    private static func digest(of key: IdempotencyKey) -> UInt128 {
        var first = Hasher()
        first.combine(0 as UInt8)
        first.combine(key.text)
        var second = Hasher()
        second.combine(1 as UInt8)
        second.combine(key.text)
        return UInt128(UInt(bitPattern: first.finalize())) << 64 | UInt128(UInt(bitPattern: second.finalize()))
    }
}
