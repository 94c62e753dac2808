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
}
