import SeededRandom
import Testing

@testable import JuiceMaker

/// The dense set an import keeps its tickets' keys in answers as a `Set`
/// does, across the merges of its runs.
@Suite struct SortedRunSetTests {
    @Test(arguments: [1, 4_095, 4_096, 20_000, 70_000])
    func itHoldsWhatASetHolds(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        var dense = SortedRunSet<UInt128>()
        var plain = Set<UInt128>()
        for _ in 0..<count {
            // Some values twice: a journal may hold a key twice.
            let value = UInt128(random.next() % UInt64(count * 3))
            dense.insert(value)
            plain.insert(value)
        }
        for value in 0..<UInt128(count * 3) {
            #expect(dense.contains(value) == plain.contains(value), "\(value)")
        }
        #expect(!dense.contains(UInt128(count * 3)) && !dense.contains(.max))
    }

    /// Values spread over the whole range, as hashes are (the runs are
    /// searched by halving there), and a few crowded together: every
    /// value added is found, and none of as many others.
    @Test(arguments: [4_096, 20_000, 70_000])
    func itFindsSpreadValuesAsASetDoes(count: Int) {
        var random = SplitMix64(seed: UInt64(count) + 1)
        var dense = SortedRunSet<UInt64>()
        var added: [UInt64] = []
        for index in 0..<count {
            // One value in eight in a narrow band of the range.
            let value = index % 8 == 0 ? (1 << 40) + random.next() % 1_000 : random.next()
            dense.insert(value)
            added.append(value)
        }
        let plain = Set(added)
        #expect(added.allSatisfy { dense.contains($0) })
        for _ in 0..<count {
            let other = random.next() % 2 == 0 ? random.next() : (1 << 40) + random.next() % 2_000
            #expect(dense.contains(other) == plain.contains(other), "\(other)")
        }
    }
}
