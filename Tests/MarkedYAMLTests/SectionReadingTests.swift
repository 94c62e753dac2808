import Testing

@testable import MarkedYAML

/// The pairs of a document's large mappings, read as they are composed.
@Suite struct SectionReadingTests {
    /// What `read` was given: section, key text and mark, and the value as
    /// text (``EventReadingTests/dump(_:)`` of a one-node stream's shape).
    struct Read: Equatable, CustomStringConvertible {
        var section: Int
        var key: String
        var keyMark: Mark
        var value: String

        var description: String { "\(section) \(key)@\(keyMark) = \(value)" }
    }

    static func load(_ text: String, sections: [String] = ["fruits", "recipes"], reading: EventReading? = nil) -> (
        stream: YAMLStream, read: [Read]
    ) {
        var read: [Read] = []
        let collect: (Int, Pair) -> Void = { section, pair in
            read.append(
                Read(
                    section: section, key: pair.key.text ?? "<\(pair.key.kindDescription)>", keyMark: pair.key.mark,
                    value: describe(pair.value)))
        }
        let bytes = Array(text.utf8)
        let stream =
            if let reading {
                YAMLStream(bytes: bytes, limits: .standard, reading: reading, readingPairsOf: sections, collect)
            } else {
                YAMLStream(bytes: bytes, readingPairsOf: sections, collect)
            }
        return (stream, read)
    }

    /// A node as one line: scalars as text (with a tag), collections in brackets.
    static func describe(_ node: Node) -> String {
        let tag = node.tag.map { "!<\($0)> " } ?? ""
        if let pairs = node.pairs {
            return tag + "{" + pairs.map { "\(describe($0.key)): \(describe($0.value))" }.joined(separator: ", ") + "}"
        }
        if let items = node.items {
            return tag + "[" + items.map(describe).joined(separator: ", ") + "]"
        }
        return tag + (node.text ?? "")
    }

    static let menu = """
        x-note: kept
        fruits:
          mango: 10
          kiwi: { stock: 3, name: { en: Kiwi, ko: 키위 } }
        recipes:
          mangoKiwi:
            mango: 2
            kiwi: 1
          kiwi: { kiwi: 3 }
        extends: base.yaml
        """

    @Test func eachSectionPairIsReadInOrderAndLeftOutOfTheDocument() throws {
        let (stream, read) = Self.load(Self.menu)
        #expect(
            read == [
                Read(section: 0, key: "mango", keyMark: at(3, 3), value: "10"),
                Read(section: 0, key: "kiwi", keyMark: at(4, 3), value: "{stock: 3, name: {en: Kiwi, ko: 키위}}"),
                Read(section: 1, key: "mangoKiwi", keyMark: at(6, 3), value: "{mango: 2, kiwi: 1}"),
                Read(section: 1, key: "kiwi", keyMark: at(9, 3), value: "{kiwi: 3}"),
            ])
        #expect(stream.problems.isEmpty)
        let root = try #require(stream.onlyRoot)
        // The keys stay where they are written; the values read are empty.
        #expect(
            Self.describe(root)
                == "{x-note: kept, fruits: {mango: , kiwi: }, recipes: {mangoKiwi: , kiwi: }, extends: base.yaml}")
        #expect(root["recipes"]?.keyNode("kiwi")?.mark == at(9, 3))
        #expect(root["fruits"]?["kiwi"]?.isNull == true)
    }

    @Test func readingAheadInSmallBatchesReadsTheSame() {
        let expected = Self.load(Self.menu)
        for reading in EventReadingTests.ahead {
            let (stream, read) = Self.load(Self.menu, reading: reading)
            #expect(read == expected.read)
            #expect(EventReadingTests.dump(stream) == EventReadingTests.dump(expected.stream))
        }
    }

    @Test func aRepeatedKeyIsNotReadAndIsAProblem() {
        let (stream, read) = Self.load("fruits:\n  mango: 1\n  kiwi: 2\n  mango: { stock: 3 }\n  pear: 4\n")
        #expect(read.map(\.key) == ["mango", "kiwi", "pear"])
        #expect(read.map(\.value) == ["1", "2", "4"])
        #expect(stream.problems.map(\.kind) == [.duplicateKey(first: at(2, 3), key: "mango")])
    }

    @Test func aRepeatedSectionIsNotRead() {
        let (stream, read) = Self.load("fruits:\n  mango: 1\nfruits:\n  kiwi: 2\n")
        #expect(read.map(\.key) == ["mango"])
        #expect(stream.problems.map(\.kind) == [.duplicateKey(first: at(1, 1), key: "fruits")])
    }

    @Test func fromThePairWithAnAnchorOnPairsStayInTheDocument() throws {
        let text = "fruits:\n  mango: 1\n  kiwi: &k { stock: 2 }\n  pear: 3\n  lime: *k\n"
        let (stream, read) = Self.load(text)
        #expect(read.map(\.key) == ["mango"])
        let fruits = try #require(stream.onlyRoot?["fruits"])
        #expect(Self.describe(fruits) == "{mango: , kiwi: {stock: 2}, pear: 3, lime: {stock: 2}}")
    }

    @Test func aPairWithAnAliasToAnEarlierAnchorStaysInTheDocument() throws {
        let text = "x-base: &b { stock: 2 }\nfruits:\n  mango: 1\n  kiwi: *b\n  pear: 3\n"
        let (stream, read) = Self.load(text)
        #expect(read.map(\.key) == ["mango"])
        #expect(Self.describe(try #require(stream.onlyRoot?["fruits"])) == "{mango: , kiwi: {stock: 2}, pear: 3}")
    }

    @Test func anAnchoredSectionIsNotRead() throws {
        let (stream, read) = Self.load("fruits: &f\n  mango: 1\nx-copy: *f\n")
        #expect(read.isEmpty)
        #expect(Self.describe(try #require(stream.onlyRoot)) == "{fruits: {mango: 1}, x-copy: {mango: 1}}")
    }

    @Test func tagsAndCollectionKeysAreReadWithThePair() {
        let text = "recipes:\n  !!str tagged: { mango: !!int 2 }\n  ? [a, b]\n  : 1\n  after: 3\n"
        let (_, read) = Self.load(text)
        #expect(
            read == [
                Read(section: 1, key: "tagged", keyMark: at(2, 3), value: "{mango: !<tag:yaml.org,2002:int> 2}"),
                Read(section: 1, key: "<a sequence>", keyMark: at(3, 5), value: "1"),
                Read(section: 1, key: "after", keyMark: at(5, 3), value: "3"),
            ])
    }

    @Test func onlyTheFirstDocumentsRootMappingHasSections() {
        #expect(Self.load("- fruits:\n    mango: 1\n").read.isEmpty)
        #expect(Self.load("fruits: [mango]\n").read.isEmpty)
        #expect(Self.load("other:\n  fruits:\n    mango: 1\n").read.isEmpty)
        let (stream, read) = Self.load("fruits:\n  mango: 1\n---\nfruits:\n  kiwi: 2\n")
        #expect(read.map(\.key) == ["mango"])
        #expect(stream.documents.count == 2)
        #expect(Self.describe(stream.documents[1].root) == "{fruits: {kiwi: 2}}")
    }

    @Test func pairsBeforeASyntaxErrorAreRead() {
        let (stream, read) = Self.load("fruits:\n  mango: 1\n  kiwi: [2\n")
        #expect(read.map(\.key) == ["mango"])
        #expect(stream.documents.isEmpty)
        #expect(stream.problems.last?.kind == .syntax)
    }

    /// Keeps the keys of the pairs it reads, but for those in `shown`,
    /// which it leaves to the document.
    struct KeyKeeper: PairReader {
        /// The keys left to the document.
        var shown: Set<String> = []
        var kept: [(section: Int, text: [UInt8], mark: Mark)] = []

        mutating func read(_ pair: Pair, section: Int) -> Int? {
            guard let text = pair.key.text, !shown.contains(text) else { return nil }
            kept.append((section, Array(text.utf8), pair.key.mark))
            return kept.count - 1
        }

        func withKey<Result>(
            _ key: Int, section: Int, _ body: (UnsafeBufferPointer<UInt8>, Mark) -> Result
        ) -> Result {
            kept[key].text.withUnsafeBufferPointer { body($0, kept[key].mark) }
        }
    }

    @Test func aPairWhoseKeyTheReaderKeepsIsLeftOut() throws {
        var keeper = KeyKeeper(shown: ["kiwi"])
        let stream = YAMLStream(bytes: Array(Self.menu.utf8), readingPairsOf: ["fruits", "recipes"], into: &keeper)
        #expect(keeper.kept.map { String(decoding: $0.text, as: UTF8.self) } == ["mango", "mangoKiwi"])
        #expect(stream.problems.isEmpty)
        let root = try #require(stream.onlyRoot)
        #expect(Self.describe(root) == "{x-note: kept, fruits: {kiwi: }, recipes: {kiwi: }, extends: base.yaml}")
    }

    @Test func aKeyRepeatingAKeptKeyIsAProblemAtTheKeptPlace() throws {
        let text = "fruits:\n  mango: 1\n  kiwi: 2\n  mango: 3\n  lime: &l 4\n  kiwi: 5\n  mango: 6\n  pear: *l\n"
        var keeper = KeyKeeper(shown: ["kiwi"])
        let stream = YAMLStream(bytes: Array(text.utf8), readingPairsOf: ["fruits"], into: &keeper)
        // From the anchor on, pairs stay in the document; duplicates of
        // kept keys and of keys in the document are found alike.
        #expect(keeper.kept.map(\.mark) == [at(2, 3)])
        #expect(
            stream.problems.map(\.kind) == [
                .duplicateKey(first: at(2, 3), key: "mango"), .duplicateKey(first: at(3, 3), key: "kiwi"),
                .duplicateKey(first: at(2, 3), key: "mango"),
            ])
        #expect(Self.describe(try #require(stream.onlyRoot)) == "{fruits: {kiwi: , lime: 4, pear: 4}}")
    }
}
