import Testing

@testable import JuiceMaker

/// A menu's recipes are held in flat arrays (``RecipeTable``) and made into
/// ``Recipe`` values when read: what is read must be what was written.
@Suite struct RecipeTableTests {
    let menu = Menu.load(
        text: """
            fruits: { kiwi: 5, mango: 5, peach: 5 }
            recipes:
              kiwi: { kiwi: 3 }
              mangoKiwi:
                name: { ko: 망키쥬스, en: Mango Kiwi }
                uses: { mango: 2, kiwi: 1 }
                price: 4500
              peachAde: { name: Peach Ade (house), uses: { peach: 2 }, price: 0 }
              peachMango: { name: { ko: 복숭아망고 }, uses: { peach: 1, mango: 1 } }
              emptyName: { name: {}, uses: { kiwi: 1 } }
            """, assumingPath: "menu.yaml"
    ).value!

    @Test func recipesReadBackAsWritten() {
        #expect(
            Array(menu.recipes) == [
                Recipe(id: "kiwi", ingredients: [.init(fruit: "kiwi", quantity: 3)]),
                Recipe(
                    id: "mangoKiwi",
                    name: DisplayName([.init(locale: "ko", text: "망키쥬스"), .init(locale: "en", text: "Mango Kiwi")]),
                    ingredients: [.init(fruit: "mango", quantity: 2), .init(fruit: "kiwi", quantity: 1)], price: 4500),
                Recipe(
                    id: "peachAde", name: DisplayName("Peach Ade (house)"),
                    ingredients: [.init(fruit: "peach", quantity: 2)], price: 0),
                Recipe(
                    id: "peachMango", name: DisplayName([.init(locale: "ko", text: "복숭아망고")]),
                    ingredients: [.init(fruit: "peach", quantity: 1), .init(fruit: "mango", quantity: 1)]),
                Recipe(id: "emptyName", name: DisplayName([]), ingredients: [.init(fruit: "kiwi", quantity: 1)]),
            ])
        #expect(menu.recipes.id(at: 1) == "mangoKiwi")
        #expect(menu.languages == ["en", "ko"])
    }

    @Test func eachLocaleIsListedOnceInTheOrderFirstGiven() throws {
        let menu = try #require(
            Menu.load(
                text: """
                    fruits: { kiwi: 5 }
                    recipes:
                      a: { name: { ko_KR: 가, en: A }, uses: { kiwi: 1 } }
                      b: { name: { ko: 나, ko_KR: 나, en_GB: B }, uses: { kiwi: 1 } }
                      c: { name: { en: C, ko: 다 }, uses: { kiwi: 1 } }
                      d: { name: Plain, uses: { kiwi: 1 } }
                    """, assumingPath: "menu.yaml"
            ).value)
        #expect(menu.recipes.table.locales() == ["ko_KR", "en", "ko", "en_GB"])
        #expect(menu.languages == ["en", "ko"])
    }

    @Test func theNameReadInPlaceIsTheDisplayName() {
        for language in [nil, "ko", "en", "fr"] {
            for position in menu.recipes.indices {
                let inPlace = menu.recipes.withDisplayName(at: position, for: language) {
                    String(decoding: $0, as: UTF8.self)
                }
                #expect(inPlace == menu.recipes[position].displayName(for: language))
            }
        }
        let korean = menu.recipes.indices.map { position in
            menu.recipes.withDisplayName(at: position, for: "ko") { String(decoding: $0, as: UTF8.self) }
        }
        #expect(korean == ["kiwi", "망키쥬스", "Peach Ade (house)", "복숭아망고", "emptyName"])
    }

    @Test func recipesOfTwoMenusCompareByIdNameUsesAndPrice() {
        // The same recipes over fruits declared in another order: their
        // positions differ, their fruits do not.
        let other = Menu.load(
            text: """
                fruits: { peach: 1, mango: 1, kiwi: 1 }
                recipes:
                  mangoKiwi:
                    name: { ko: 망키쥬스, en: Mango Kiwi }
                    uses: { mango: 2, kiwi: 1 }
                    price: 4500
                  kiwi: { kiwi: 3 }
                  peachAde: { name: Peach Ade (house), uses: { peach: 2 }, price: 1 }
                  peachMango: { name: { ko: 복숭아망고 }, uses: { peach: 1, mango: 2 } }
                  emptyName: { kiwi: 1 }
                """, assumingPath: "other.yaml"
        ).value!
        let recipes = menu.recipes
        #expect(recipes.isRecipe(at: 1, equalTo: 0, of: other.recipes))
        #expect(recipes.isRecipe(at: 0, equalTo: 1, of: other.recipes))
        #expect(!recipes.isRecipe(at: 0, equalTo: 0, of: other.recipes))
        // A price, a quantity, a name of no translation against none.
        #expect(!recipes.isRecipe(at: 2, equalTo: 2, of: other.recipes))
        #expect(!recipes.isRecipe(at: 3, equalTo: 3, of: other.recipes))
        #expect(!recipes.isRecipe(at: 4, equalTo: 4, of: other.recipes))
        #expect(recipes == menu.recipes)
        #expect(recipes != other.recipes)
    }

    @Test func aMenuWhoseRecipeTextPassesTheTablesCapacityIsALimitErrorAtTheFirstRecipeLeftOut() {
        var file = MenuFile()
        let location = SourceLocation(file: "menu.yaml", line: 1, column: 1)
        file.fruits = [MenuFile.Entry(id: "kiwi", value: Fruit(id: "kiwi"), location: location)]
        file.recipes = RecipeDrafts(textCapacity: 15)
        for (line, id) in ["kiwiJuice", "kiwiAde", "kiwiTea"].enumerated() {
            file.recipes.append(
                id: id, at: SourceLocation(file: "menu.yaml", line: line + 3, column: 3), removes: false)
            file.recipes.appendIngredient(fruit: "kiwi", quantity: 1, line: line + 3, column: 14)
        }
        let loaded = MenuResolver.resolve(file)
        #expect(loaded.value == nil)
        #expect(loaded.diagnostics.map(\.code) == [.limit])
        #expect(loaded.diagnostics.first?.location == SourceLocation(file: "menu.yaml", line: 4, column: 3))
    }
}
