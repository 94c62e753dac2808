/// How many times each row of a generic export without a ticket column was
/// met (by a 64-bit hash of its fields), for its key: the `n`th of
/// identical rows is the `n`th sale. Kept as the pairs (hash, n) in a
/// ``SortedRunSet``, so that memory stays bounded whatever the export's
/// size: most rows are met once, and each costs one lookup that the set's
/// filter answers. A row's count is found by doubling and then halving
/// (the pairs of a hash are 1 to n), and the last row's is remembered
/// (identical rows come together): a run of identical rows costs an insert
/// a row, not a lookup of each row before it.
package struct RowCounts {
    private var seen = SortedRunSet<UInt128>()
    private var last: (hash: UInt64, count: Int)?

    /// None met.
    package init() {}

    /// Meets one more row of `hash`: how many were met with it, this one
    /// included.
    package mutating func meet(_ hash: UInt64) -> Int {
        let count = last.flatMap { $0.hash == hash ? $0.count + 1 : nil } ?? met(hash) + 1
        seen.insert(Self.pair(hash, count))
        last = (hash, count)
        return count
    }

    /// How many rows of `hash` were met: the pairs (hash, 1...n) are held.
    private func met(_ hash: UInt64) -> Int {
        guard seen.contains(Self.pair(hash, 1)) else { return 0 }
        // Held up to `low`, not at `high`.
        var (low, high) = (1, 2)
        while seen.contains(Self.pair(hash, high)) { (low, high) = (high, high * 2) }
        while high - low > 1 {
            let middle = (low + high) / 2
            if seen.contains(Self.pair(hash, middle)) { low = middle } else { high = middle }
        }
        return low
    }

    private static func pair(_ hash: UInt64, _ count: Int) -> UInt128 {
        UInt128(hash) << 64 | UInt128(UInt64(count))
    }
}
