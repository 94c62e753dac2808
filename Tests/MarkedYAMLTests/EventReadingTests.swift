import Testing

@testable import MarkedYAML

/// libyaml parsing ahead on a thread of its own, in batches of any size,
/// composes what parsing on the composer's thread composes.
@Suite struct EventReadingTests {
    /// Parsing on the composer's thread, in one batch for a small text.
    static let here = EventReading(readsAhead: false)

    /// Ahead, in batches of 1, 2, 3 and 7 events, and in batches cut by a
    /// byte of text.
    static let ahead =
        [1, 2, 3, 7].map { EventReading(readsAhead: true, maxEvents: $0) } + [
            EventReading(readsAhead: true, maxBytes: 1)
        ]

    @Test(YAMLTestSuiteData.isNeeded) func everyCaseOfTheSuiteComposesTheSameAhead() throws {
        let cases = try YAMLTestSuiteTests.cases()
        try #require(cases.count > 300)
        for testCase in cases {
            let bytes = try testCase.yaml()
            let expected = Self.dump(YAMLStream(bytes: bytes, limits: .standard, reading: Self.here))
            for reading in Self.ahead {
                let stream = YAMLStream(bytes: bytes, limits: .standard, reading: reading)
                #expect(Self.dump(stream) == expected, "\(testCase.id), \(reading.maxEvents) events a batch")
            }
        }
    }

    @Test func aLimitPassedStopsTheParserAhead() {
        // Nesting passes the limit at depth 3; the parser ahead has more to
        // give and must be stopped, not left waiting.
        let text = Array((String(repeating: "[", count: 50) + String(repeating: "]", count: 50)).utf8)
        let limits = YAMLLimits(maxDepth: 3)
        for reading in [Self.here] + Self.ahead {
            let stream = YAMLStream(bytes: text, limits: limits, reading: reading)
            #expect(stream.documents.isEmpty)
            #expect(stream.problems.map(\.kind) == [.limit(.depth)])
            #expect(stream.problems.first?.mark == at(1, 4))
        }
    }

    @Test func textsOf256KiBOrMoreAreReadAheadUnlessSaidOtherwise() {
        #expect(!EventReading.automatic.readsAhead(size: (256 << 10) - 1))
        #expect(EventReading.automatic.readsAhead(size: 256 << 10))
        #expect(!Self.here.readsAhead(size: 50 << 20))
        #expect(EventReading(readsAhead: true).readsAhead(size: 0))
    }

    @Test func aLargeTextIsReadAheadAndComposesTheSame() throws {
        // 20,000 pairs (about 480 KB, above the size read ahead), a repeated
        // key and, last, a syntax error.
        var text = (0..<20_000).map { "key\($0): { name: \"value \($0)\", count: \($0) }\n" }.joined()
        text += "key7: again\n"
        text += "broken: [\n"
        let bytes = Array(text.utf8)
        try #require(bytes.count >= EventReading.readAheadSize)
        let automatic = YAMLStream(bytes: bytes)
        let here = YAMLStream(bytes: bytes, limits: .standard, reading: Self.here)
        #expect(Self.dump(automatic) == Self.dump(here))
        #expect(automatic.problems.count == 2)
        #expect(automatic.problems.first?.kind == .duplicateKey(first: at(8, 1), key: "key7"))
        #expect(automatic.problems.last?.kind == .syntax)
        #expect(automatic.problems.last?.mark.line == 20_002)
    }

    @Test func textsLargerThanABatchsRoomAreKeptWhole() throws {
        // A batch starts with room for 4 KiB of texts (68 KiB ahead) and
        // grows: scalars, tags and anchors of every size around it.
        let sizes = [0, 1, 4_095, 4_096, 4_097, 70_000, 300_000]
        let values = sizes.map { size in String((0..<size).map { Character(UnicodeScalar(97 + $0 % 26)!) }) }
        let tag = "!" + String(repeating: "t", count: 5_000)
        let anchor = String(repeating: "a", count: 5_000)
        var text = values.enumerated().map { "k\($0.offset): \($0.element.isEmpty ? "''" : $0.element)\n" }.joined()
        text += "tagged: \(tag) &\(anchor) \(values[5])\nalias: *\(anchor)\n"
        let bytes = Array(text.utf8)
        for reading in [Self.here, EventReading(readsAhead: true)] + Self.ahead {
            let stream = YAMLStream(bytes: bytes, limits: .standard, reading: reading)
            #expect(stream.problems.isEmpty)
            let root = try #require(stream.documents.first?.root)
            let pairs = try #require(root.pairs)
            #expect(pairs.map { $0.value.scalar?.text } == values + [values[5], values[5]])
            #expect(pairs.map { $0.value.tag } == Array(repeating: nil, count: values.count) + [tag, tag])
        }
    }

    /// Everything a stream holds, as text: each document's mark and nodes
    /// (kind, mark, tag, text; duplicate keys left out), then each problem.
    static func dump(_ stream: YAMLStream) -> String {
        var lines: [String] = []
        for document in stream.documents {
            lines.append("document at \(document.mark)")
            dump(document.root, depth: 1, into: &lines)
        }
        lines += stream.problems.map { "problem \($0.kind) at \($0.mark): \($0.message)" }
        return lines.joined(separator: "\n")
    }

    private static func dump(_ node: Node, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        let tag = node.tag.map { " !<\($0)>" } ?? ""
        switch node.content {
        case .scalar(let scalar):
            lines.append(
                "\(indent)scalar at \(node.mark)\(tag) \(scalar.isPlain ? "plain" : "quoted") \(scalar.text.debugDescription)"
            )
        case .sequence(let items):
            lines.append("\(indent)sequence at \(node.mark)\(tag)")
            for item in items { dump(item, depth: depth + 1, into: &lines) }
        case .mapping(let pairs):
            lines.append("\(indent)mapping at \(node.mark)\(tag)")
            for pair in pairs {
                dump(pair.key, depth: depth + 1, into: &lines)
                dump(pair.value, depth: depth + 2, into: &lines)
            }
        }
    }
}
