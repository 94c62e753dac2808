import Testing

@testable import MarkedYAML

@Suite struct LimitTests {
    // MARK: Nesting depth

    @Test func flowNestingExactlyAtTheDepthLimitLoads() throws {
        let stream = YAMLStream(text: "[[[1]]]", limits: YAMLLimits(maxDepth: 3))
        #expect(stream.problems.isEmpty)
        #expect(try #require(stream.onlyRoot)[0]?[0]?[0]?.text == "1")
    }

    @Test func flowNestingOneDeeperIsRefusedAtTheTooDeepCollection() throws {
        let stream = YAMLStream(text: "[[[[1]]]]", limits: YAMLLimits(maxDepth: 3))
        let problem = try #require(stream.problems.last)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .limit(.depth))
        #expect(problem.mark == at(1, 4))
        #expect(stream.documents.isEmpty)
    }

    @Test func blockNestingExactlyAtTheDepthLimitLoads() {
        let stream = YAMLStream(text: "a:\n  b:\n    c: 1\n", limits: YAMLLimits(maxDepth: 3))
        #expect(stream.problems.isEmpty)
        #expect(stream.onlyRoot?["a"]?["b"]?["c"]?.text == "1")
    }

    @Test func blockNestingOneDeeperIsRefusedAtTheTooDeepCollection() throws {
        let text = "a:\n  b:\n    c:\n      d: 1\n"
        let problem = try #require(YAMLStream(text: text, limits: YAMLLimits(maxDepth: 3)).problems.last)
        #expect(problem.kind == .limit(.depth))
        #expect(problem.mark == at(4, 7))
    }

    @Test func theStandardDepthLimitIs256() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(YAMLStream(text: nested(256)).problems.isEmpty)
        let problem = try #require(YAMLStream(text: nested(257)).problems.last)
        #expect(problem.kind == .limit(.depth))
        #expect(problem.mark == at(1, 257))
    }

    @Test func aHundredThousandDeepFlowNestingIsStoppedAtTheLimit() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let stream = YAMLStream(text: text)
        let problem = try #require(stream.problems.last)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .limit(.depth))
        #expect(problem.mark == at(1, 257))
    }

    @Test func aHundredThousandDeepBlockNestingIsStoppedAtTheLimit() throws {
        // "- - - ... x": each dash opens a block sequence inside the last one.
        let text = String(repeating: "- ", count: 100_000) + "x\n"
        let stream = YAMLStream(text: text)
        let problem = try #require(stream.problems.last)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .limit(.depth))
        #expect(problem.mark == at(1, 513))
    }

    // MARK: Alias expansion

    @Test func anAliasBombIsRefused() throws {
        // Billion laughs: each level holds nine aliases of the level before.
        var text = "a: &a [" + Array(repeating: "lol", count: 9).joined(separator: ", ") + "]\n"
        let names = Array("abcdefghij").map(String.init)
        for (previous, name) in zip(names, names.dropFirst()) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let stream = YAMLStream(text: text)
        let problem = try #require(stream.problems.last)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .limit(.aliasExpansion))
        #expect(problem.mark == at(1, 1))
        #expect(stream.documents.isEmpty)
    }

    @Test func aSmallDocumentMayReuseAnAnchorSeveralTimes() throws {
        let text = "base: &b {x: 1, y: 2}\none: *b\ntwo: *b\nthree: *b\nfour: [*b, *b]\n"
        let stream = YAMLStream(text: text)
        #expect(stream.problems.isEmpty)
        let root = try #require(stream.onlyRoot)
        #expect(root["three"]?["y"]?.text == "2")
        #expect(root["four"]?[1]?["x"]?.text == "1")
    }

    @Test func theAliasAllowanceIsCountedInNodes() {
        // 7 nodes of its own (mapping, 2 keys, sequence, 3 items); the alias adds 4.
        let text = "a: &s [1, 2, 3]\nb: *s\n"
        let fits = YAMLStream(text: text, limits: YAMLLimits(aliasExpansionFactor: 1, aliasExpansionAllowance: 4))
        #expect(fits.problems.isEmpty)
        #expect(fits.onlyRoot?["b"]?.items?.count == 3)
        let tooMany = YAMLStream(text: text, limits: YAMLLimits(aliasExpansionFactor: 1, aliasExpansionAllowance: 3))
        #expect(tooMany.problems.map(\.kind) == [.limit(.aliasExpansion)])
        #expect(tooMany.documents.isEmpty)
    }

    @Test func anUndefinedAliasIsASyntaxProblemAtTheAlias() throws {
        let stream = YAMLStream(text: "a: 1\nb: *nope\n")
        let problem = try #require(stream.problems.last)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(2, 4))
        #expect(problem.message.contains("nope"))
    }

    @Test func anAliasToItsOwnOpenCollectionIsUndefined() throws {
        let problem = try #require(YAMLStream(text: "a: &x [1, *x]\n").problems.last)
        #expect(problem.kind == .syntax)
        #expect(problem.mark == at(1, 11))
    }

    // MARK: Input size

    @Test func inputAtTheSizeLimitLoads() {
        let stream = YAMLStream(text: "a: 1234567", limits: YAMLLimits(maxInputBytes: 10))
        #expect(stream.problems.isEmpty)
        #expect(stream.onlyRoot?["a"]?.text == "1234567")
    }

    @Test func inputPastTheSizeLimitIsRefusedWithoutParsing() throws {
        let stream = YAMLStream(text: "a: 12345678", limits: YAMLLimits(maxInputBytes: 10))
        let problem = try #require(stream.problems.last)
        #expect(stream.problems.count == 1)
        #expect(problem.kind == .limit(.inputSize))
        #expect(problem.mark == at(1, 1))
        #expect(stream.documents.isEmpty)
    }

    @Test func theSizeLimitCountsBytesNotCharacters() {
        // "사과" is two characters but six bytes: 9 bytes in all.
        let text = "a: 사과"
        #expect(YAMLStream(text: text, limits: YAMLLimits(maxInputBytes: 9)).problems.isEmpty)
        #expect(
            YAMLStream(text: text, limits: YAMLLimits(maxInputBytes: 8)).problems.map(\.kind) == [.limit(.inputSize)])
    }

    @Test func theStandardLimitsAreTheDocumentedOnes() {
        #expect(
            YAMLLimits.standard
                == YAMLLimits(
                    maxInputBytes: 256 * 1024 * 1024, maxDepth: 256, aliasExpansionFactor: 10,
                    aliasExpansionAllowance: 1_000))
        #expect(YAMLLimit.depth.rawValue == "nesting-depth")
    }
}
