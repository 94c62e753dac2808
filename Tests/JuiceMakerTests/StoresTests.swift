import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// The stores manifest, the chain's snapshots and the shopping list, on the
/// repository's example chain and on broken ones.
@Suite struct StoresTests {
    let examples = Repository.root.appendingPathComponent("recipes/stores.yaml").path

    @Test func theExampleManifestNamesFourStoresWithPathsFromItsFolder() throws {
        let manifest = try StoresManifest.load(path: examples)
        #expect(manifest.diagnostics.isEmpty)
        #expect(manifest.stores.map(\.name) == ["gangnam", "hongdae", "jamsil", "seoulStation"])
        let root = Repository.root.path
        #expect(manifest.stores[0].menuPath == root + "/recipes/stores/gangnam.yaml")
        #expect(manifest.stores[0].inventoryPath == root + "/state/gangnam.yaml")
        #expect(manifest.stores[3].inventoryPath == nil)
    }

    @Test func storesReadFromManyThreadsAtOnceStillParseEachMenuOnce() async throws {
        let loader = MenuLoader()
        let manifest = try StoresManifest.load(path: examples)
        // Every store eight times over, from as many tasks at once.
        let menus = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    manifest.stores.map { StoreSnapshot.load($0, loader: loader).menu?.recipes.map(\.id) ?? [] }.flatMap
                    { $0 }
                }
            }
            return await group.reduce(into: Set<[String]>()) { $0.insert($1) }
        }
        #expect(menus.count == 1)
        #expect(loader.filesParsed == 4)
    }

    @Test func aForgottenStoreMenuIsReadAgainButItsParentIsKept() throws {
        let loader = MenuLoader()
        let manifest = try StoresManifest.load(path: examples)
        let gangnam = manifest.stores[0]
        #expect(StoreSnapshot.load(gangnam, loader: loader).isValid)
        #expect(loader.filesParsed == 2)
        loader.forget(path: gangnam.menuPath)
        // The chain's menu, which gangnam's extends, is kept: forgetting it
        // does nothing.
        loader.forget(path: Repository.root.appendingPathComponent("recipes/menu.yaml").path)
        #expect(StoreSnapshot.load(gangnam, loader: loader).isValid)
        #expect(loader.filesParsed == 3)
        #expect(StoreSnapshot.load(manifest.stores[3], loader: loader).isValid)
        #expect(loader.filesParsed == 3)
    }

    @Test func theExampleStoresShareTheBaseMenuWhichIsParsedOnce() throws {
        let loader = MenuLoader()
        let snapshots = StoreSnapshot.load(try StoresManifest.load(path: examples), loader: loader)
        #expect(snapshots.map(\.isValid) == [true, true, true, true])
        // menu.yaml and the three store menus: four files for four stores.
        #expect(loader.filesParsed == 4)
        let gangnam = try #require(snapshots[0].menu)
        #expect(gangnam.recipe(id: "mangoKiwi") == nil)
        #expect(gangnam.fruit(id: "mango") == nil)
        let hongdae = try #require(snapshots[1].menu)
        #expect(hongdae.recipes.map(\.id).suffix(2) == ["peach", "peachBanana"])
        let jamsil = try #require(snapshots[2].menu)
        #expect(
            jamsil.recipe(id: "strawberryBanana")?.ingredients == [
                .init(fruit: "strawberry", quantity: 6), .init(fruit: "banana", quantity: 2),
            ])
        #expect(snapshots[0].inventory?["strawberry"] == 22)
        #expect(snapshots[2].inventory == Inventory(initialStockOf: jamsil))
    }

    @Test func aStoreWithABrokenMenuFailsAloneAndAMissingMenuIsAMissingFileAtTheManifest() throws {
        try TemporaryFolder.withPath { folder in
            let manifest = """
                stores:
                  good: { menu: menu.yaml }
                  typo: { menu: typo.yaml }
                  gone: { menu: nowhere.yaml }
                """
            try manifest.write(toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            try Menu.builtinSource.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try "extends: menu.yaml\nrecipes: { kiwi: { kiwii: 3 } }\n".write(
                toFile: folder + "/typo.yaml", atomically: true, encoding: .utf8)
            let snapshots = StoreSnapshot.load(try StoresManifest.load(path: folder + "/stores.yaml"))
            #expect(snapshots.map(\.isValid) == [true, false, false])
            let typo = snapshots[1].diagnostics.filter { $0.severity == .error }.map {
                "\($0.location) \($0.code.rawValue)"
            }
            #expect(typo == ["\(folder)/typo.yaml:2:20 unknown-fruit"])
            #expect(
                snapshots[2].diagnostics.map { "\($0.location) \($0.code.rawValue)" } == [
                    "\(folder)/stores.yaml:4:17 missing-file"
                ])
        }
    }

    @Test func manifestProblemsAreReportedAtTheirPlaceAndValidStoresKept() throws {
        try TemporaryFolder.withPath { folder in
            let manifest = """
                x-owner: the chain
                stores:
                  good: { menu: menu.yaml, x-manager: Kim }
                  noMenu: { inventory: a.yaml }
                  bad store: { menu: menu.yaml }
                  typo: { menu: menu.yaml, inventroy: b.yaml }
                  good: { menu: menu.yaml }
                """
            try manifest.write(toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            let loaded = try StoresManifest.load(path: folder + "/stores.yaml")
            #expect(loaded.stores.map(\.name) == ["good", "typo"])
            #expect(
                places(loaded.diagnostics) == [
                    "4:13 missing-key", "5:3 invalid-id", "6:28 unknown-key", "7:3 duplicate-key",
                ])
            #expect(loaded.diagnostics[2].message.contains("did you mean 'inventory'?"))
        }
    }

    @Test func theShoppingListBuysOnlyTheShortfallOfOrdersTogether() throws {
        let menu = Menu.builtin
        let inventory = Inventory(counts: ["strawberry": 25, "banana": 1, "mango": 0, "kiwi": 10])
        let orders = try ["strawberryBanana=2", "banana", "mangoKiwi=3"].map { try menu.order(parsing: $0) }
        let list = inventory.shoppingList(for: orders)
        #expect(
            list.map { "\($0.fruit) \($0.needed) \($0.available) \($0.missing)" } == [
                "strawberry 20 25 0", "banana 4 1 3", "mango 6 0 6", "kiwi 3 10 0",
            ])
    }

    @Test func aStorePlanIsAnUnknownRecipeErrorAtTheStoreWhenItsMenuLacksAnOrder() throws {
        let snapshots = StoreSnapshot.load(try StoresManifest.load(path: examples))
        let requests = [try OrderRequest(parsing: "peach=3"), try OrderRequest(parsing: "banana")]
        let plans = snapshots.map { $0.plan(for: requests) }
        #expect(plans.map(\.isPlanned) == [false, true, false, false])
        #expect(places(plans[0].diagnostics) == ["6:3 unknown-recipe"])
        #expect(plans[0].list.isEmpty)
        // Hongdae: peach 9 of 7, banana 2 of 12.
        #expect(
            plans[1].list.map { "\($0.fruit) \($0.needed) \($0.available) \($0.missing)" } == [
                "peach 9 7 2", "banana 2 12 0",
            ])
    }

    @Test func anOrderRequestIsCheckedAgainstEachMenu() throws {
        let request = try OrderRequest(parsing: "peach=2")
        #expect(request == OrderRequest(recipe: "peach", servings: 2))
        #expect(throws: OrderError.self) { try Menu.builtin.order(for: request) }
        #expect(throws: OrderError.self) { try OrderRequest(parsing: "peach=0") }
    }
}
