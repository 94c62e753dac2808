import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

@Suite struct BuiltinMenuTests {
    /// The file's first line, its schema for editors, is the repository's only.
    @Test func theBuiltinMenuIsTheRepositorysMenuFileByteForByte() throws {
        let file = try String(contentsOf: Repository.root.appendingPathComponent("recipes/menu.yaml"), encoding: .utf8)
        let modeline = "# yaml-language-server: $schema=../schemas/menu.schema.json\n"
        #expect(file.hasPrefix(modeline))
        #expect(String(file.dropFirst(modeline.count)) == Menu.builtinSource)
    }

    @Test func theBuiltinMenuLoadsWithoutAnyDiagnostic() {
        let loaded = MenuLoader().load(text: Menu.builtinSource, assumingPath: Menu.builtinPath)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.value != nil)
    }

    @Test func theBuiltinMenuIsTheOriginalAppsFiveFruitsAtTenAndSevenJuices() {
        let menu = Menu.builtin
        #expect(menu.fruits.map(\.id) == ["strawberry", "banana", "pineapple", "kiwi", "mango"])
        #expect(menu.fruits.allSatisfy { $0.initialStock == 10 })
        let uses = menu.recipes.map { recipe in
            "\(recipe.id): " + recipe.ingredients.map { "\($0.fruit) \($0.quantity)" }.joined(separator: ", ")
        }
        #expect(
            uses == [
                "strawberry: strawberry 16", "banana: banana 2", "kiwi: kiwi 3", "pineapple: pineapple 2",
                "strawberryBanana: strawberry 10, banana 1", "mango: mango 3", "mangoKiwi: mango 2, kiwi 1",
            ])
    }

    @Test func namesAreGivenInEnglishAndKorean() throws {
        let recipe = try #require(Menu.builtin.recipe(id: "strawberryBanana"))
        #expect(recipe.displayName(for: "en") == "Strawberry Banana Juice")
        #expect(recipe.displayName(for: "ko") == "딸바쥬스")
        #expect(Menu.builtin.fruitName("pineapple", for: "ko") == "파인애플")
    }
}
