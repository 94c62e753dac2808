/// How much of one fruit's lots will spoil before it is used, if use
/// follows a forecast from today (SPEC 18's `projectedWaste`): day by
/// day, each day's use taken from the lots not yet past their best-before,
/// earliest best-before first and the undated lot last; what a lot still
/// holds at the end of its best-before day spoils, and an expired lot
/// spoils whole.
public struct ProjectedWaste: Sendable, Hashable {
    /// What each lot holds when it spoils, unrounded, in the order the
    /// lots were given; 0 for a lot used up in time, an undated one, or
    /// one best before a day past the forecast's last.
    public var spoiled: [Double]

    /// The simulation over `lots` (in the order lots are used, as
    /// ``Inventory/lots(of:)`` gives them) from `today`, using `uses[i]`
    /// on the i-th day from today (a negative use counts as none).
    public init(lots: [Lot], uses: [Double], today: CalendarDate) {
        var held = lots.map { Double($0.count) }
        var spoiled = Array(repeating: 0.0, count: lots.count)
        for index in lots.indices where lots[index].isExpired(on: today) {
            spoiled[index] = held[index]
            held[index] = 0
        }
        for (offset, use) in uses.enumerated() {
            let day = today.adding(days: offset)
            var wanted = max(use, 0)
            for index in lots.indices where wanted > 0 && held[index] > 0 {
                let taken = min(wanted, held[index])
                held[index] -= taken
                wanted -= taken
            }
            for index in lots.indices where lots[index].bestBefore == day {
                spoiled[index] = held[index]
                held[index] = 0
            }
        }
        self.spoiled = spoiled
    }

    /// The fruit that spoils: each lot's rounded to whole fruit, halves
    /// up, summed.
    public var count: Int {
        spoiled.reduce(0) { $0 + Self.wholeFruit($1) }
    }

    /// `value` rounded to a whole fruit, halves up: a value within a
    /// millionth of a half is that half (sums of forecasts such as 1/3 are
    /// not exact in binary).
    public static func wholeFruit(_ value: Double) -> Int {
        Int((Forecast.snapped(value) + 0.5).rounded(.down))
    }
}
