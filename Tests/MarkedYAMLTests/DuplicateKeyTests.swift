import Testing

@testable import MarkedYAML

@Suite struct DuplicateKeyTests {
    @Test func aDuplicateKeyIsReportedAtTheSecondOccurrenceWithTheFirst() throws {
        let stream = YAMLStream(text: "a: 1\nb: 2\na: 3\n")
        let problem = try #require(stream.problems.first)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .duplicateKey(first: at(1, 1), key: "a"))
        #expect(problem.mark == at(3, 1))
        #expect(!problem.isFatal)
    }

    @Test func theLaterPairIsDroppedFromTheMapping() throws {
        let root = try #require(YAMLStream(text: "a: 1\nb: 2\na: 3\n").onlyRoot)
        let pairs = try #require(root.pairs)
        #expect(pairs.map { $0.key.text } == ["a", "b"])
        #expect(root["a"]?.text == "1")
    }

    @Test func loadingContinuesAndReportsEveryDuplicate() throws {
        let text = "x:\n  k: 1\n  k: 2\ny: {k: 1, k: 2}\n---\nz: 1\nz: 2\n"
        let stream = YAMLStream(text: text)
        #expect(
            stream.problems.map(\.kind) == [
                .duplicateKey(first: at(2, 3), key: "k"),
                .duplicateKey(first: at(4, 5), key: "k"),
                .duplicateKey(first: at(6, 1), key: "z"),
            ])
        #expect(stream.problems.map(\.mark) == [at(3, 3), at(4, 11), at(7, 1)])
        #expect(stream.documents.count == 2)
        #expect(stream.documents.first?.root["y"]?.pairs?.count == 1)
    }

    @Test func aQuotedKeyDuplicatesThePlainKeyWithTheSameText() throws {
        let stream = YAMLStream(text: "\"a\": 1\na: 2\n")
        #expect(stream.problems.map(\.kind) == [.duplicateKey(first: at(1, 1), key: "a")])
        #expect(stream.problems.first?.mark == at(2, 1))
    }

    @Test func theSameKeyInDifferentMappingsIsNoDuplicate() {
        let stream = YAMLStream(text: "- a: 1\n- a: 2\n")
        #expect(stream.problems.isEmpty)
        #expect(stream.onlyRoot?.items?.count == 2)
    }

    @Test func duplicatesAreFoundInLargeMappingsBeforeAndAfterTheyAreIndexed() throws {
        // Keys k0...k29; k3 repeats at 14 (past the linear-search limit) and k20 at 30.
        var lines = (0..<30).map { "k\($0): \($0)" }
        lines.insert("k3: again", at: 14)
        lines.append("k20: again")
        let stream = YAMLStream(text: lines.joined(separator: "\n") + "\n")
        #expect(
            stream.problems.map(\.kind) == [
                .duplicateKey(first: at(4, 1), key: "k3"), .duplicateKey(first: at(22, 1), key: "k20"),
            ])
        #expect(stream.problems.map(\.mark) == [at(15, 1), at(32, 1)])
        #expect(stream.onlyRoot?.pairs?.count == 30)
    }

    @Test func duplicatesAreFoundWhileTheKeyTableGrows() throws {
        // 300 keys, so the table of a large mapping grows several times; a
        // key repeats before and after each growth, and one is an alias.
        var lines = ["anchor: &k k7"] + (0..<300).map { "k\($0): \($0)" }
        lines += ["k5: again", "k299: again", "*k : aliased"]
        let stream = YAMLStream(text: lines.joined(separator: "\n") + "\n")
        #expect(stream.problems.map(\.mark) == [at(302, 1), at(303, 1), at(304, 1)])
        #expect(
            stream.problems.map(\.kind) == [
                .duplicateKey(first: at(7, 1), key: "k5"), .duplicateKey(first: at(301, 1), key: "k299"),
                .duplicateKey(first: at(9, 1), key: "k7"),
            ])
        #expect(stream.onlyRoot?.pairs?.count == 301)
    }
}
