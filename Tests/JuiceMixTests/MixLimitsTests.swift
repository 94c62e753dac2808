import Dispatch
import Foundation
import JuiceMaker
import JuiceMix
import MixTestSupport
import SeededRandom
import Synchronization
import Testing

/// The search's limits, the request's checks, and solves in parallel.
@Suite struct MixLimitsTests {
    /// A menu of 500 recipes over 200 fruits with stock for 3 to 30
    /// servings each: too large to prove optimal in a fraction of a second.
    static func largeMenu(seed: UInt64) throws -> Menu {
        var random = SplitMix64(seed: seed)
        let fruits = (0..<200).map { Fruit(id: "f\($0)", initialStock: Int.random(in: 15...150, using: &random)) }
        let recipes = (0..<500).map { index in
            let used = (0..<200).shuffled(using: &random).prefix(Int.random(in: 2...6, using: &random))
            return Recipe(
                id: "r\(index)",
                ingredients: used.map { .init(fruit: "f\($0)", quantity: Int.random(in: 1...5, using: &random)) },
                price: Int.random(in: 100...900, using: &random))
        }
        return try Menu(fruits: fruits, recipes: recipes)
    }

    /// Stopped by a short time limit, the mix is the best found, within the
    /// stock, with a gap above 0, and the answer comes about when asked
    /// (a guard against hangs, not a speed test).
    @Test func theTimeLimitEndsTheSearchWithTheBestMixFoundAndTheGap() throws {
        let menu = try Self.largeMenu(seed: 7)
        let inventory = Inventory(initialStockOf: menu)
        let started = Date()
        let mix = try menu.bestMix(from: inventory, MixRequest(timeLimit: 0.2, gapTolerance: 0))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(mix.status == .timeLimit)
        #expect(mix.gap > 0)
        #expect(mix.value == mix.totalServings)
        #expect(try inventory.making(mix.orders(in: menu)).counts == mix.left)
        #expect(mix.value >= (try menu.greedyMix(from: inventory)).value)
    }

    @Test func aRecipeWithoutAPriceCannotBeWeighedByMoney() throws {
        let menu = try Menu(
            fruits: [Fruit(id: "kiwi", initialStock: 9)],
            recipes: [
                Recipe(id: "kiwi", ingredients: [.init(fruit: "kiwi", quantity: 3)], price: 4000),
                Recipe(id: "kiwiKiwi", ingredients: [.init(fruit: "kiwi", quantity: 6)]),
            ])
        let stock = Inventory(initialStockOf: menu)
        for objective in [MixObjective.revenue, .margin] {
            #expect(throws: MixError.missingPrice(["kiwiKiwi"], objective: objective)) {
                try menu.bestMix(from: stock, MixRequest(objective: objective))
            }
        }
        #expect(try menu.bestMix(from: stock).value == 3)
    }

    @Test func boundsAreCheckedAgainstTheMenuAndTheStock() throws {
        let menu = Menu.builtin
        let stock = Inventory(initialStockOf: menu)
        #expect(throws: MixError.unknownRecipe("lime")) {
            try menu.bestMix(from: stock, MixRequest(maximum: ["lime": 1]))
        }
        #expect(throws: MixError.maximumBelowMinimum(recipe: "banana", maximum: 2, minimum: 3)) {
            try menu.bestMix(from: stock, MixRequest(minimum: ["banana": 3], maximum: ["banana": 2]))
        }
        #expect(throws: MixError.boundOutOfRange(recipe: "banana", servings: 0)) {
            try menu.bestMix(from: stock, MixRequest(minimum: ["banana": 0]))
        }
        #expect(throws: MixError.insufficient([Shortage(fruit: "strawberry", needed: 26, available: 10)])) {
            try menu.bestMix(from: stock, MixRequest(minimum: ["strawberry": 1, "strawberryBanana": 1]))
        }
        // A minimum is made; a maximum of 0 makes none: 5 servings of
        // banana and strawberry banana, kiwi 3, pineapple 5 and mango 3.
        let mix = try menu.bestMix(from: stock, MixRequest(minimum: ["mango": 3], maximum: ["mangoKiwi": 0]))
        #expect(mix.servings["mango"] == 3)
        #expect(mix.servings["mangoKiwi"] == 0)
        #expect(mix.servings["kiwi"] == 3)
        #expect(mix.value == 16)
    }

    /// Many models solved from many threads at once give what each gives
    /// alone (the solves take turns under one lock; see `CBCModel`).
    @Test func mixesSolvedInParallelEqualTheSameMixesSolvedOneByOne() throws {
        var random = SplitMix64(seed: 99)
        let instances = (0..<64).map { index in
            RandomInstance(objective: MixObjective.allCases[index % 3], using: &random)
        }
        let alone = instances.map { try? $0.menu.bestMix(from: $0.inventory, $0.request).value }
        let together = Mutex([Int?](repeating: nil, count: instances.count))
        DispatchQueue.concurrentPerform(iterations: instances.count) { index in
            let instance = instances[index]
            let value = try? instance.menu.bestMix(from: instance.inventory, instance.request).value
            together.withLock { $0[index] = value }
        }
        #expect(together.withLock { $0 } == alone)
        #expect(alone.compactMap { $0 }.count > 40)
    }
}

/// `print(error)` of a mix error says what `juice mix` says.
@Suite struct MixErrorDescriptionTests {
    @Test(arguments: [
        (
            MixError.missingPrice(["kiwi", "mango"], objective: .revenue),
            "no price for 'kiwi', 'mango': --objective revenue needs the price of every recipe; give each a `price:` in the menu"
        ),
        (MixError.unknownRecipe("lime"), "unknown recipe 'lime'"),
        (
            MixError.maximumBelowMinimum(recipe: "banana", maximum: 2, minimum: 3),
            "--max banana=2 is below --min banana=3"
        ),
        (
            MixError.boundOutOfRange(recipe: "banana", servings: 0),
            "invalid number of servings 0: expected a whole number from 1 to 1000000000"
        ),
        (
            MixError.insufficient([Shortage(fruit: "strawberry", needed: 26, available: 10)]),
            "not enough fruit for the --min servings; no mix is suggested\n  strawberry: 26 needed, 10 in stock, 16 more needed"
        ),
        (
            MixError.beyondCounting,
            "the mix's value would pass what can be counted (over 9223372036854775807); lower the prices or the stock"
        ),
        (
            MixError.solverUnavailable("libCbc.so: cannot open"),
            "the solver, COIN-OR CBC, could not be loaded (libCbc.so: cannot open); install it (on Debian: apt install coinor-libcbc3)"
        ),
    ])
    func eachErrorSaysWhatJuiceMixSays(error: MixError, text: String) {
        #expect("\(error)" == text)
    }
}
