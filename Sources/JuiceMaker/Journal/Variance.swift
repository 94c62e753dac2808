/// What the counts of a period say against the book, per fruit (`juice
/// variance`): the stock at the start, what makes used, deliveries brought,
/// waste took and corrections changed, the stock that leaves expected, and
/// the last count of the period against it, in fruit, in money and as a
/// share of use.
///
/// Each fruit is followed up to its last count in the period; what happened
/// after it is outside. Entries are taken in the order of their `time`: a
/// sale imported after a count but sold before it is before the count. An entry undone, and its undo, count for nothing,
/// wherever they are: the start is the stock without them too.
public struct Variance: Sendable, Hashable {
    /// One fruit's figures.
    public struct FruitVariance: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// The stock at the start of the period.
        public var start: Int128 = 0
        /// Used by makes (a positive number).
        public var used: Int128 = 0
        /// Brought by deliveries.
        public var delivered: Int128 = 0
        /// Taken by waste (a positive number).
        public var wasted: Int128 = 0
        /// The signed total of corrections and hand edits.
        public var corrected: Int128 = 0
        /// The number stated at the last count of the period; `nil` when
        /// the fruit was not counted in it.
        public var counted: Int?
        /// What one fruit costs, if the menu says.
        public var cost: Int?

        /// A fruit with nothing moved, at 0.
        public init(fruit: String) {
            self.fruit = fruit
        }

        /// The stock the book expects: start + delivered − used − wasted +
        /// corrected, in 128 bits: exact for any figures, never wrapped.
        public var expected: Int128 {
            start + delivered - used - wasted + corrected
        }

        /// Counted − expected: the sum of the gaps of the period's counts;
        /// `nil` when not counted.
        public var variance: Int128? { counted.map { Int128($0) - expected } }

        /// The variance in money (× ``cost``), exact: at most 2^66 × 10^9,
        /// far inside 128 bits; `nil` when not counted or when the menu
        /// gives no cost.
        public var varianceCost: Int128? {
            guard let variance, let cost else { return nil }
            return variance * Int128(cost)
        }

        /// The variance as a share of what was used (a fraction); `nil`
        /// when not counted or nothing was used.
        public var share: Double? {
            guard let variance, used != 0 else { return nil }
            return Double(variance) / Double(used)
        }
    }

    /// Every fruit of the menu, in its order.
    public var fruits: [FruitVariance]

    /// Fruits, each at its figures.
    public init(fruits: [FruitVariance]) {
        self.fruits = fruits
    }

    /// The sum of the fruits' variance in money, exact (each at most
    /// 2^96, and fewer than 2^31 of them in any chain the limits allow);
    /// `nil` when no fruit's is known.
    public var varianceCost: Int128? {
        let costs = fruits.compactMap(\.varianceCost)
        return costs.isEmpty ? nil : costs.reduce(0, +)
    }

    /// A fruit's last count of the period: when, the movements and
    /// corrections before it, and the number stated.
    private struct LastCount {
        var time: JournalTime
        var movement: Usage.FruitUsage
        var corrected: Int128
        var counted: Int
    }

    /// The fruits not counted in the period.
    public var uncounted: [String] { fruits.filter { $0.counted == nil }.map(\.fruit) }

    /// The variance of `menu`'s fruits from `since` (included) to `until`
    /// (excluded), over the entries `journal` hands on with whether each
    /// counts (see ``InventoryFile/readJournalKnowingUndos(_:)``), from the
    /// menu's initial stock.
    ///
    /// - Returns: the variance, and what `journal` returns (its problems).
    static func read(
        menu: Menu, since: JournalTime?, until: JournalTime?,
        journal: ((JournalEntry, Bool) -> Void) throws(FileError) -> [Diagnostic]
    ) throws(FileError) -> (variance: Variance, diagnostics: [Diagnostic]) {
        // The stock every entry left, undone ones included: what an old
        // count (without `counted`) stated.
        var book = menu.initialCounts
        // The stock at `since`, without entries undone.
        var start = menu.initialCounts.mapValues { Int128($0) }
        var period = Usage()
        var lastCount: [String: LastCount] = [:]
        // The time of the latest count so far.
        var latestCount: JournalTime?
        let diagnostics = try journal { entry, counts in
            for (fruit, change) in entry.changes {
                book[fruit, default: 0] = book[fruit, default: 0].addingSaturating(change)
            }
            guard counts else { return }
            if let since, entry.time < since {
                for (fruit, change) in entry.changes {
                    start[fruit, default: 0] += Int128(change)
                }
                return
            }
            if let until, entry.time >= until { return }
            period.add(entry)
            // Time order: an entry written after a fruit's count but timed
            // before it (a sale imported later) belongs before the count;
            // only such an entry is looked at again (most are timed after
            // every count so far).
            if let latest = latestCount, entry.time < latest {
                var alone = Usage()
                alone.add(entry)
                for fruit in Set(alone.fruits.keys).union(alone.corrected.keys) {
                    guard let count = lastCount[fruit], entry.time < count.time else { continue }
                    lastCount[fruit]?.movement = count.movement + (alone.fruits[fruit] ?? .init())
                    lastCount[fruit]?.corrected += alone.corrected[fruit] ?? 0
                }
            }
            for (fruit, counted) in entry.countedFruits(stockAfter: { book[$0] ?? 0 }) {
                // A count timed before the fruit's last one is not its last.
                if let count = lastCount[fruit], count.time > entry.time { continue }
                latestCount = max(latestCount ?? entry.time, entry.time)
                lastCount[fruit] = LastCount(
                    time: entry.time, movement: period.fruits[fruit] ?? .init(),
                    corrected: period.corrected[fruit] ?? 0, counted: counted)
            }
        }
        let fruits = menu.fruits.map { fruit in
            var figures = FruitVariance(fruit: fruit.id)
            figures.start = start[fruit.id] ?? 0
            figures.cost = fruit.cost
            let (movement, corrected) =
                lastCount[fruit.id].map { ($0.movement, $0.corrected) }
                ?? (period.fruits[fruit.id] ?? .init(), period.corrected[fruit.id] ?? 0)
            figures.used = movement.used
            figures.delivered = movement.delivered
            figures.wasted = movement.wasted
            figures.corrected = corrected
            figures.counted = lastCount[fruit.id]?.counted
            return figures
        }
        return (Variance(fruits: fruits), diagnostics)
    }
}
