import Foundation
import SeededRandom
import TestSupport
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

/// Past its memory limit, the set writes its runs to a temporary file and
/// reads a block of one to answer a lookup: it still answers as a `Set`
/// does, with its filter capped (most lookups then read the file), with no
/// folder to write in (all stays in memory), and for copies that go on
/// apart.
@Suite struct SortedRunSetWrittenTests {
    /// `count` values, spread over the range with a few crowded together,
    /// and as many others.
    static func values(_ count: Int, seed: UInt64) -> (added: [UInt64], others: [UInt64]) {
        var random = SplitMix64(seed: seed)
        let added = (0..<count).map { $0 % 8 == 0 ? (1 << 40) + random.next() % 1_000 : random.next() }
        let others = (0..<count).map { _ in random.next() % 2 == 0 ? random.next() : (1 << 40) + random.next() % 2_000 }
        return (added, others)
    }

    @Test(arguments: [(20_000, 1 << 19), (20_000, 4)])
    func itAnswersAsASetWithRunsInAFile(count: Int, filterWords: Int) throws {
        try TemporaryFolder.with(prefix: "juice-run-set") { folder in
            let (added, others) = Self.values(count, seed: UInt64(count + filterWords))
            var dense = SortedRunSet<UInt64>(memoryLimit: 5_000, filterWordLimit: filterWords, folder: folder.path)
            for value in added { dense.insert(value) }
            #expect(dense.isWritten)
            let plain = Set(added)
            #expect(added.allSatisfy { dense.contains($0) })
            #expect(others.allSatisfy { dense.contains($0) == plain.contains($0) })
            // Unlinked as soon as made: nothing is left in the folder.
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(left.isEmpty)
        }
    }

    @Test func withNoFolderToWriteInEverythingStaysInMemory() {
        let (added, others) = Self.values(20_000, seed: 7)
        var dense = SortedRunSet<UInt64>(memoryLimit: 5_000, folder: "/nonexistent/juice-run-set")
        for value in added { dense.insert(value) }
        #expect(!dense.isWritten)
        let plain = Set(added)
        #expect(added.allSatisfy { dense.contains($0) })
        #expect(others.allSatisfy { dense.contains($0) == plain.contains($0) })
    }

    @Test func copiesShareWhatIsWrittenAndGoOnApart() throws {
        try TemporaryFolder.with(prefix: "juice-run-set") { folder in
            let (first, _) = Self.values(12_000, seed: 11)
            let (second, third) = Self.values(12_000, seed: 12)
            var original = SortedRunSet<UInt128>(memoryLimit: 5_000, folder: folder.path)
            for value in first { original.insert(UInt128(value)) }
            var copy = original
            for value in second { copy.insert(UInt128(value)) }
            for value in third { original.insert(UInt128(value)) }
            let inOriginal = Set(first + third)
            let inCopy = Set(first + second)
            for value in first + second + third {
                #expect(original.contains(UInt128(value)) == inOriginal.contains(value))
                #expect(copy.contains(UInt128(value)) == inCopy.contains(value))
            }
        }
    }
}

/// The rows of a generic export without a ticket column are counted as a
/// dictionary of counts would count them.
@Suite struct RowCountsTests {
    @Test func eachRowIsCountedAmongItsLikes() {
        var random = SplitMix64(seed: 30)
        var counts = RowCounts()
        var plain: [UInt64: Int] = [:]
        for _ in 0..<10_000 {
            // Some hashes met many times, most once.
            let hash = random.next() % 4 == 0 ? random.next() % 50 : random.next()
            plain[hash, default: 0] += 1
            #expect(counts.meet(hash) == plain[hash])
        }
    }
}
