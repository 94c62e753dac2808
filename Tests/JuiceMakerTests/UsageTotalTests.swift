import Testing

@testable import JuiceMaker

/// Totals of a journal's changes are exact, never held at the ends of `Int`
/// nor wrapped (issue 32; SPEC 16, "Numbers never wrap"): reached only
/// after some 9.2 × 10^9 entries of 10^9, so built here from figures
/// already at the edge.
@Suite struct UsageTotalTests {
    @Test func aChainsTotalPastWhatAnIntHoldsIsExact() {
        var fruit = Usage.FruitUsage()
        fruit.used = Int128(Int.max)
        fruit.delivered = 1
        fruit.counted = Int128(Int.min)
        var store = Usage()
        store.recipes = ["banana": Int128(Int.max)]
        store.fruits = ["kiwi": fruit]
        store.corrected = ["kiwi": Int128(Int.min)]
        let total = store.adding(store)
        #expect(total.recipes == ["banana": Int128("18446744073709551614")])
        #expect(total.fruits["kiwi"]?.used == Int128("18446744073709551614"))
        #expect(total.fruits["kiwi"]?.delivered == 2)
        #expect(total.fruits["kiwi"]?.counted == Int128("-18446744073709551616"))
        #expect(total.corrected == ["kiwi": Int128("-18446744073709551616")])
    }

    /// A day's net change, and the entries of a period, add up the same way.
    @Test func aDaysNetAndAPeriodsFiguresAreExact() throws {
        let time = try #require(JournalTime(parsing: "2026-11-26T09:00:00Z"))
        var entry = JournalEntry(id: 1, time: time, kind: .adjust, changes: ["kiwi": Schema.maximumCount])
        entry.reason = .delivery
        var usage = Usage()
        usage.fruits = [
            "kiwi": {
                var figures = Usage.FruitUsage()
                figures.delivered = Int128(Int.max) - 1
                return figures
            }()
        ]
        usage.add(entry)
        #expect(usage.fruits["kiwi"]?.delivered == Int128("9223372037854775806"))
        var days = JournalDays()
        for (id, change) in [(2, Int.min / 2), (3, Int.min / 2), (4, -1)] {
            days.add(JournalEntry(id: id, time: time, kind: .edit, changes: ["kiwi": change]))
        }
        #expect(days.days.first?.changes["kiwi"] == Int128("-9223372036854775809"))
    }
}
