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
///
/// Past ``memoryLimit`` values in the arrays, they are merged into one and
/// written to a temporary file (``TemporaryFile``), with every
/// ``blockLength``-th value kept in memory to find a value's block, which
/// a lookup reads; and the filter grows no more past 2 MiB
/// (it then answers more lookups with "maybe", each read from the file).
/// So memory stays bounded whatever the export's size. When no file can be
/// made or written, the values stay in memory.
struct SortedRunSet<Element: FixedWidthInteger & UnsignedInteger> {
    /// How many values the hash set holds before they are sorted into a run.
    private static var recentLimit: Int { 4096 }
    /// The values of a run written to the file read at once by a lookup.
    static var blockLength: Int { 256 }

    /// A run written to the file: where, how many values, and the first
    /// value of each of its blocks.
    private struct WrittenRun {
        var offset: Int
        var count: Int
        var firstOfBlock: [Element]
    }

    private var recent: Set<Element> = []
    /// Sorted runs, each at least twice as long as the next.
    private var runs: [[Element]] = []
    /// How many values the runs, in memory and written, hold.
    private var held = 0
    /// The filter's bits, set for each value of the runs; a power of two
    /// of them, none while there are no runs.
    private var filter: [UInt64] = []
    /// The most values the runs hold in memory before they are written.
    let memoryLimit: Int
    /// The filter's largest size, in 64-bit words.
    private let filterWordLimit: Int
    /// The folder of the file; `nil`: `$TMPDIR`, or `/tmp`.
    private let folder: String?
    /// The runs written, and their file (shared by copies: what is written
    /// never changes); `nil` until the first is written, or when it cannot
    /// be (then all stay in memory).
    private var written: [WrittenRun] = []
    private var file: TemporaryFile?
    private var cannotWrite = false

    /// An empty set that writes its runs to a file in `folder` (`$TMPDIR`,
    /// or `/tmp`, unless said) past `memoryLimit` values in memory (4 MiB
    /// of them), its filter at most `filterWordLimit` 64-bit words (2 MiB;
    /// tests make both small).
    init(
        memoryLimit: Int = (4 << 20) / MemoryLayout<Element>.stride, filterWordLimit: Int = 1 << 18,
        folder: String? = nil
    ) {
        self.memoryLimit = memoryLimit
        self.filterWordLimit = max(filterWordLimit, 1)
        self.folder = folder
    }

    /// Whether some runs are in the file.
    var isWritten: Bool { !written.isEmpty }

    /// Adds `value` (held twice when it is there already: ``contains(_:)``
    /// answers the same).
    mutating func insert(_ value: Element) {
        recent.insert(value)
        guard recent.count >= Self.recentLimit else { return }
        var run = recent.sorted()
        recent.removeAll(keepingCapacity: true)
        held += run.count
        if filter.count * 64 < held * 8, filter.count < filterWordLimit {
            // Rebuilt with 16 bits a value: it lasts until they double.
            var words = 1
            while words * 64 < held * 16, words < filterWordLimit { words *= 2 }
            filter = [UInt64](repeating: 0, count: words)
            for old in runs { for value in old { mark(value) } }
            for old in written {
                for start in stride(from: 0, to: old.count, by: 1 << 16) {
                    for value in values(of: old, from: start, count: min(1 << 16, old.count - start)) { mark(value) }
                }
            }
        }
        for value in run { mark(value) }
        while let last = runs.last, last.count <= run.count {
            run = Self.merged(last, run)
            runs.removeLast()
        }
        runs.append(run)
        // A few runs: their sizes are summed, not kept.
        if runs.reduce(0, { $0 + $1.count }) > memoryLimit { write() }
    }

    /// Whether `value` was added.
    func contains(_ value: Element) -> Bool {
        if recent.contains(value) { return true }
        guard held > 0 else { return false }
        let (first, second, third) = bits(of: value)
        guard isSet(first), isSet(second), isSet(third) else { return false }
        return runs.contains { Self.search($0, for: value) } || written.contains { search($0, for: value) }
    }

    /// Merges the runs in memory into one as it writes it to the file, a
    /// chunk at a time (so that memory holds no copy of them), unless it
    /// cannot be written (then they stay).
    private mutating func write() {
        guard !cannotWrite, let file = file ?? TemporaryFile(in: folder) else {
            cannotWrite = true
            return
        }
        self.file = file
        let offset = file.length
        var written = WrittenRun(offset: offset, count: 0, firstOfBlock: [])
        var chunk: [Element] = []
        chunk.reserveCapacity(Self.blockLength * 64)
        // Where each run is read to: its next value is the smallest of the
        // heads' that is still written first.
        var heads = [Int](repeating: 0, count: runs.count)
        while true {
            var smallest = -1
            for index in runs.indices where heads[index] < runs[index].count {
                if smallest < 0 || runs[index][heads[index]] < runs[smallest][heads[smallest]] { smallest = index }
            }
            if smallest >= 0 {
                let value = runs[smallest][heads[smallest]]
                heads[smallest] += 1
                if written.count % Self.blockLength == 0 { written.firstOfBlock.append(value) }
                written.count += 1
                chunk.append(value)
            }
            guard chunk.count == chunk.capacity || smallest < 0 else { continue }
            guard chunk.withUnsafeBytes(file.append) else {
                // What was written of the run is never read.
                cannotWrite = true
                return
            }
            chunk.removeAll(keepingCapacity: true)
            if smallest < 0 { break }
        }
        self.written.append(written)
        runs = []
    }

    /// Whether `run`, in the file, holds `value`: its block found by the
    /// values kept, then read and searched.
    private func search(_ run: WrittenRun, for value: Element) -> Bool {
        // The last block whose first value is not above `value`.
        var (low, high) = (0, run.firstOfBlock.count)
        while low < high {
            let middle = (low + high) / 2
            if run.firstOfBlock[middle] <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return false }
        let start = (low - 1) * Self.blockLength
        return Self.search(values(of: run, from: start, count: min(Self.blockLength, run.count - start)), for: value)
    }

    /// `count` values of `run`, in the file, from its `start`th.
    private func values(of run: WrittenRun, from start: Int, count: Int) -> [Element] {
        let offset = run.offset + start * MemoryLayout<Element>.stride
        return [Element](unsafeUninitializedCapacity: count) { values, initialized in
            file?.read(into: UnsafeMutableRawBufferPointer(values), at: offset)
            initialized = count
        }
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
