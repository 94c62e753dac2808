/// Some of a fruit's stock that spoils on one day: its count and its
/// best-before date, `nil` for fruit with no date (a plain count in the
/// inventory file).
public struct Lot: Sendable, Hashable {
    /// How many fruits, 0 to ``Schema/maximumCount``.
    public var count: Int
    /// The last day the fruit is good; `nil` when it has no date.
    public var bestBefore: CalendarDate?

    /// A lot of `count` fruits, good through `bestBefore`.
    public init(count: Int, bestBefore: CalendarDate? = nil) {
        self.count = count
        self.bestBefore = bestBefore
    }

    /// Whether the lot is expired on `today`: best before an earlier day.
    public func isExpired(on today: CalendarDate) -> Bool {
        bestBefore.map { $0 < today } ?? false
    }

    /// Whether `lhs` is used before `rhs`: earlier best-before first,
    /// undated last.
    static func isUsedBefore(_ lhs: Lot, _ rhs: Lot) -> Bool {
        switch (lhs.bestBefore, rhs.bestBefore) {
        case (let left?, let right?): left < right
        case (.some, nil): true
        case (nil, _): false
        }
    }
}
