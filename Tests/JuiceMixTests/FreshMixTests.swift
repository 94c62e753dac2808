import JuiceMaker
import JuiceMix
import Testing

/// SPEC 18's mix that sells first what spoils first (`--objective fresh`),
/// and the mix of unexpired lots only, on small menus whose best mixes are
/// worked out by hand.
@Suite struct FreshMixTests {
    static let today = CalendarDate(parsing: "2026-11-29")!

    static func lot(_ count: Int, _ days: Int?) -> Lot {
        Lot(count: count, bestBefore: days.map { today.adding(days: $0) })
    }

    /// 4 berries best before today and 1 in ten days; 6 bananas; 3 kiwis
    /// that expired yesterday and 6 undated.
    static func berryShop() throws -> (Menu, Inventory) {
        let menu = try Menu(
            fruits: [
                Fruit(id: "berry", initialStock: 0), Fruit(id: "banana", initialStock: 0),
                Fruit(id: "kiwi", initialStock: 0),
            ],
            recipes: [
                Recipe(
                    id: "berryBanana",
                    ingredients: [.init(fruit: "berry", quantity: 2), .init(fruit: "banana", quantity: 3)]),
                Recipe(id: "banana", ingredients: [.init(fruit: "banana", quantity: 1)]),
                Recipe(id: "kiwi", ingredients: [.init(fruit: "kiwi", quantity: 1)]),
            ])
        let inventory = Inventory(
            counts: ["banana": 6],
            lots: ["berry": [lot(4, 0), lot(1, 10)], "kiwi": [lot(3, -1), lot(6, nil)]])
        return (menu, inventory)
    }

    /// The most servings are 6 bananas and 6 kiwis (12): no berry. The
    /// most expiring fruit is 4 berries, in 2 berryBananas (6 bananas),
    /// then the 6 kiwis: 8 servings. The expired kiwis make nothing.
    @Test func freshUsesTheExpiringBerriesFirstThenTheMostServings() throws {
        let (menu, inventory) = try Self.berryShop()
        let fresh = try menu.bestMix(from: inventory, MixRequest(objective: .fresh, today: Self.today))
        #expect(fresh.servings == ["berryBanana": 2, "banana": 0, "kiwi": 6])
        #expect(fresh.value == 4)
        #expect(fresh.status == .optimal)
        #expect(fresh.gap == 0)
        #expect(fresh.uses == ["berry": 4, "banana": 6, "kiwi": 6])
        #expect(fresh.left == ["berry": 1, "banana": 0, "kiwi": 0])

        let servings = try menu.bestMix(from: inventory, MixRequest(today: Self.today))
        #expect(servings.servings == ["berryBanana": 0, "banana": 6, "kiwi": 6])
        #expect(servings.value == 12)
        #expect(servings.left == ["berry": 5, "banana": 0, "kiwi": 0])
    }

    /// With every lot counted (no day), the expired kiwis would make 3
    /// more: the mix of the day must not count them.
    @Test func expiredLotsMakeNothingInAnyObjective() throws {
        let (menu, inventory) = try Self.berryShop()
        #expect(try menu.bestMix(from: inventory).value == 15)
        #expect(try menu.bestMix(from: inventory, MixRequest(today: Self.today)).servings["kiwi"] == 6)
        #expect(try menu.greedyMix(from: inventory, MixRequest(today: Self.today)).servings["kiwi"] == 6)
        // A minimum only the expired kiwis could meet is short, and says so.
        #expect(throws: MixError.insufficient([Shortage(fruit: "kiwi", needed: 8, available: 6, expired: 3)])) {
            try menu.bestMix(from: inventory, MixRequest(minimum: ["kiwi": 8], today: Self.today))
        }
    }

    /// Among the mixes that use all 4 expiring berries (4 smalls, or a big
    /// and 2 smalls), the most servings: 4 smalls and then the 2 bananas
    /// the big one would have taken.
    @Test func amongEquallyFreshMixesTheMostServingsWin() throws {
        let menu = try Menu(
            fruits: [Fruit(id: "berry", initialStock: 0), Fruit(id: "banana", initialStock: 2)],
            recipes: [
                Recipe(
                    id: "big", ingredients: [.init(fruit: "berry", quantity: 2), .init(fruit: "banana", quantity: 2)]),
                Recipe(id: "small", ingredients: [.init(fruit: "berry", quantity: 1)]),
                Recipe(id: "banana", ingredients: [.init(fruit: "banana", quantity: 1)]),
            ])
        let inventory = Inventory(counts: ["banana": 2], lots: ["berry": [Self.lot(4, 1)]])
        let mix = try menu.bestMix(from: inventory, MixRequest(objective: .fresh, today: Self.today))
        #expect(mix.servings == ["big": 0, "small": 4, "banana": 2])
        #expect(mix.value == 4)
        #expect(mix.status == .optimal)
    }

    /// Expiring is best before today or tomorrow: a lot of the day after
    /// is not, and the expiring lots are the ones used first.
    @Test func onlyTodaysAndTomorrowsLotsAreExpiring() throws {
        let menu = try Menu(
            fruits: [Fruit(id: "berry", initialStock: 0), Fruit(id: "kiwi", initialStock: 0)],
            recipes: [
                Recipe(id: "berry", ingredients: [.init(fruit: "berry", quantity: 1)]),
                Recipe(
                    id: "both", ingredients: [.init(fruit: "berry", quantity: 1), .init(fruit: "kiwi", quantity: 1)]),
            ])
        let inventory = Inventory(
            counts: [:], lots: ["berry": [Self.lot(2, 1), Self.lot(5, 2)], "kiwi": [Self.lot(3, 0), Self.lot(9, 2)]])
        let mix = try menu.bestMix(from: inventory, MixRequest(objective: .fresh, today: Self.today))
        // All 7 berries go, at least 3 in `both` for the 3 expiring kiwis:
        // 2 berries and 3 kiwis expiring used, 7 servings.
        #expect(mix.value == 5)
        #expect(mix.totalServings == 7)
        #expect((mix.servings["both"] ?? 0) >= 3)
        // No day: nothing is expiring (value 0), every lot counts, and the
        // servings alone decide: every serving takes a berry, so 7.
        let undated = try menu.bestMix(from: inventory, MixRequest(objective: .fresh))
        #expect(undated.value == 0)
        #expect(undated.totalServings == 7)
    }
}
