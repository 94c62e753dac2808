import Testing

@testable import JuiceMaker

/// Totals of a journal's changes held at the ends of `Int` rather than
/// wrapped (issue 32): reached only after some 9.2 × 10^9 entries of 10^9,
/// so built here from figures already at the edge.
@Suite struct UsageTotalTests {
    @Test func aChainsTotalPastWhatAnIntHoldsIsHeldAtTheEdgeNotWrapped() {
        var fruit = Usage.FruitUsage()
        fruit.used = .max
        fruit.delivered = 1
        fruit.counted = .min
        var store = Usage()
        store.recipes = ["banana": .max]
        store.fruits = ["kiwi": fruit]
        store.corrected = ["kiwi": .min]
        let total = store.adding(store)
        #expect(total.recipes == ["banana": .max])
        #expect(total.fruits["kiwi"]?.used == .max)
        #expect(total.fruits["kiwi"]?.delivered == 2)
        #expect(total.fruits["kiwi"]?.counted == .min)
        #expect(total.corrected == ["kiwi": .min])
    }

    /// A day's net change, and the entries of a period, add up the same way.
    @Test func aDaysNetAndAPeriodsFiguresAreHeldAtTheEdge() throws {
        let time = try #require(JournalTime(parsing: "2026-11-26T09:00:00Z"))
        var entry = JournalEntry(id: 1, time: time, kind: .adjust, changes: ["kiwi": Schema.maximumCount])
        entry.reason = .delivery
        var usage = Usage()
        usage.fruits = [
            "kiwi": {
                var figures = Usage.FruitUsage()
                figures.delivered = .max - 1
                return figures
            }()
        ]
        usage.add(entry)
        #expect(usage.fruits["kiwi"]?.delivered == .max)
        var days = JournalDays()
        for (id, change) in [(2, Int.min / 2), (3, Int.min / 2), (4, -1)] {
            days.add(JournalEntry(id: id, time: time, kind: .edit, changes: ["kiwi": change]))
        }
        #expect(days.days.first?.changes["kiwi"] == .min)
    }
}
