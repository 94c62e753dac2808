import Testing

@testable import JuiceMaker

/// The money of `juice usage` (SPEC 16): revenue per recipe, the cost of
/// what was used and wasted per fruit, totals null over a missing price or
/// cost, every figure exact past what an `Int` holds, and refused past what
/// 128 bits hold.
@Suite struct UsageMoneyTests {
    private let menu: Menu = {
        let banana = Fruit(id: "banana", cost: 1_000_000_000)
        let kiwi = Fruit(id: "kiwi")
        return try! Menu(
            fruits: [banana, kiwi],
            recipes: [
                Recipe(id: "banana", ingredients: [.init(fruit: "banana", quantity: 1)], price: 1_000_000_000),
                Recipe(id: "kiwi", ingredients: [.init(fruit: "kiwi", quantity: 1)]),
            ])
    }()

    /// Servings and fruit far past `Int.max` (as a chain's or a long
    /// journal's sums are), priced exactly.
    @Test func figuresPastWhatAnIntHoldsAreExact() throws {
        var usage = Usage()
        usage.recipes = ["banana": Int128(Int.max) * 4]
        var banana = Usage.FruitUsage()
        banana.used = Int128(Int.max) * 3
        banana.wasted = Int128(Int.max)
        usage.fruits = ["banana": banana]
        let money = try UsageMoney(usage, menu: menu)
        // 4 × 9223372036854775807 × 10^9, and so on, digit for digit.
        #expect(money.revenue["banana"] == Int128("36893488147419103228000000000"))
        #expect(money.totalRevenue == Int128("36893488147419103228000000000"))
        #expect(money.fruits["banana"]?.used == Int128("27670116110564327421000000000"))
        #expect(money.fruits["banana"]?.wasted == Int128("9223372036854775807000000000"))
        #expect(money.totalUsedCost == Int128("27670116110564327421000000000"))
        #expect(money.totalWastedCost == Int128("9223372036854775807000000000"))
        // A chain of two such stores: twice each, still exact.
        let chain = try money.adding(money)
        #expect(chain.totalRevenue == Int128("73786976294838206456000000000"))
        #expect(chain.fruits["banana"]?.used == Int128("55340232221128654842000000000"))
    }

    /// A total over a recipe without a price, or a fruit without a cost, is
    /// null, not the sum of the rest; what was not used or wasted of a fruit
    /// without a cost costs nothing and is not missing.
    @Test func aTotalOverAMissingPriceOrCostIsNull() throws {
        var usage = Usage()
        usage.recipes = ["banana": 2, "kiwi": 1]
        var banana = Usage.FruitUsage()
        banana.used = 2
        var kiwi = Usage.FruitUsage()
        kiwi.delivered = 5
        usage.fruits = ["banana": banana, "kiwi": kiwi]
        let money = try UsageMoney(usage, menu: menu)
        let revenue: [String: Int128?] = ["banana": 2_000_000_000, "kiwi": nil]
        #expect(money.revenue == revenue)
        #expect(money.totalRevenue == nil)
        #expect(money.unpriced == ["kiwi"])
        #expect(money.fruits["kiwi"] == UsageMoney.FruitCosts(used: 0, wasted: 0))
        #expect(money.totalUsedCost == 2_000_000_000)
        #expect(money.uncosted.isEmpty)
        kiwi.used = 1
        usage.fruits["kiwi"] = kiwi
        let used = try UsageMoney(usage, menu: menu)
        #expect(used.totalUsedCost == nil)
        #expect(used.totalWastedCost == 0)
        #expect(used.uncosted == ["kiwi"])
        let warnings = used.missingPricesAndCosts(at: .start(of: "menu.yaml"))
        #expect(
            warnings.map(\.description) == [
                "menu.yaml:1:1: warning: recipes without a price: 'kiwi'; the revenue over them is not known (null); give each a `price:` in the menu [missing-key]",
                "menu.yaml:1:1: warning: fruits without a cost: 'kiwi'; the cost of what was used or wasted of them is not known (null); give each a `cost:` in the menu [missing-key]",
            ])
    }

    /// Past what 128 bits hold, the usage is refused, naming the figure;
    /// never held at an edge or wrapped.
    @Test func pastWhat128BitsHoldIsRefused() throws {
        var usage = Usage()
        usage.recipes = ["banana": Int128.max / 1_000_000_000 + 1]
        #expect(throws: UsageMoney.Overflow(figure: "banana")) { try UsageMoney(usage, menu: menu) }
        usage.recipes = ["banana": Int128.max / 1_000_000_000]
        let money = try UsageMoney(usage, menu: menu)
        #expect(throws: UsageMoney.Overflow(figure: "banana")) { try money.adding(money) }
    }
}
