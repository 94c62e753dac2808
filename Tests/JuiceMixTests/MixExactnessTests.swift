import JuiceMaker
import JuiceMix
import MixTestSupport
import SeededRandom
import Testing

/// The mix against every mix there is: on small menus, enumeration finds
/// the best value, and the solver's must equal it.
@Suite struct MixExactnessTests {
    /// The original Juice Maker (5 fruits, 10 of each, 7 juices): the most
    /// servings, by enumeration, is 16, and the mix makes 16.
    @Test func originalMenuMakesTheMostServingsThereAre() throws {
        let menu = Menu.builtin
        let inventory = Inventory(initialStockOf: menu)
        let mix = try menu.bestMix(from: inventory)
        let best = BruteForce(menu: menu, inventory: inventory, request: MixRequest()).best()
        #expect(best == 16)
        #expect(mix.value == best)
        #expect(mix.totalServings == 16)
        #expect(mix.status == .optimal)
        #expect(mix.gap == 0)
        #expect(try inventory.making(mix.orders(in: menu)).counts == mix.left)
    }

    /// The classic: ten mangoes make 3 Mango Juices or 5 Mango Kiwi Juices,
    /// not both; the best total is 5 (with kiwi to spare).
    @Test func sharedFruitIsGivenToTheRecipeThatMakesMore() throws {
        let menu = try Menu(
            fruits: [Fruit(id: "mango", initialStock: 10), Fruit(id: "kiwi", initialStock: 10)],
            recipes: [
                Recipe(id: "mango", ingredients: [.init(fruit: "mango", quantity: 3)]),
                Recipe(
                    id: "mangoKiwi",
                    ingredients: [.init(fruit: "mango", quantity: 2), .init(fruit: "kiwi", quantity: 1)]),
            ])
        let mix = try menu.bestMix(from: Inventory(initialStockOf: menu))
        #expect(mix.servings == ["mango": 0, "mangoKiwi": 5])
        #expect(mix.uses == ["mango": 10, "kiwi": 5])
        #expect(mix.left == ["mango": 0, "kiwi": 5])
        #expect(mix.limitedBy == ["mango"])
    }

    /// A few hundred random menus of up to 6 recipes and 5 fruits, with and
    /// without bounds, under each objective: the mix's value is the best
    /// that enumeration finds, its servings are within the bounds and the
    /// stock, and its value is what its servings are worth (for `fresh`,
    /// over lots of random dates, the expiring fruit used, and then the
    /// most servings).
    @Test(arguments: MixObjective.allCases) func randomSmallMenusMatchEnumeration(objective: MixObjective) throws {
        var random = SplitMix64(seed: 20_261_122 + UInt64(MixObjective.allCases.firstIndex(of: objective)!))
        var checked = 0
        var bounded = 0
        while checked < 120 {
            let instance = RandomInstance(objective: objective, using: &random)
            let request = instance.request
            let brute = BruteForce(menu: instance.menu, inventory: instance.inventory, request: request)
            guard let best = brute.best() else {
                // The minimums do not fit the stock: refused with the shortfall.
                #expect(throws: MixError.self) { try instance.menu.bestMix(from: instance.inventory, request) }
                continue
            }
            let mix = try instance.menu.bestMix(from: instance.inventory, request)
            #expect(mix.value == best, "\(instance)")
            #expect(mix.status == .optimal)
            #expect(brute.value(of: mix.servings) == mix.value)
            #expect(brute.fits(mix.servings), "\(instance)")
            if objective == .fresh {
                // Then the most servings: of the mixes that use the most expiring fruit.
                #expect(mix.totalServings == brute.bestWithServings()?.servings, "\(instance)")
            }
            checked += 1
            if !request.minimum.isEmpty || !request.maximum.isEmpty { bounded += 1 }
        }
        #expect(bounded > 20)
    }
}
