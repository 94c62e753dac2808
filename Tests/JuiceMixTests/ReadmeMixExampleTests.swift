import JuiceMaker
import JuiceMix
import MixTestSupport
import Testing

/// The `JuiceMix` example of `Documentation/Library.md`, on the original menu
/// and stock: change the two together.
@Suite struct ReadmeMixExampleTests {
    @Test func theLibraryExampleRunsOnThePublicAPI() throws {
        let menu = Menu.builtin
        let stock = Inventory(initialStockOf: menu)
        let request = MixRequest(objective: .servings, minimum: ["mango": 1], maximum: ["banana": 2])
        let mix = try menu.bestMix(from: stock, request)
        #expect(mix.status == .optimal)
        #expect(mix.value == BruteForce(menu: menu, inventory: stock, request: request).best())
        #expect(mix.value == 14)
        #expect(mix.gap == 0)
        #expect(try stock.making(mix.orders(in: menu)).counts == mix.left)
        #expect(try menu.greedyMix(from: stock, request).value <= mix.value)
    }
}
