import Foundation
import Testing

/// The outputs of `juice mix`, and of `juice menu` on a menu with prices,
/// on the repository's own data, compared byte for byte with their golden
/// files (`JUICE_UPDATE_GOLDEN=1` rewrites them; see ``GoldenTests``).
///
/// - mix on the original menu and stock (10 of each): 16 servings, the most
///   there are (``MixTests`` proves it by enumeration): banana 5, kiwi 1,
///   pineapple 5, mangoKiwi 5; left strawberry 10, kiwi 2; banana,
///   pineapple and mango used up.
/// - mix --objective revenue on `recipes/prices.yaml`: 61,000 won (banana
///   4 × 3,000, kiwi 3 × 4,000, pineapple 5 × 3,500, strawberryBanana 1 ×
///   6,000, mango 3 × 4,500).
/// - menu on `recipes/prices.yaml`: a COST column for the fruits and a
///   PRICE column for the recipes; JSON `cost` and `price`; CSV's `price`
///   and `cost` filled.
/// - mix --stores: a mix per store of the example chain.
@Suite struct MixGoldenTests {
    static let cases: [(arguments: [String], golden: String)] = [
        (["mix"], "mix.txt"),
        (["mix", "--format", "json"], "mix.json"),
        (["mix", "--format", "csv"], "mix.csv"),
        (["mix", "--objective", "revenue", "--menu", "recipes/prices.yaml"], "mix-revenue.txt"),
        (["mix", "--objective", "margin", "--menu", "recipes/prices.yaml", "--format", "json"], "mix-margin.json"),
        (["mix", "--locale", "ko"], "mix-ko.txt"),
        (["menu", "--menu", "recipes/prices.yaml"], "menu-prices.txt"),
        (["menu", "--menu", "recipes/prices.yaml", "--format", "json"], "menu-prices.json"),
        (["menu", "--menu", "recipes/prices.yaml", "--format", "csv"], "menu-prices.csv"),
        (["menu", "--menu", "recipes/prices.yaml", "--format", "markdown"], "menu-prices.md"),
        (["mix", "--stores", "recipes/stores.yaml"], "stores-mix.txt"),
        (["mix", "--stores", "recipes/stores.yaml", "--format", "json"], "stores-mix.json"),
        (["mix", "--stores", "recipes/stores.yaml", "--format", "csv"], "stores-mix.csv"),
    ]

    @Test(arguments: cases)
    func anOutputMatchesItsGoldenFile(arguments: [String], golden: String) async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            // An inventory, so that no note about its absence is said.
            try sandbox.write("inventory.yaml", "")
            let result = try await sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            try ExampleChain.expectGolden(result.stdout, golden)
        }
    }
}
