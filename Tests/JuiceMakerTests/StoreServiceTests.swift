import Foundation
import JuiceMaker
import TestSupport
import Testing

/// The store service: finding a store's files, opening it, and its
/// operations, as every front end calls them.
@Suite struct StoreServiceTests {
    static let menu = """
        fruits:
          banana: 10
          kiwi: 3
        recipes:
          banana: { uses: { banana: 2 } }
          kiwiBanana: { uses: { kiwi: 1, banana: 1 } }
        """

    /// A folder holding `menu.yaml` and a manifest of two stores, one
    /// with an inventory and one without.
    private func withStores<T>(_ body: (String, StoreService) throws -> T) throws -> T {
        try TemporaryFolder.withPath { folder in
            try Self.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try """
            stores:
              gangnam: { menu: menu.yaml, inventory: gangnam.yaml }
              jamsil: { menu: menu.yaml }
            """.write(toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            return try body(folder, StoreService(lockTimeout: 1))
        }
    }

    @Test(
        arguments: [
            (nil, 10.0), ("2.5", 2.5), ("0", 0), ("abc", 10), ("inf", 10), ("nan", 10), ("-1", 10),
        ] as [(String?, Double)])
    func theLockWaitComesFromTheEnvironment(value: String?, seconds: Double) {
        let environment = value.map { ["JUICE_LOCK_TIMEOUT": $0] } ?? [:]
        #expect(StoreService(environment: environment).lockTimeout == seconds)
    }

    @Test func aStoresMenuFilesAreItsMenuAndEveryFileItExtends() throws {
        try TemporaryFolder.withPath { folder in
            try FileManager.default.createDirectory(atPath: folder + "/stores", withIntermediateDirectories: true)
            try Self.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try "extends: [../menu.yaml, ../missing.yaml]\nfruits: { banana: 4 }\n".write(
                toFile: folder + "/stores/child.yaml", atomically: true, encoding: .utf8)
            let service = StoreService()
            let files = service.menuFiles(of: StoreAddress(menuPath: folder + "/stores/child.yaml", inventoryPath: nil))
            #expect(files == [folder + "/stores/child.yaml", folder + "/menu.yaml", folder + "/missing.yaml"])
            #expect(service.menuFiles(of: StoreAddress(menuPath: nil, inventoryPath: nil)).isEmpty)
        }
    }

    @Test func aFilesShopIsFoundFromItsFolderUpToTheCeilings() throws {
        try TemporaryFolder.withPath { folder in
            let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            for path in ["recipes", "gangnam/deep"] {
                try FileManager.default.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true)
            }
            try Self.menu.write(toFile: folder + "/recipes/menu.yaml", atomically: true, encoding: .utf8)
            try "stores:\n  gangnam: { menu: menu.yaml, inventory: ../gangnam/stock.yaml }\n".write(
                toFile: folder + "/recipes/stores.yaml", atomically: true, encoding: .utf8)
            let service = StoreService()
            #expect(service.shopFolder(of: folder + "/gangnam/deep/any.yaml") == root)
            #expect(service.store(ofInventory: folder + "/gangnam/stock.yaml")?.name == "gangnam")
            #expect(
                service.store(ofInventory: folder + "/inventory.yaml")
                    == StoreAddress(menuPath: root + "/recipes/menu.yaml", inventoryPath: folder + "/inventory.yaml"))
            #expect(service.store(ofInventory: folder + "/gangnam/deep/any.yaml") == nil)
            // The shop's folder is a ceiling: a file below it has no shop.
            let ceiled = StoreService(ceilings: [folder])
            #expect(ceiled.shopFolder(of: folder + "/gangnam/deep/any.yaml") == nil)
            #expect(ceiled.store(ofInventory: folder + "/gangnam/stock.yaml") == nil)
            #expect(ceiled.shopFolder(of: folder + "/any.yaml") == root)
        }
    }

    @Test func namedFilesAreUsedAsGiven() {
        let address = StoreService().address(menu: "m.yaml", inventory: "i.yaml")
        #expect(address == StoreAddress(menuPath: "m.yaml", inventoryPath: "i.yaml"))
    }

    @Test func aStoreIsFoundInItsManifest() throws {
        try withStores { folder, service in
            let address = try service.address(store: "gangnam", manifestPath: folder + "/stores.yaml")
            #expect(address.name == "gangnam")
            #expect(address.manifestPath == folder + "/stores.yaml")
            #expect(address.menuPath == folder + "/menu.yaml")
            #expect(address.inventoryPath == folder + "/gangnam.yaml")
        }
    }

    @Test func anUnknownStoreIsRefusedWithTheKnownOnesAndADidYouMean() throws {
        try withStores { folder, service in
            let manifest = folder + "/stores.yaml"
            let error = #expect(throws: StoreError.self) {
                try service.address(store: "gangman", manifestPath: manifest)
            }
            #expect(error == .noSuchStore(name: "gangman", manifestPath: manifest, known: ["gangnam", "jamsil"]))
            #expect(
                error?.description
                    == "no store 'gangman' in \(manifest) (did you mean 'gangnam'?); its stores: gangnam, jamsil")
        }
    }

    @Test func aMissingManifestIsAFileError() throws {
        try TemporaryFolder.withPath { folder -> Void in
            #expect(throws: StoreError.file(.notFound(path: folder + "/none.yaml"))) {
                _ = try StoreService().address(store: "gangnam", manifestPath: folder + "/none.yaml")
            }
        }
    }

    @Test func aStoreWithoutInventoryCanBeReadButNotChanged() throws {
        try withStores { folder, service in
            let manifest = folder + "/stores.yaml"
            let address = try service.address(store: "jamsil", manifestPath: manifest)
            let store = try service.open(address)
            #expect(try store.readStock().inventory.counts == ["banana": 10, "kiwi": 3])
            #expect(throws: StoreError.noInventory(store: "jamsil", manifestPath: manifest)) {
                try service.open(address, forChange: true)
            }
            #expect(throws: StoreError.noInventory(store: "jamsil", manifestPath: manifest)) {
                try store.make(try store.orders(parsing: ["banana"]))
            }
        }
    }

    @Test func aMakeIsStoredWithItsJournalEntryAndADryRunWritesNothing() throws {
        try withStores { folder, service in
            let store = try service.open(
                try service.address(store: "gangnam", manifestPath: folder + "/stores.yaml"), forChange: true)
            let orders = try store.orders(parsing: ["banana=2", "kiwiBanana"])
            let preview = try store.make(orders, dryRun: true)
            #expect(preview.after.counts == ["banana": 5, "kiwi": 2])
            #expect(preview.entries.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder + "/gangnam.yaml"))

            let done = try store.make(orders)
            #expect(done.before.counts == ["banana": 10, "kiwi": 3])
            #expect(done.after.counts == ["banana": 5, "kiwi": 2])
            #expect(done.entries.map(\.kind) == [.make])
            #expect(done.entries.last?.orders == ["banana": 2, "kiwiBanana": 1])
            #expect(try store.readStock().inventory.counts == ["banana": 5, "kiwi": 2])
        }
    }

    @Test func aShortMakeIsRefusedAndChangesNothing() throws {
        try withStores { folder, service in
            let store = try service.open(service.address(menu: folder + "/menu.yaml", inventory: folder + "/i.yaml"))
            let error = #expect(throws: StoreError.self) { try store.make(try store.orders(parsing: ["kiwiBanana=4"])) }
            #expect(error == .refused(.insufficient([Shortage(fruit: "kiwi", needed: 4, available: 3)])))
            #expect(!FileManager.default.fileExists(atPath: folder + "/i.yaml"))
            // An app's alert shows the sentence, not Foundation's "The
            // operation could not be completed".
            #expect(error.map { ($0 as Error).localizedDescription } == error?.description)
            #expect(error?.localizedDescription.hasPrefix("not enough fruit") == true)
        }
    }

    @Test func theArgumentThatDoesNotFitIsNamedByItsPlace() throws {
        try withStores { folder, service in
            let store = try service.open(service.address(menu: folder + "/menu.yaml", inventory: nil))
            let error = #expect(throws: StoreError.self) { try store.orders(parsing: ["banana", "mango=2"]) }
            guard case .order(.unknownRecipe("mango", _), index: 1) = error else {
                Issue.record("not the second argument's unknown recipe: \(String(describing: error))")
                return
            }
            let change = #expect(throws: StoreError.self) { try store.stockChanges(parsing: ["kiwi=+1", "kiwi"]) }
            guard case .order(_, index: 1) = change else {
                Issue.record("not the second change: \(String(describing: change))")
                return
            }
        }
    }

    @Test func ordersBeyondCountingTogetherAreRefusedAsAWhole() throws {
        try TemporaryFolder.withPath { folder in
            let most = Schema.maximumCount
            try "fruits: { lime: 1 }\nrecipes:\n  lime: { uses: { lime: \(most) } }\n".write(
                toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            let service = StoreService()
            let store = try service.open(service.address(menu: folder + "/menu.yaml", inventory: nil))
            // Each order alone is fine; ten of them need more limes than an Int holds.
            #expect(try store.orders(parsing: ["lime=\(most)"]).count == 1)
            let error = #expect(throws: StoreError.self) {
                try store.orders(parsing: Array(repeating: "lime=\(most)", count: 10))
            }
            #expect(error == .order(.beyondCounting(fruit: "lime"), index: nil))
        }
    }

    @Test func anAdjustAndItsUndoAreJournaledAndCounted() throws {
        try withStores { folder, service in
            let store = try service.open(
                service.address(menu: folder + "/menu.yaml", inventory: folder + "/i.yaml"), forChange: true)
            let delivery = try store.adjust(try store.stockChanges(parsing: ["kiwi=+5"]), reason: .delivery)
            #expect(delivery.after["kiwi"] == 8)
            let undone = try store.undo()
            #expect(undone.after["kiwi"] == 3)
            #expect(undone.entries.last?.undoes == 1)
            var kinds: [JournalEntry.Kind] = []
            #expect(try store.readJournal { kinds.append($0.kind) }.isEmpty)
            #expect(kinds == [.adjust, .undo])
            // The undone delivery counts for nothing.
            #expect(try store.usage().usage == Usage())
            #expect(throws: StoreError.undo(.alreadyUndone(1, by: 2))) { try store.undo(entry: 1) }
        }
    }

    @Test func anInvalidMenuIsItsDiagnostics() throws {
        try TemporaryFolder.withPath { folder in
            try "fruits: { banana: -1 }\nrecipes: {}\n".write(
                toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            let error = #expect(throws: StoreError.self) {
                try StoreService().open(StoreAddress(menuPath: folder + "/menu.yaml", inventoryPath: nil))
            }
            guard case .invalidData(let diagnostics) = error else {
                Issue.record("not invalid data: \(String(describing: error))")
                return
            }
            #expect(places(diagnostics) == ["1:11 unused-fruit", "1:19 invalid-quantity"])
        }
    }

    @Test func aChainsStoresAreHandedOnInTheManifestsOrder() throws {
        try withStores { folder, service in
            let chain = try service.chain(manifestPath: folder + "/stores.yaml")
            #expect(chain.addresses.map(\.name) == ["gangnam", "jamsil"])
            var names: [String] = []
            chain.forEachStore { snapshot in
                snapshot.inventory?["banana"] ?? -1
            } consume: { summary, banana in
                names.append("\(summary.store.name)=\(banana)")
                return true
            }
            #expect(names == ["gangnam=10", "jamsil=10"])
            let (stores, diagnostics) = chain.usage(in: JournalPeriod())
            #expect(stores.map(\.name) == ["gangnam", "jamsil"])
            #expect(diagnostics.isEmpty)
        }
    }

    @Test func aValidationNamesEachFileChecked() throws {
        try withStores { folder, service in
            let store = service.address(menu: folder + "/menu.yaml", inventory: folder + "/i.yaml")
            let validation = service.validate(files: [], store: store, manifestPath: folder + "/stores.yaml")
            #expect(
                validation.checks.map(\.path) == [folder + "/menu.yaml", folder + "/stores.yaml", folder + "/i.yaml"])
            #expect(validation.checks.map(\.detail) == [nil, .stores(2), .absentInventory])
            #expect(validation.unreadable.isEmpty)
        }
    }
}
