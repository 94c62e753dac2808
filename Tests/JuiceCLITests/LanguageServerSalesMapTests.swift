import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

/// `juice lsp` on a sales map (SPEC 17's `recipes/sales.yaml`), the real
/// binary over pipes: its diagnostics as typed, checked against the menus
/// beside it as `juice validate` checks it, the did-you-mean fix of a
/// recipe id, and completion of its keys, recipe ids and fruit ids.
@Suite struct LanguageServerSalesMapTests {
    typealias Client = LanguageServerTests.Client

    static let menu = """
        fruits:
          banana: { name: { en: Banana, ko: 바나나 }, stock: 10 }
          kiwi: 10
        recipes:
          banana: { name: { en: Banana Juice, ko: 바나나쥬스 }, uses: { banana: 2 } }
          kiwiBanana: { kiwi: 1, banana: 1 }

        """

    static let map = """
        items:
          Banana Juice: banana
          "Kiwi Banana | Large": { recipe: kiwiBanana, servings: 2 }
        modifiers:
          Extra Banana: { banana: 1 }
        ignore: [Straw]

        """

    let server = LanguageServerTests()

    @Test func anUnsavedMapIsCheckedAgainstTheMenuBesideItAndAFixIsOffered() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            try sandbox.write("recipes/sales.yaml", Self.map)
            let url = sandbox.file("recipes/sales.yaml").standardizedFileURL
            let typed = Self.map.replacingOccurrences(of: "Juice: banana", with: "Juice: banan")
                .replacingOccurrences(of: "{ banana: 1 }", with: "{ bananna: 0 }")
            var client = Client()
            client.initialize()
            client.open(url, typed)
            // 2: the quick fixes of the typo, which the client hands back.
            let typo = server.diagnostic(
                1, 16, 21, code: "unknown-recipe", message: "unknown recipe 'banan' (did you mean 'banana'?)",
                data: ["id": "banan", "suggestion": "banana"])
            client.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": .string(url.absoluteString)], "range": typo["range"] ?? nil,
                    "context": ["diagnostics": [typo]],
                ])
            client.change(url, Self.map)
            client.finish()
            let session = try await server.run(client, in: sandbox)
            #expect(session.exitCode == 0)
            #expect(
                session.published(url) == [
                    [
                        typo,
                        server.diagnostic(
                            4, 18, 25, code: "unknown-fruit",
                            message: "unknown fruit 'bananna' (did you mean 'banana'?)",
                            data: ["id": "bananna", "suggestion": "banana"]),
                        server.diagnostic(
                            4, 27, 28, code: "invalid-quantity",
                            message:
                                "the amount of fruit 'bananna' in modifier 'Extra Banana' is '0'; it must be a whole number from 1 to 1000000000, written in plain digits"
                        ),
                    ],
                    [],
                ])
            let actions = session.result(2)?.array ?? []
            #expect(actions.map { $0["title"] } == ["Change to 'banana'"])
            #expect(
                actions.first?["edit"]?["changes"]?[url.absoluteString]
                    == [["range": typo["range"] ?? nil, "newText": "banana"]])
        }
    }

    /// The menu beside an open map, changed and not saved, checks the map
    /// again against its unsaved text.
    @Test func anUnsavedChangeOfTheMenuBesideRechecksTheMap() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            let menu = sandbox.file("recipes/menu.yaml").standardizedFileURL
            let map = sandbox.file("recipes/sales.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(map, "items:\n  Kiwi Juice: kiwi\n")
            client.open(menu, Self.menu)
            client.change(menu, Self.menu + "  kiwi: { kiwi: 3 }\n")
            client.finish()
            let session = try await server.run(client, in: sandbox)
            #expect(
                session.published(map) == [
                    [
                        server.diagnostic(
                            1, 14, 18, code: "unknown-recipe", message: "unknown recipe 'kiwi'", data: ["id": "kiwi"])
                    ],
                    [],
                ])
        }
    }

    /// A map beside a manifest is the chain's: an id one store's menu lacks
    /// is a warning naming it, as `juice validate` says it.
    @Test func aChainsMapNamesTheStoreWhoseMenuLacksAnId() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            try sandbox.write("recipes/small.yaml", "extends: menu.yaml\nrecipes:\n  kiwiBanana: ~\n")
            try sandbox.write(
                "recipes/stores.yaml", "stores:\n  gangnam: { menu: menu.yaml }\n  jamsil: { menu: small.yaml }\n")
            let url = sandbox.file("recipes/till.yaml").standardizedFileURL
            var client = Client()
            client.initialize(locale: "ko")
            client.open(url, Self.map)
            client.finish()
            let session = try await server.run(client, in: sandbox)
            #expect(
                session.published(url) == [
                    [
                        server.diagnostic(
                            2, 35, 45, code: "unknown-recipe", message: "'kiwiBanana'라는 레시피가 없습니다 (매장: jamsil)",
                            severity: 2)
                    ]
                ])
        }
    }

    @Test func keysRecipeIdsAndFruitIdsComplete() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", Self.menu)
            let url = sandbox.file("recipes/sales.yaml").standardizedFileURL
            let typing = """
                items:
                  Banana Juice: b
                  "Kiwi Banana | Large": { recipe: k, s
                modifiers:
                  Extra Banana: { b
                  Shot: { recipe: b
                i
                """
            var client = Client()
            client.initialize()
            client.open(url, typing)
            // 2 to 7: an item's value, a long form's recipe and its keys, a
            // modifier's fruit, a modifier's recipe, a top-level key.
            for (line, character) in [(1, 17), (2, 36), (2, 39), (4, 19), (5, 19), (6, 1)] {
                client.request(
                    "textDocument/completion",
                    [
                        "textDocument": ["uri": .string(url.absoluteString)],
                        "position": ["line": .integer(line), "character": .integer(character)],
                    ])
            }
            client.finish()
            let session = try await server.run(client, in: sandbox)
            func labels(_ id: Int) -> [String]? {
                session.result(id)?["items"]?.array?.compactMap { $0["label"]?.string }
            }
            #expect(labels(2) == ["banana", "kiwiBanana"])
            #expect(session.result(2)?["items"]?.array?.first?["detail"] == "Banana Juice / 바나나쥬스")
            #expect(labels(3) == ["banana", "kiwiBanana"])
            #expect(labels(4) == ["recipe", "servings"])
            #expect(labels(5) == ["banana", "kiwi", "recipe"])
            #expect(labels(6) == ["banana", "kiwiBanana"])
            #expect(labels(7) == ["items", "modifiers", "ignore"])
        }
    }
}
