import Testing

@testable import MarkedYAML

@Suite struct MarkTests {
    @Test func blockKeysAndValuesHaveOneBasedLineAndColumn() throws {
        let root = try #require(YAMLStream(text: "name: apple\ncount: 3\n").onlyRoot)
        #expect(root.mark == at(1, 1))
        #expect(root.keyNode("name")?.mark == at(1, 1))
        #expect(root["name"]?.mark == at(1, 7))
        #expect(root.keyNode("count")?.mark == at(2, 1))
        #expect(root["count"]?.mark == at(2, 8))
    }

    @Test func nestedBlockSequenceItemsAreMarkedWhereTheyStart() throws {
        let root = try #require(YAMLStream(text: "fruit:\n  - apple\n  - kiwi\n").onlyRoot)
        let fruit = try #require(root["fruit"])
        #expect(fruit.mark == at(2, 3))
        #expect(fruit[0]?.mark == at(2, 5))
        #expect(fruit[1]?.mark == at(3, 5))
        #expect(fruit[1]?.text == "kiwi")
    }

    @Test func flowKeysAndValuesHaveOneBasedLineAndColumn() throws {
        let root = try #require(YAMLStream(text: "{ a: 1, bb: [x, y] }").onlyRoot)
        #expect(root.mark == at(1, 1))
        #expect(root.keyNode("a")?.mark == at(1, 3))
        #expect(root["a"]?.mark == at(1, 6))
        #expect(root.keyNode("bb")?.mark == at(1, 9))
        let bb = try #require(root["bb"])
        #expect(bb.mark == at(1, 13))
        #expect(bb[0]?.mark == at(1, 14))
        #expect(bb[1]?.mark == at(1, 17))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        // "이름" is two scalars but six UTF-8 bytes.
        let root = try #require(YAMLStream(text: "이름: { a: 1 }\n값: 사과\n").onlyRoot)
        let inner = try #require(root["이름"])
        #expect(inner.mark == at(1, 5))
        #expect(inner.keyNode("a")?.mark == at(1, 7))
        #expect(inner["a"]?.mark == at(1, 10))
        #expect(root.keyNode("값")?.mark == at(2, 1))
        #expect(root["값"]?.mark == at(2, 4))
    }

    @Test func aScalarOutsideTheBasicPlaneCountsAsOneColumn() throws {
        // 🍎 is one scalar, two UTF-16 units and four UTF-8 bytes.
        let root = try #require(YAMLStream(text: "🍎: { a: 1 }").onlyRoot)
        #expect(root["🍎"]?.keyNode("a")?.mark == at(1, 6))
    }

    @Test func anAliasIsMarkedWhereTheAliasIsWritten() throws {
        let root = try #require(YAMLStream(text: "a: &x [1, 2]\nb: *x\n").onlyRoot)
        let b = try #require(root["b"])
        #expect(b.mark == at(2, 4))
        #expect(b.items?.compactMap(\.text) == ["1", "2"])
    }

    @Test func documentsAreMarkedWhereTheyStart() {
        let stream = YAMLStream(text: "a: 1\n---\nb: 2\n...\n--- c\n")
        #expect(stream.problems.isEmpty)
        #expect(stream.documents.map(\.mark) == [at(1, 1), at(2, 1), at(5, 1)])
    }

    @Test func aSyntaxErrorInsideALineIsMarkedWhereLibyamlFindsIt() throws {
        let stream = YAMLStream(text: "a: b: c\n")
        let problem = try #require(stream.problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(1, 5))
        #expect(stream.problems.count == 1)
    }

    @Test func aSyntaxErrorAfterNonASCIITextCountsColumnsInScalars() throws {
        let problem = try #require(YAMLStream(text: "이름: b: c\n").problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(1, 6))
    }

    @Test func anErrorAtEndOfFileIsClampedOntoTheLastLine() throws {
        // libyaml puts it at 2:1, a line after the final newline.
        let problem = try #require(YAMLStream(text: "a: [1, 2\n").problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(1, 9))
    }

    @Test func aClampedEndOfFileMarkCountsColumnsInScalars() throws {
        let problem = try #require(YAMLStream(text: "이름: [1, 2\n").problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(1, 10))
    }

    @Test func anErrorAtEndOfFileWithoutFinalNewlineStaysOnTheLastLine() throws {
        let problem = try #require(YAMLStream(text: "a: 1\nb: \"open").problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(2, 9))
    }

    @Test func anUnterminatedQuoteAtEndOfFileIsClampedOntoTheLastLine() throws {
        let problem = try #require(YAMLStream(text: "a: 1\nb: \"open\n").problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(2, 9))
    }
}
