import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// A menu's fruits and recipes read entry by entry as the file is composed
/// give what reading the whole document at the end gives: the same menu and
/// the same diagnostics, at the same places.
@Suite struct MenuStreamingTests {
    /// `text` loaded as `path` with nothing read as it is composed: the
    /// parser reads the whole document once it is there.
    static func loadWhole(_ text: String, assumingPath path: String) -> Loaded<Menu> {
        let document = YAMLDocument.parse(Array(text.utf8), file: path, allowsEmpty: false, limits: .standard)
        return MenuLoader().load(document, parsedBy: MenuParser(file: path), path: path)
    }

    static func expectSame(
        _ text: String, assumingPath path: String = "menu.yaml",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let streamed = MenuLoader().load(text: text, assumingPath: path)
        let whole = loadWhole(text, assumingPath: path)
        #expect(streamed.value == whole.value, sourceLocation: sourceLocation)
        #expect(streamed.diagnostics == whole.diagnostics, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["menu.yaml", "prices.yaml", "stores/gangnam.yaml", "stores/hongdae.yaml", "stores/jamsil.yaml"])
    func theExampleMenusLoadTheSame(file: String) throws {
        let path = Repository.root.appendingPathComponent("recipes/\(file)").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let streamed = MenuLoader().load(text: text, assumingPath: path)
        #expect(streamed.value != nil)
        Self.expectSame(text, assumingPath: path)
    }

    /// Menus with what the composer must leave in the document or drop.
    static let tricky = [
        // Anchors and aliases: in an entry, before the sections, on a section.
        "fruits:\n  mango: 10\n  kiwi: &k { stock: 3 }\n  lime: *k\nrecipes:\n  m: { mango: 1, kiwi: 1, lime: 1 }\n",
        "x-base: &b { stock: 2 }\nfruits:\n  mango: 1\n  kiwi: *b\nrecipes:\n  m: { mango: 1, kiwi: 2 }\n",
        "fruits: &f\n  mango: 1\nrecipes:\n  m: { mango: 1 }\nx-copy: *f\n",
        "fruits:\n  mango: 1\nrecipes:\n  m: &r { mango: 1 }\n  n: *r\n  o: { <<: *r }\n",
        // Repeated keys, repeated sections, tags, complex and quoted keys.
        "fruits:\n  mango: 1\n  mango: 2\nrecipes:\n  m: { mango: 1, mango: 2 }\n  m: { mango: 3 }\n",
        "fruits:\n  mango: 1\nfruits:\n  kiwi: 2\nrecipes:\n  m: { mango: 1, kiwi: 1 }\n",
        "fruits:\n  !!str mango: !!int 4\n  kiwi: !!str 5\nrecipes:\n  \"m\": { mango: !!int 1 }\n  ? [a]\n  : 1\n",
        // Recipes before fruits, unknown and unused fruits, removals, nulls.
        "recipes:\n  m: { mango: 1, kiwii: 2 }\n  n: ~\nfruits:\n  mango: 3\n  kiwi: 4\n  pear: 1\n  lime: ~\n",
        // Invalid ids, counts and forms.
        "fruits:\n  Mango!: 1\n  kiwi: -1\n  pear: [1]\nrecipes:\n  m: { uses: 3 }\n  n: { name: N }\n  o: {}\n  p: { kiwi: 0, x-note: a }\n",
        // Not a menu, several documents, a syntax error after some entries.
        "stores: []\nfruits:\n  mango: 1\n",
        "fruits:\n  mango: 1\nrecipes:\n  m: { mango: 1 }\n---\nfruits: {}\n",
        "fruits:\n  mango: 1\n  kiwi: [2\nrecipes: {}\n",
        "- fruits:\n    mango: 1\n",
    ]

    @Test(arguments: tricky)
    func aTrickyMenuLoadsTheSame(text: String) {
        Self.expectSame(text)
    }

    @Test func aLargeMenuReadAheadLoadsTheSame() throws {
        // 12,000 recipes (about 500 KB, read ahead on a thread of its own),
        // with an anchor and an alias halfway and errors at both ends.
        var text = "fruits:\n  mango: { name: { en: Mango, ko: 망고 }, stock: 10 }\n  kiwi: 5\n  pear: 1\nrecipes:\n"
        text += "  bad: { mango: 0 }\n"
        for index in 0..<12_000 {
            if index == 6_000 {
                text += "  anchored: &a { mango: 1, kiwi: 2 }\n  aliased: *a\n"
            }
            text += "  juice\(index): { name: \"Juice \(index)\", uses: { mango: \(index % 9 + 1), kiwi: 1 } }\n"
        }
        text += "  unknown: { kiwii: 1 }\n"
        try #require(text.utf8.count >= 256 << 10)
        let streamed = MenuLoader().load(text: text, assumingPath: "menu.yaml")
        #expect(
            places(streamed.diagnostics) == ["4:3 unused-fruit", "6:17 invalid-quantity", "12009:14 unknown-fruit"])
        Self.expectSame(text)
    }

    @Test func anIngredientFarFromItsKeyIsReportedWhereItIsWritten() {
        // More lines after its recipe's key, or a greater column, than an
        // ingredient's place packs: it is kept whole.
        let lines = String(repeating: "      line\n", count: 5_000)
        let wide = String(repeating: "w", count: 1 << 20)
        let text =
            "fruits:\n  kiwi: 5\nrecipes:\n  a: { kiwi: 1, kiwii: 1 }\n  b:\n    name: |\n\(lines)    uses: { kiwii: 2 }\n"
            + "  c: { name: \"\(wide)\", uses: { kiwii: 3 } }\n"
        let loaded = MenuLoader().load(text: text, assumingPath: "menu.yaml")
        #expect(
            places(loaded.diagnostics) == [
                "4:17 unknown-fruit", "5007:13 unknown-fruit", "5008:\((1 << 20) + 26) unknown-fruit",
            ])
        Self.expectSame(text)
    }
}
