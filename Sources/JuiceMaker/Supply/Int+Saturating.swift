extension Int {
    /// `self + other`, held at `Int.max` rather than overflowing: totals of
    /// counts and costs that are each in range.
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// `self + other`, or `nil` when it overflows: a total that must never
    /// be said saturated.
    func addingChecked(_ other: Int) -> Int? {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? nil : sum
    }
}
