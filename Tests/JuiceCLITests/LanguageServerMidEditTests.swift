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

    /// The item labelled `label` of request `id`'s completion.
    func item(_ label: String, _ session: Session, _ id: Int) -> LSPJSON? {
        session.result(id)?["items"]?.array?.first { $0["label"] == .string(label) }
    }

    /// A session on `menu.yaml`, saved and opened as `saved`, then typed
    /// to `typed` (when given), then asked `method` at each place: the
    /// answers are requests 2, 3, ...
    func session(
        saved: String, typed: String? = nil, _ method: String, at places: [(line: Int, character: Int)]
    ) async throws -> Session {
        try await Sandbox.with { sandbox in
            try sandbox.write("menu.yaml", saved)
            let menu = sandbox.file("menu.yaml").standardizedFileURL
            var client = Client()
            client.initialize()
            client.open(menu, saved)
            if let typed { client.change(menu, typed) }
            for place in places {
                client.request(
                    method,
                    [
                        "textDocument": ["uri": .string(menu.absoluteString)],
                        "position": ["line": .integer(place.line), "character": .integer(place.character)],
                    ])
            }
            client.finish()
            return try await run(client, in: sandbox)
        }
    }

    /// ``named`` with a recipe that names an unknown fruit, `kiwl`.
    static let broken = named.replacingOccurrences(of: "      kiwi: 1\n", with: "      kiwl: 1\n")

    @Test func completionOfAHalfTypedLineInUsesOffersTheFruitsOfTheLastValidMenu() async throws {
        // `ma` on a new line of mangoKiwi's `uses`: no YAML at all.
        let typed = Self.named.replacingOccurrences(of: "      kiwi: 1\n", with: "      kiwi: 1\n      ma\n")
        let session = try await session(saved: Self.named, typed: typed, "textDocument/completion", at: [(10, 8)])
        #expect(labels(session, 2) == ["strawberry", "mango", "kiwi"])
        #expect(item("mango", session, 2)?["filterText"] == "mango Mango / 망고")
    }

    @Test func completionWhileTwoLinesAreHalfTypedAnswersFromTheLastValidText() async throws {
        // A flow mapping left open on line 5, and `ma` typed on line 10.
        let typed = Self.named.replacingOccurrences(of: "price: 5000 }", with: "price: 5")
            .replacingOccurrences(of: "      kiwi: 1\n", with: "      kiwi: 1\n      ma\n")
        let session = try await session(saved: Self.named, typed: typed, "textDocument/completion", at: [(10, 8)])
        #expect(labels(session, 2) == ["strawberry", "mango", "kiwi"])
        #expect(item("strawberry", session, 2)?["filterText"] == "strawberry Strawberry / 딸기")
    }

    @Test func completionKeepsTheNamesWhileAnotherRecipeNamesAnUnknownFruit() async throws {
        // Never valid while open: the draft menu, with its names; `딸`
        // typed inside strawberry's `uses` flow mapping.
        let typed = Self.broken.replacingOccurrences(of: "{ strawberry: 16 }", with: "{ strawberry: 16, 딸")
        let session = try await session(saved: Self.broken, typed: typed, "textDocument/completion", at: [(5, 40)])
        #expect(item("strawberry", session, 2)?["filterText"] == "strawberry Strawberry / 딸기")
        // The unknown `kiwl` is no fruit to offer.
        #expect(labels(session, 2)?.contains("mango") == true)
        #expect(labels(session, 2)?.contains("kiwl") == false)
    }

    @Test func hoverOnARecipeAnswersWhileAnotherRecipeNamesAnUnknownFruit() async throws {
        // 2: the recipe strawberry; 3: mangoKiwi, which names the unknown fruit.
        let session = try await session(saved: Self.broken, "textDocument/hover", at: [(5, 4), (6, 4)])
        #expect(
            session.result(2)?["contents"]?["value"]
                == "**strawberry**\n\nUses: strawberry × 16 (Strawberry)\n\nPrice: 5000 · Servings: 0")
        #expect(
            session.result(3)?["contents"]?["value"]
                == "**mangoKiwi**\n\nUses: mango × 2 (Mango)\n\nPrice: 6000 · Servings: 5")
    }
}
