/// A set of small values that an import gathers by the hundred thousand
/// (its tickets' keys' hashes), held densely: the latest few thousand in a
/// hash set, the rest in sorted arrays searched by halves, merged two of a
/// size as they fill (as a binary counter carries). About the values' own
/// size each, and at most twice that while the largest two arrays merge,
/// where a `Set` holds two to three times their size and doubles its table
/// at a stroke.
///
/// The values are hashes, spread evenly: a filter of three bits a value
/// (a Bloom filter, 8 to 16 bits a value held in the arrays, rebuilt as
/// they double) answers most lookups of a value not held (each new
/// ticket's) without searching the arrays, which took an eighth of an
/// import; one lookup in 200 to 30 searches them for nothing.
struct SortedRunSet<Element: FixedWidthInteger & UnsignedInteger> {
    /// How many values the hash set holds before they are sorted into a run.
    private static var recentLimit: Int { 4096 }

    private var recent: Set<Element> = []
    /// Sorted runs, each at least twice as long as the next.
    private var runs: [[Element]] = []
    /// How many values the runs hold.
    private var held = 0
    /// The filter's bits, set for each value of the runs; a power of two
    /// of them, none while there are no runs.
    private var filter: [UInt64] = []

    /// Adds `value` (held twice when it is there already: ``contains(_:)``
    /// answers the same).
    mutating func insert(_ value: Element) {
        recent.insert(value)
        guard recent.count >= Self.recentLimit else { return }
        var run = recent.sorted()
        recent.removeAll(keepingCapacity: true)
        held += run.count
        if filter.count * 64 < held * 8 {
            // Rebuilt with 16 bits a value: it lasts until they double.
            var words = 1
            while words * 64 < held * 16 { words *= 2 }
            filter = [UInt64](repeating: 0, count: words)
            for old in runs { for value in old { mark(value) } }
        }
        for value in run { mark(value) }
        while let last = runs.last, last.count <= run.count {
            run = Self.merged(last, run)
            runs.removeLast()
        }
        runs.append(run)
    }

    /// Whether `value` was added.
    func contains(_ value: Element) -> Bool {
        if recent.contains(value) { return true }
        guard !runs.isEmpty else { return false }
        let (first, second, third) = bits(of: value)
        guard isSet(first), isSet(second), isSet(third) else { return false }
        return runs.contains { Self.search($0, for: value) }
    }

    /// The filter's three bits of `value`: the top bits of the products of
    /// its bits (folded to 64) by three odd numbers, as many as number the
    /// filter's bits.
    private func bits(of value: Element) -> (Int, Int, Int) {
        let high = Element.bitWidth > 64 ? UInt64(truncatingIfNeeded: value >> 64) : 0
        let folded = UInt64(truncatingIfNeeded: value) ^ high
        let shift = UInt64(64 - (filter.count * 64).trailingZeroBitCount)
        func bit(_ multiplier: UInt64) -> Int { Int(truncatingIfNeeded: (folded &* multiplier) >> shift) }
        return (bit(0x9E37_79B9_7F4A_7C15), bit(0xC2B2_AE3D_27D4_EB4F), bit(0x1656_67B1_9E37_79F9))
    }

    private func isSet(_ bit: Int) -> Bool {
        filter[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    private mutating func mark(_ value: Element) {
        let (first, second, third) = bits(of: value)
        func set(_ bit: Int) { filter[bit >> 6] |= 1 << UInt64(bit & 63) }
        set(first)
        set(second)
        set(third)
    }

    private static func search(_ run: [Element], for value: Element) -> Bool {
        var (low, high) = (0, run.count)
        while low < high {
            let middle = (low + high) / 2
            if run[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < run.count && run[low] == value
    }

    private static func merged(_ first: [Element], _ second: [Element]) -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if second[j] < first[i] {
                result.append(second[j])
                j += 1
            } else {
                result.append(first[i])
                i += 1
            }
        }
        result.append(contentsOf: first[i...])
        result.append(contentsOf: second[j...])
        return result
    }
}
