import Foundation
// A plain import, unlike the other tests: this file sees only the public
// API, so the library page's tour is known to compile for a user.
import JuiceMaker
import TestSupport
import Testing

/// The tour of `Documentation/Library.md`, step by step, on the repository's
/// files: change the two together.
@Suite struct ReadmeExampleTests {
    @Test func theLibraryExampleRunsOnThePublicAPI() async throws {
        let recipes = Repository.root.appendingPathComponent("recipes").path
        let loaded = try Menu.load(path: recipes + "/menu.yaml")
        #expect(loaded.diagnostics.isEmpty)
        let menu = try #require(loaded.value)

        let stock = Inventory(initialStockOf: menu)
        let after = try stock.making([try menu.order("banana", servings: 2)])
        #expect(try menu.order(parsing: "banana=2") == menu.order("banana", servings: 2))
        let banana = try #require(after.availability(in: menu).first { $0.recipe.id == "banana" })
        #expect(banana.recipe.displayName(for: "ko") == "바나나쥬스")
        #expect(banana.servings == 3)  // two servings used 4 of the 10 bananas
        #expect(banana.limitedBy == ["banana"])

        let service = StoreService(environment: ProcessInfo.processInfo.environment)
        try TemporaryFolder.withPath { folder in
            let address = service.address(menu: recipes + "/menu.yaml", inventory: folder + "/inventory.yaml")
            let store = try service.open(address, forChange: true)
            let delivery = try store.adjust(try store.stockChanges(parsing: ["kiwi=+5"]), reason: .delivery)
            #expect(delivery.after["kiwi"] == 15)
            #expect(try store.readStock().inventory["kiwi"] == 15)
            var entries: [JournalEntry] = []
            _ = try store.readJournal { entries.append($0) }
            #expect(entries.map(\.changes) == [["kiwi": 5]])
            let (usage, _) = try store.usage(since: JournalTime(parsing: "2026-11-22"))
            #expect(usage.fruits["kiwi"]?.delivered == 5)
            #expect(try store.undo().after["kiwi"] == 10)

            let live = try FruitStore(store)
            #expect(live.inventory["kiwi"] == 10)
            try live.adjust([StockChange(fruit: "kiwi", .add(1))], reason: .delivery)
            #expect(try store.readStock().inventory["kiwi"] == 11)

            let validation = service.validate(files: [recipes + "/menu.yaml"], store: nil, manifestPath: nil)
            #expect(validation.checks.map(\.diagnostics) == [[]])
        }

        let chain = try service.chain(manifestPath: recipes + "/stores.yaml")
        var lists: [String: [Int]] = [:]
        var servings: [String: Bool] = [:]
        chain.forEachStore { snapshot -> ([Int], Bool)? in
            guard let menu = snapshot.menu, let stock = snapshot.inventory,
                let order = try? menu.order(parsing: "banana=2")
            else { return nil }
            return (
                stock.shoppingList(for: [order]).map(\.missing),
                stock.servings(in: menu) == stock.availability(in: menu).map(\.servings)
            )
        } consume: { summary, result in
            lists[summary.store.name] = result?.0
            servings[summary.store.name] = result?.1
            return true
        }
        #expect(lists.keys.sorted() == ["gangnam", "hongdae", "jamsil", "seoulStation"])
        #expect(lists["hongdae"] == [0])
        #expect(servings.values.allSatisfy { $0 })

        let store = FruitStore(menu: menu)
        var changes = store.changes().makeAsyncIterator()
        #expect(await changes.next()?["banana"] == 10)
        try store.make([try menu.order(parsing: "banana=2")])
        #expect(await changes.next()?["banana"] == 6)
    }

    /// The library page's store service, step by step, on a copy of the
    /// example chain (its changes must not touch the repository's `state/`).
    @Test func theStoreServiceExampleRunsOnACopyOfTheExampleChain() throws {
        try TemporaryFolder.withPath { folder in
            for name in ["recipes", "state"] {
                try FileManager.default.copyItem(
                    atPath: Repository.root.appendingPathComponent(name).path, toPath: folder + "/" + name)
            }
            let manifest = folder + "/recipes/stores.yaml"
            let service = StoreService(environment: ProcessInfo.processInfo.environment)
            let gangnam = try service.address(store: "gangnam", manifestPath: manifest)
            let store = try service.open(gangnam, forChange: true)
            let made = try store.make(try store.orders(parsing: ["strawberry"]))
            #expect(made.before["strawberry"] == 22)
            #expect(made.after["strawberry"] == 6)
            let preview = try store.adjust(
                try store.stockChanges(parsing: ["kiwi=+5"]), reason: .delivery, dryRun: true)
            #expect(preview.after["kiwi"] == 9)
            #expect(preview.entries.isEmpty)
            #expect(try store.undo().entries.last?.undoes == made.entries.last?.id)
            #expect(try store.readStock().inventory["strawberry"] == 22)

            let error = #expect(throws: StoreError.self) {
                try service.address(store: "gangman", manifestPath: manifest)
            }
            #expect(
                error?.description
                    == "no store 'gangman' in \(manifest) (did you mean 'gangnam'?); its stores: gangnam, hongdae, "
                    + "jamsil, seoulStation")

            let chain = try service.chain(manifestPath: manifest)
            var bananas: [String] = []
            chain.forEachStore { snapshot in
                snapshot.inventory?["banana"] ?? 0
            } consume: { summary, count in
                bananas.append("\(summary.store.name) \(count)")
                return true
            }
            #expect(bananas == ["gangnam 3", "hongdae 12", "jamsil 10", "seoulStation 10"])
        }
    }
}
