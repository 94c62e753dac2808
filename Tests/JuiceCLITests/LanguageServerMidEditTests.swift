import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

/// `juice lsp` while a document is mid-edit, as it almost always is:
/// help answers from the menu as far as the text reads, else from its
/// last valid model, never from nothing.
extension LanguageServerTests {
    static let named = """
        fruits:
          strawberry: { stock: 10, name: { en: Strawberry, ko: 딸기 } }
          mango: { stock: 10, name: { en: Mango, ko: 망고 } }
          kiwi: 10
        recipes:
          strawberry: { uses: { strawberry: 16 }, price: 5000 }
          mangoKiwi:
            uses:
              mango: 2
              kiwi: 1
            price: 6000

        """

    /// The uses of the items of completion request `id` of `session`.
    func labels(_ session: Session, _ id: Int) -> [String]? {
        session.result(id)?["items"]?.array?.compactMap { $0["label"]?.string }
    }

    func completion(_ url: URL, line: Int, character: Int) -> LSPJSON {
        [
            "textDocument": ["uri": .string(url.absoluteString)],
            "position": ["line": .integer(line), "character": .integer(character)],
        ]
    }

    @Test func completionOfAHalfTypedLineInUsesOffersTheFruitsOfTheLastValidMenu() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.named)
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(menu, Self.named)
            // `ma` on a new line of mangoKiwi's `uses`: no YAML at all.
            let typing = Self.named.replacingOccurrences(of: "      kiwi: 1\n", with: "      kiwi: 1\n      ma\n")
            client.change(menu, typing)
            // 2: completion after `ma` (line 10, character 8).
            client.request("textDocument/completion", completion(menu, line: 10, character: 8))
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(labels(session, 2) == ["strawberry", "mango", "kiwi"])
            let mango = session.result(2)?["items"]?.array?.first { $0["label"] == "mango" }
            #expect(mango?["filterText"] == "mango Mango / 망고")
        }
    }

    @Test func completionWhileTwoLinesAreHalfTypedAnswersFromTheLastValidText() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", Self.named)
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(menu, Self.named)
            // A flow mapping left open on line 5, and `ma` typed on line 10.
            let typing = Self.named.replacingOccurrences(of: "price: 5000 }", with: "price: 5")
                .replacingOccurrences(of: "      kiwi: 1\n", with: "      kiwi: 1\n      ma\n")
            client.change(menu, typing)
            client.request("textDocument/completion", completion(menu, line: 10, character: 8))
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(labels(session, 2) == ["strawberry", "mango", "kiwi"])
            let strawberry = session.result(2)?["items"]?.array?.first { $0["label"] == "strawberry" }
            #expect(strawberry?["filterText"] == "strawberry Strawberry / 딸기")
        }
    }

    @Test func completionKeepsTheNamesWhileAnotherRecipeNamesAnUnknownFruit() async throws {
        try await Sandbox.with { sandbox in
            // Never valid while open: the draft menu, with its names.
            let broken = Self.named.replacingOccurrences(of: "      kiwi: 1\n", with: "      kiwl: 1\n")
            try sandbox.write("menu.yaml", broken)
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(menu, broken)
            // 2: completion inside strawberry's `uses` flow mapping.
            let typing = broken.replacingOccurrences(of: "{ strawberry: 16 }", with: "{ strawberry: 16, 딸")
            client.change(menu, typing)
            client.request("textDocument/completion", completion(menu, line: 5, character: 40))
            client.finish()
            let session = try await run(client, in: sandbox)
            let strawberry = session.result(2)?["items"]?.array?.first { $0["label"] == "strawberry" }
            #expect(strawberry?["filterText"] == "strawberry Strawberry / 딸기")
            #expect(labels(session, 2)?.contains("mango") == true)
        }
    }

    @Test func hoverOnARecipeAnswersWhileAnotherRecipeNamesAnUnknownFruit() async throws {
        try await Sandbox.with { sandbox in
            let broken = Self.named.replacingOccurrences(of: "      kiwi: 1\n", with: "      kiwl: 1\n")
            try sandbox.write("menu.yaml", broken)
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(menu, broken)
            // 2: hover on the recipe strawberry (line 5, character 4).
            client.request("textDocument/hover", completion(menu, line: 5, character: 4))
            // 3: hover on mangoKiwi, which names the unknown fruit.
            client.request("textDocument/hover", completion(menu, line: 6, character: 4))
            client.finish()
            let session = try await run(client, in: sandbox)
            #expect(
                session.result(2)?["contents"]?["value"]
                    == "**strawberry**\n\nUses: strawberry × 16 (Strawberry)\n\nPrice: 5000 · Servings: 0"
            )
            #expect(
                session.result(3)?["contents"]?["value"]
                    == "**mangoKiwi**\n\nUses: mango × 2 (Mango), kiwl × 1 (kiwl)\n\nPrice: 6000 · Servings: 0")
        }
    }
}
