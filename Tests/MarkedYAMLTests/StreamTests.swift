import Testing

@testable import MarkedYAML

@Suite struct StreamTests {
    @Test func emptyInputHasNoDocumentsAndNoProblem() {
        for stream in [YAMLStream(bytes: []), YAMLStream(text: ""), YAMLStream(text: "# only a comment\n\n")] {
            #expect(stream.documents.isEmpty)
            #expect(stream.problems.isEmpty)
        }
    }

    @Test func everyDocumentOfAStreamIsReturnedInOrder() {
        let stream = YAMLStream(text: "a: 1\n---\n- b\n---\nc\n")
        #expect(stream.problems.isEmpty)
        #expect(stream.documents.count == 3)
        #expect(stream.documents[0].root["a"]?.text == "1")
        #expect(stream.documents[1].root[0]?.text == "b")
        #expect(stream.documents[2].root.text == "c")
    }

    @Test func anEmptyExplicitDocumentIsANullRoot() {
        let stream = YAMLStream(text: "---\n---\na: 1\n")
        #expect(stream.documents.count == 2)
        #expect(stream.documents.first?.root.isNull == true)
    }

    @Test func documentsBeforeAFatalProblemAreKept() throws {
        let stream = YAMLStream(text: "a: 1\n---\nb: [\n")
        #expect(stream.documents.count == 1)
        #expect(stream.documents.first?.root["a"]?.text == "1")
        let problem = try #require(stream.problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.isFatal)
    }

    @Test func invalidUTF8IsASyntaxProblemAtTheBadByte() throws {
        let bytes = Array("a: b\nc: ".utf8) + [0xFF] + Array("\n".utf8)
        let stream = YAMLStream(bytes: bytes)
        let problem = try #require(stream.problems.last)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(2, 4))
        #expect(problem.message.contains("0xFF"))
    }

    @Test func invalidUTF8AfterNonASCIITextIsMarkedInScalars() throws {
        let bytes = Array("이름: ".utf8) + [0xFE] + Array(" x".utf8)
        let problem = try #require(YAMLStream(bytes: bytes).problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(1, 5))
        #expect(problem.message.contains("0xFE"))
    }

    @Test func aControlCharacterIsASyntaxProblemAtItsPlace() throws {
        let problem = try #require(YAMLStream(text: "a: 1\nb: x\u{7}\n").problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(2, 5))
    }

    @Test func textAndBytesLoadTheSameWay() {
        let text = "k: 값\n"
        let fromText = YAMLStream(text: text)
        let fromBytes = YAMLStream(bytes: Array(text.utf8))
        #expect(fromText.onlyRoot?["k"]?.scalar == fromBytes.onlyRoot?["k"]?.scalar)
        #expect(fromText.onlyRoot?["k"]?.mark == at(1, 4))
    }
}
