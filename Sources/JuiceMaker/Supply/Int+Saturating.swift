extension Int {
    /// `self + other`, held at `Int.max` (or `Int.min`, adding a negative
    /// number) rather than overflowing: totals of counts, costs and a
    /// journal's changes that are each in range (changes of 10^9 come past
    /// an `Int` after some 9.2 × 10^9 entries, hundreds of gigabytes).
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other < 0 ? .min : .max
    }

    /// `self - other`, held at `Int.min` (or `Int.max`, taking a negative
    /// number) rather than overflowing.
    func subtractingSaturating(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// `self * other`, held at `Int.max` or `Int.min` rather than
    /// overflowing.
    func multipliedSaturating(by other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }

    /// `self + other`, or `nil` when it overflows: a total that must never
    /// be said saturated.
    func addingChecked(_ other: Int) -> Int? {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? nil : sum
    }
}
