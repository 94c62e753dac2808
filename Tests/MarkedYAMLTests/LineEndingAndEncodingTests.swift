import Testing

@testable import MarkedYAML

/// Marks stay what an editor shows whatever the line breaks and byte order
/// mark, and aliases cannot smuggle nesting past the depth limit.
@Suite struct LineEndingAndEncodingTests {
    @Test func aByteOrderMarkTakesNoColumn() throws {
        let stream = YAMLStream(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1".utf8))
        let root = try #require(stream.onlyRoot)
        #expect(root.keyNode("a")?.mark == at(1, 1))
        #expect(root["a"]?.mark == at(1, 4))
    }

    @Test func anEndOfFileErrorInACRLFFileIsClampedLikeInAnLFFile() throws {
        let crlf = YAMLStream(text: "a: 1\r\nb: [\r\n")
        let lf = YAMLStream(text: "a: 1\nb: [\n")
        let crlfProblem = try #require(crlf.problems.first)
        let lfProblem = try #require(lf.problems.first)
        #expect(crlfProblem.mark == lfProblem.mark)
        #expect(crlfProblem.mark == at(2, 5))
    }

    @Test func anEndOfFileErrorAfterALoneCarriageReturnStaysOnTheText() throws {
        let problem = try #require(YAMLStream(text: "a: 1\rb: [\r").problems.first)
        #expect(problem.mark == at(2, 5))
    }

    @Test func aCharacterCutOffByTheEndOfInputNamesNoBogusByte() throws {
        let problem = try #require(YAMLStream(bytes: Array("a: ".utf8) + [0xC3]).problems.first)
        #expect(problem.kind == .syntax)
        #expect(!problem.message.contains("0xFF"))
        #expect(problem.mark == at(1, 4))
    }

    @Test func anAliasThatWouldNestPastTheLimitIsRefused() throws {
        let limits = YAMLLimits(maxDepth: 3)
        let problem = try #require(YAMLStream(text: "a: &a [[1]]\nb: [[*a]]\n", limits: limits).problems.first)
        #expect(problem.kind == .limit(.depth))
        #expect(problem.mark == at(2, 6))
    }

    @Test func anAliasThatStaysWithinTheLimitLoads() {
        let limits = YAMLLimits(maxDepth: 3)
        let stream = YAMLStream(text: "a: &a [1]\nb: [*a]\n", limits: limits)
        #expect(stream.problems.isEmpty)
        #expect(stream.documents.count == 1)
    }
}
