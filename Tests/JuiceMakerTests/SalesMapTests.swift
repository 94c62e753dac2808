import Foundation
import JuiceMaker
import TestSupport
import Testing

/// The sales map (SPEC 17's `recipes/sales.yaml`) read through the store
/// service: its form, its ids against a store's menu or each store's of a
/// chain, and where it is found.
@Suite struct SalesMapTests {
    static let menu = """
        fruits:
          banana: 10
          kiwi: 3
          mango: 5
          strawberry: 20
        recipes:
          banana: { uses: { banana: 2 } }
          mangoKiwi: { uses: { mango: 2, kiwi: 1 } }
          strawberry: { uses: { strawberry: 16 } }
        """

    /// The form the documentation gives.
    static let documented = """
        items:
          Banana Juice: banana                            # a recipe id alone: 1 serving
          "Mango Kiwi | Large": { recipe: mangoKiwi, servings: 2 }
          바나나 주스: banana
        modifiers:
          Extra Banana: { banana: 1 }                     # fruit per unit of its line
          Strawberry Shot: { recipe: strawberry }         # one more serving per unit
        ignore:
          - Americano
          - Straw
        """

    /// `body` in a folder holding `recipes/menu.yaml` (and `recipes/sales.yaml`
    /// when `map` is given), with the store of that menu opened.
    private func withStore<T>(map: String?, _ body: (String, Store, StoreService) throws -> T) throws -> T {
        try TemporaryFolder.withPath { folder in
            try FileManager.default.createDirectory(atPath: folder + "/recipes", withIntermediateDirectories: true)
            try Self.menu.write(toFile: folder + "/recipes/menu.yaml", atomically: true, encoding: .utf8)
            try map?.write(toFile: folder + "/recipes/sales.yaml", atomically: true, encoding: .utf8)
            let service = StoreService(lockTimeout: 1)
            let store = try service.open(StoreAddress(menuPath: folder + "/recipes/menu.yaml", inventoryPath: nil))
            return try body(folder, store, service)
        }
    }

    /// The map's diagnostics, with the folder's path left out.
    private func problems(_ map: String) throws -> [String] {
        try withStore(map: map) { folder, store, service in
            let loaded = try service.salesMap(for: store)
            #expect((loaded.value == nil) == loaded.diagnostics.containsErrors)
            return loaded.diagnostics.map { $0.description.replacingOccurrences(of: folder + "/", with: "") }
        }
    }

    @Test func theDocumentedFormIsReadAsTheModel() throws {
        try withStore(map: Self.documented) { _, store, service in
            let loaded = try service.salesMap(for: store)
            #expect(loaded.diagnostics.isEmpty)
            #expect(
                loaded.value
                    == SalesMap(
                        items: [
                            "Banana Juice": .init(recipe: "banana"),
                            "Mango Kiwi | Large": .init(recipe: "mangoKiwi", servings: 2),
                            "바나나 주스": .init(recipe: "banana"),
                        ],
                        modifiers: ["Extra Banana": .fruits(["banana": 1]), "Strawberry Shot": .recipe("strawberry")],
                        ignored: ["Americano", "Straw"]))
            #expect(loaded.value?.item(named: "Mango Kiwi", size: "Large") == .init(recipe: "mangoKiwi", servings: 2))
        }
    }

    @Test func everySectionIsOptionalAndAnEmptyFileIsTheEmptyMap() throws {
        for text in ["", "# nothing yet\n", "ignore: [Americano]\n", "x-note: mine\n"] {
            try withStore(map: text) { _, store, service in
                let loaded = try service.salesMap(for: store)
                #expect(loaded.diagnostics.isEmpty, "\(text)")
                #expect(loaded.value?.items.isEmpty == true)
                #expect(loaded.value?.ignored == (text.hasPrefix("ignore") ? ["Americano"] : []))
            }
        }
    }

    @Test func everyMistakeOfTheFormIsSaidAtItsPlace() throws {
        let found = try problems(
            """
            items:
              Banana Juice: banana
              Kiwi: { recipe: banana, servings: 0, size: 2 }
              Bad: [1]
              Nothing: { servings: 2 }
              Spaced: Banana Juice
              Many: { recipe: banana, servings: 1000000001 }
              Null: { recipe: ~ }
            modifiers:
              Extra Mango: { mango: x, 2kiwi: 2 }
              Empty: {}
              Shot: { recipe: banana, servings: 2 }
              Listed: [banana]
            ignore:
              - Americano
              - Straw
              - Straw
              - Banana Juice
              - { a: 1 }
            itms: 1
            """)
        #expect(
            found == [
                "recipes/sales.yaml:3:37: error: the servings of item 'Kiwi' is '0'; it must be a whole number from 1 to 1000000000, written in plain digits [invalid-quantity]",
                "recipes/sales.yaml:3:40: error: unknown key 'size' in item 'Kiwi' [unknown-key]",
                "recipes/sales.yaml:4:8: error: item 'Bad' must be a recipe id or a mapping with 'recipe' (and 'servings'), not a sequence [type-mismatch]",
                "recipes/sales.yaml:5:12: error: item 'Nothing' has no 'recipe' [missing-key]",
                "recipes/sales.yaml:6:11: error: invalid recipe id 'Banana Juice': an id is an ASCII letter followed by ASCII letters, digits, '_' or '-', and does not start with 'x-' [invalid-id]",
                "recipes/sales.yaml:7:37: error: the servings of item 'Many' is '1000000001'; it must be a whole number from 1 to 1000000000, written in plain digits [invalid-quantity]",
                "recipes/sales.yaml:8:19: error: the recipe of item 'Null' must be a recipe id, not null [type-mismatch]",
                "recipes/sales.yaml:10:25: error: the amount of fruit 'mango' in modifier 'Extra Mango' is 'x'; it must be a whole number from 1 to 1000000000, written in plain digits [invalid-quantity]",
                "recipes/sales.yaml:10:28: error: invalid fruit id '2kiwi': an id is an ASCII letter followed by ASCII letters, digits, '_' or '-', and does not start with 'x-' [invalid-id]",
                "recipes/sales.yaml:11:10: error: modifier 'Empty' adds nothing: give the fruit it adds ({banana: 1}) or a recipe ({recipe: ID}), or list it in 'ignore' [missing-key]",
                "recipes/sales.yaml:12:27: error: unknown key 'servings' in modifier 'Shot' [unknown-key]",
                "recipes/sales.yaml:13:11: error: modifier 'Listed' must be a mapping, not a sequence [type-mismatch]",
                "recipes/sales.yaml:17:5: error: 'Straw' appears twice [duplicate-key]\nrecipes/sales.yaml:16:5: note: the first occurrence is here",
                "recipes/sales.yaml:18:5: error: 'Banana Juice' is in 'items' and in 'ignore': a name is mapped or ignored, not both [duplicate-key]\nrecipes/sales.yaml:2:3: note: 'Banana Juice' is mapped here",
                "recipes/sales.yaml:19:5: error: a name in 'ignore' must be text, not a mapping [type-mismatch]",
                "recipes/sales.yaml:20:1: error: unknown key 'itms' in the sales map (did you mean 'items'?) [unknown-key]",
            ])
    }

    @Test func aKeyGivenTwiceIsRefusedAsInAMenu() throws {
        let found = try problems(
            """
            items:
              Banana Juice: banana
              Banana Juice: mangoKiwi
            """)
        #expect(
            found == [
                "recipes/sales.yaml:3:3: error: duplicate key 'Banana Juice' [duplicate-key]\nrecipes/sales.yaml:2:3: note: the first occurrence is here"
            ])
    }

    @Test func sectionsOfTheWrongShapeAreSaidOnce() throws {
        #expect(
            try problems("items: [banana]\nmodifiers: Extra\nignore: Straw\n") == [
                "recipes/sales.yaml:1:8: error: 'items' must be a mapping, not a sequence [type-mismatch]",
                "recipes/sales.yaml:2:12: error: 'modifiers' must be a mapping, not a scalar [type-mismatch]",
                "recipes/sales.yaml:3:9: error: 'ignore' must be a list of names, not a scalar [type-mismatch]",
            ])
        #expect(
            try problems("- banana\n") == [
                "recipes/sales.yaml:1:1: error: a sales map must be a mapping, not a sequence [type-mismatch]"
            ])
    }

    @Test func aMenuGivenAsTheMapIsSaidToBeAMenu() throws {
        #expect(
            try problems(Self.menu) == [
                "recipes/sales.yaml:1:1: error: this file is a menu (it has 'fruits'), not a sales map [type-mismatch]"
            ])
    }

    @Test func recipeAndFruitIdsTheMenuLacksAreSaidWithADidYouMean() throws {
        let found = try problems(
            """
            items:
              Banana Juice: banan
              Mango Kiwi: { recipe: mangoKiwii, servings: 2 }
              Coffee: espresso
            modifiers:
              Extra: { bananna: 1, kiwi: 1 }
              Shot: { recipe: strawbery }
            """)
        #expect(
            found == [
                "recipes/sales.yaml:2:17: error: unknown recipe 'banan' (did you mean 'banana'?) [unknown-recipe]",
                "recipes/sales.yaml:3:25: error: unknown recipe 'mangoKiwii' (did you mean 'mangoKiwi'?) [unknown-recipe]",
                "recipes/sales.yaml:4:11: error: unknown recipe 'espresso' [unknown-recipe]",
                "recipes/sales.yaml:6:12: error: unknown fruit 'bananna' (did you mean 'banana'?) [unknown-fruit]",
                "recipes/sales.yaml:7:19: error: unknown recipe 'strawbery' (did you mean 'strawberry'?) [unknown-recipe]",
            ])
    }

    @Test func aMissingDefaultMapIsTheEmptyMapAndAMissingNamedOneAFileError() throws {
        try withStore(map: nil) { folder, store, service in
            #expect(service.defaultSalesMapPath(for: store.address) == folder + "/recipes/sales.yaml")
            let loaded = try service.salesMap(for: store)
            #expect(loaded.value == SalesMap())
            #expect(loaded.diagnostics.isEmpty)
            #expect(throws: StoreError.file(.notFound(path: folder + "/till.yaml"))) {
                try service.salesMap(for: store, path: folder + "/till.yaml")
            }
        }
    }

    @Test func aNamedMapIsReadInsteadOfTheDefault() throws {
        try withStore(map: "items: { Banana Juice: banana }\n") { folder, store, service in
            try "items: { Kiwi Banana: mangoKiwi }\n".write(
                toFile: folder + "/till.yaml", atomically: true, encoding: .utf8)
            let loaded = try service.salesMap(for: store, path: folder + "/till.yaml")
            #expect(loaded.value?.items == ["Kiwi Banana": .init(recipe: "mangoKiwi")])
        }
    }

    /// A chain's map is beside its manifest, for the chain and for each of
    /// its stores; an id some stores' menus lack names them, one all lack
    /// names none.
    @Test func aChainsMapIsCheckedAgainstEachStoresMenu() throws {
        try TemporaryFolder.withPath { folder in
            try Self.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            try """
            extends: menu.yaml
            recipes:
              mangoKiwi: ~
            """.write(toFile: folder + "/jamsil.yaml", atomically: true, encoding: .utf8)
            try """
            stores:
              gangnam: { menu: menu.yaml }
              hongdae: { menu: menu.yaml }
              jamsil: { menu: jamsil.yaml }
            """.write(toFile: folder + "/stores.yaml", atomically: true, encoding: .utf8)
            try """
            items:
              Mango Kiwi: mangoKiwi
              Coffee: espresso
            """.write(toFile: folder + "/sales.yaml", atomically: true, encoding: .utf8)
            let service = StoreService(lockTimeout: 1)
            let manifest = folder + "/stores.yaml"
            let stores = try ["gangnam", "hongdae", "jamsil"].map {
                try service.open(try service.address(store: $0, manifestPath: manifest))
            }
            #expect(service.defaultSalesMapPath(for: stores[2].address) == folder + "/sales.yaml")
            #expect(StoreService.defaultSalesMapPath(forManifest: manifest) == folder + "/sales.yaml")
            let loaded = try service.salesMap(forChain: stores, manifestPath: manifest)
            #expect(loaded.value == nil)
            #expect(
                loaded.diagnostics.map { $0.description.replacingOccurrences(of: folder + "/", with: "") } == [
                    "sales.yaml:2:15: warning: unknown recipe 'mangoKiwi' (for store jamsil) [unknown-recipe]",
                    "sales.yaml:3:11: error: unknown recipe 'espresso' [unknown-recipe]",
                ])
            // One store of the chain reads the same map, against its own menu.
            let jamsil = try service.salesMap(for: stores[2])
            #expect(
                jamsil.diagnostics.map(\.message) == ["unknown recipe 'mangoKiwi'", "unknown recipe 'espresso'"])
            let gangnam = try service.salesMap(for: stores[0])
            #expect(gangnam.diagnostics.map(\.message) == ["unknown recipe 'espresso'"])
        }
    }
}
