import Foundation
import TestSupport
import Testing

/// `juice validate` of a sales map (SPEC 17's `recipes/sales.yaml`), the
/// real binary: told by its name or its keys, checked against the menus
/// beside it (each store's of the manifest there, else the menu there),
/// with exact places, messages and exit statuses.
@Suite struct SalesMapValidateTests {
    /// A map for the example chain: `mangoKiwi` and `mango` are gone from
    /// gangnam's menu, `peach` is only hongdae's, `banan` a typo for all.
    static let chainMap = """
        # yaml-language-server: $schema=../schemas/sales.schema.json
        items:
          Mango Kiwi: mangoKiwi
          Peach Juice: { recipe: peach, servings: 2 }
          Banana Juice: banan
          바나나 주스: banana
        modifiers:
          Extra Mango: { mango: 1 }
          Strawberry Shot: { recipe: strawberry }
        ignore: [Americano, Straw]

        """

    /// The repository's `recipes/menu.yaml`.
    static let exampleMenu = String(
        decoding: FileManager.default.contents(atPath: Repository.root.appendingPathComponent("recipes/menu.yaml").path)
            ?? Data(), as: UTF8.self)

    static let chainErrors = [
        "recipes/sales.yaml:3:15: warning: unknown recipe 'mangoKiwi' (for store gangnam) [unknown-recipe]",
        "recipes/sales.yaml:4:26: warning: unknown recipe 'peach' (for stores gangnam, jamsil, seoulStation) [unknown-recipe]",
        "recipes/sales.yaml:5:17: error: unknown recipe 'banan' (did you mean 'banana'?) [unknown-recipe]",
        "recipes/sales.yaml:8:18: warning: unknown fruit 'mango' (for store gangnam) [unknown-fruit]",
    ]

    @Test func aChainsMapIsCheckedAgainstEveryStoresMenuNamingThoseThatLackAnId() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            try sandbox.write("recipes/sales.yaml", Self.chainMap)
            let result = try await sandbox.juice("validate", "recipes/sales.yaml")
            #expect(result.exitCode == 65)
            #expect(result.stderrLines == Self.chainErrors)
            #expect(
                result.stdoutLines == [
                    "recipes/sales.yaml: 1 error, 3 warnings (a sales map, checked against the menus of 4 stores)"
                ])

            let github = try await sandbox.juice("validate", "recipes/sales.yaml", "--format", "github")
            #expect(github.exitCode == 65)
            #expect(
                github.stdoutLines.first
                    == "::warning file=recipes/sales.yaml,line=3,col=15::unknown recipe 'mangoKiwi' (for store gangnam) [unknown-recipe]"
            )

            let json = try await sandbox.juice("validate", "recipes/sales.yaml", "--format", "json")
            #expect(json.exitCode == 65)
            let diagnostics = try #require(try json.json()["diagnostics"]?.array)
            #expect(diagnostics.count == 4)
            #expect(
                diagnostics[1]["message"]?.string == "unknown recipe 'peach' (for stores gangnam, jamsil, seoulStation)"
            )
            #expect(diagnostics[1]["line"] == .number(4))
            #expect(diagnostics[1]["column"] == .number(26))
            #expect(diagnostics[1]["code"]?.string == "unknown-recipe")
        }
    }

    @Test func aValidMapSaysWhatItWasCheckedAgainst() async throws {
        try await Sandbox.with { sandbox in
            try ExampleChain.copy(into: sandbox)
            try sandbox.write(
                "recipes/sales.yaml",
                "items:\n  Banana Juice: banana\n  \"Kiwi | Large\": { recipe: kiwi, servings: 2 }\nignore: [Straw]\n")
            let result = try await sandbox.juice("validate", "recipes/sales.yaml")
            #expect(result.exitCode == 0)
            #expect(result.stderr == "")
            #expect(
                result.stdoutLines == ["recipes/sales.yaml: ok (a sales map, checked against the menus of 4 stores)"])
            let korean = try await sandbox.juice(
                arguments: ["validate", "recipes/sales.yaml"], environment: ["LANG": "ko_KR.UTF-8"])
            #expect(korean.exitCode == 0)
            #expect(korean.stdoutLines == ["recipes/sales.yaml: 문제 없음 (판매 대응표, 매장 4곳의 메뉴로 확인했습니다)"])
        }
    }

    /// A shop of one menu: the map beside it is checked against it; a file
    /// of any name is a map when its keys are a map's; with no menu beside
    /// it, only its form is checked, and the summary says so.
    @Test func aMapBesideOneMenuOrNoneIsToldByItsKeys() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("shop/menu.yaml", Self.exampleMenu)
            try sandbox.write("shop/till-map.yaml", "items:\n  Kiwi Juice: kiwii\nmodifiers:\n  Extra: { kiwi: 1 }\n")
            try sandbox.write("alone/sales.yaml", "items:\n  Kiwi Juice: kiwii\n")
            let result = try await sandbox.juice("validate", "shop/till-map.yaml", "alone/sales.yaml")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "shop/till-map.yaml:2:15: error: unknown recipe 'kiwii' (did you mean 'kiwi'?) [unknown-recipe]"
                ])
            #expect(
                result.stdoutLines == [
                    "shop/till-map.yaml: 1 error (a sales map, checked against the menu beside it)",
                    "alone/sales.yaml: ok (a sales map; no menu.yaml or stores.yaml beside it: its recipe and fruit ids are not checked)",
                ])
        }
    }

    /// The form's mistakes, in Korean too; the file's own problems come
    /// before the ids checked against the menu, each at its place.
    @Test func theFormsMistakesAreSaidAtTheirPlacesInEnglishAndKorean() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.exampleMenu)
            try sandbox.write(
                "sales.yaml",
                """
                items:
                  Kiwi: { recipe: kiwi, servings: 0 }
                  Mango: mangoo
                modifiers:
                  Empty: {}
                ignore: [Kiwi]
                itms: 1

                """)
            let english = try await sandbox.juice("validate", "sales.yaml")
            #expect(english.exitCode == 65)
            #expect(
                english.stderrLines == [
                    "sales.yaml:2:35: error: the servings of item 'Kiwi' is '0'; it must be a whole number from 1 to 1000000000, written in plain digits [invalid-quantity]",
                    "sales.yaml:3:10: error: unknown recipe 'mangoo' (did you mean 'mango'?) [unknown-recipe]",
                    "sales.yaml:5:10: error: modifier 'Empty' adds nothing: give the fruit it adds ({banana: 1}) or a recipe ({recipe: ID}), or list it in 'ignore' [missing-key]",
                    "sales.yaml:6:10: error: 'Kiwi' is in 'items' and in 'ignore': a name is mapped or ignored, not both [duplicate-key]",
                    "sales.yaml:2:3: note: 'Kiwi' is mapped here",
                    "sales.yaml:7:1: error: unknown key 'itms' in the sales map (did you mean 'items'?) [unknown-key]",
                ])
            let korean = try await sandbox.juice(
                arguments: ["validate", "sales.yaml"], environment: ["LANG": "ko_KR.UTF-8"])
            #expect(korean.exitCode == 65)
            #expect(
                korean.stderrLines == [
                    "sales.yaml:2:35: 오류: 품목 'Kiwi'의 잔 수가 '0'입니다: 1부터 1000000000까지의 정수를 숫자로만 써야 합니다 [invalid-quantity]",
                    "sales.yaml:3:10: 오류: 'mangoo'라는 레시피가 없습니다 ('mango'를 찾으셨나요?) [unknown-recipe]",
                    "sales.yaml:5:10: 오류: 옵션 'Empty'는 더하는 것이 없습니다: 더하는 과일({banana: 1})이나 레시피({recipe: ID})를 쓰거나, 'ignore'에 넣으세요 [missing-key]",
                    "sales.yaml:6:10: 오류: 'Kiwi'가 'items'에도 'ignore'에도 있습니다: 이름은 대응하거나 무시하거나 둘 중 하나입니다 [duplicate-key]",
                    "sales.yaml:2:3: 참고: 'Kiwi'는 여기서 대응합니다",
                    "sales.yaml:7:1: 오류: 판매 대응표에 모르는 키 'itms'가 있습니다 ('items'를 찾으셨나요?) [unknown-key]",
                ])
        }
    }

    @Test func aMissingMapIsAMissingFile() async throws {
        try await Sandbox.with { sandbox in
            let result = try await sandbox.juice("validate", "recipes/sales.yaml")
            #expect(result.exitCode == 66)
            #expect(result.stderrLines == ["error: recipes/sales.yaml: no such file"])
        }
    }

    /// `juice validate` without files checks the shop's menu, its sales map
    /// at its default place (against that menu), and its inventory; a shop
    /// without a map is checked as before.
    @Test func validateWithoutFilesChecksTheShopsSalesMapBesideTheMenu() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", TillShop.menu)
            let before = try await sandbox.juice("validate")
            #expect(before.exitCode == 0)
            #expect(
                before.stdoutLines == [
                    "recipes/menu.yaml: ok", "inventory.yaml: ok (absent: the menu's initial stock)",
                ])
            try sandbox.write("recipes/sales.yaml", "items:\n  Banana Juice: banan\n")
            let result = try await sandbox.juice("validate")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "recipes/sales.yaml:2:17: error: unknown recipe 'banan' (did you mean 'banana'?) [unknown-recipe]"
                ])
            #expect(
                result.stdoutLines == [
                    "recipes/menu.yaml: ok",
                    "recipes/sales.yaml: 1 error (a sales map, checked against the menu beside it)",
                    "inventory.yaml: ok (absent: the menu's initial stock)",
                ])
        }
    }
}
