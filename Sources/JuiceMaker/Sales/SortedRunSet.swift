/// A set of small values that an import gathers by the hundred thousand
/// (its tickets' keys), held densely: the latest few thousand in a hash
/// set, the rest in sorted arrays searched by halves, merged two of a size
/// as they fill (as a binary counter carries). About the values' own size
/// each, and at most twice that while the largest two arrays merge, where
/// a `Set` holds two to three times their size and doubles its table at a
/// stroke.
package struct SortedRunSet<Element: Comparable & Hashable> {
    /// How many values the hash set holds before they are sorted into a run.
    private static var recentLimit: Int { 4096 }

    private var recent: Set<Element> = []
    /// Sorted runs, each at least twice as long as the next.
    private var runs: [[Element]] = []

    /// An empty set.
    package init() {}

    /// Adds `value` (held twice when it is there already: ``contains(_:)``
    /// answers the same).
    package mutating func insert(_ value: Element) {
        recent.insert(value)
        guard recent.count >= Self.recentLimit else { return }
        var run = recent.sorted()
        recent.removeAll(keepingCapacity: true)
        while let last = runs.last, last.count <= run.count {
            run = Self.merged(last, run)
            runs.removeLast()
        }
        runs.append(run)
    }

    /// Whether `value` was added.
    package func contains(_ value: Element) -> Bool {
        recent.contains(value) || runs.contains { Self.search($0, for: value) }
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
