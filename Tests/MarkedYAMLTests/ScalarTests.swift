import Testing

@testable import MarkedYAML

@Suite struct ScalarTests {
    @Test func plainScalarsStayTextWithNoYAML11Resolution() throws {
        let root = try #require(YAMLStream(text: "- yes\n- 1.5\n- 007\n- ~\n- 0x1F\n- off\n").onlyRoot)
        let items = try #require(root.items)
        #expect(items.map(\.scalar) == ["yes", "1.5", "007", "~", "0x1F", "off"].map { Scalar($0) })
        #expect(items.allSatisfy { $0.tag == nil })
    }

    @Test func quotedAndBlockScalarsAreNotPlain() throws {
        let text = "single: 'a'\ndouble: \"b\"\nliteral: |\n  c\nfolded: >\n  d\n  e\nplain: f\n"
        let root = try #require(YAMLStream(text: text).onlyRoot)
        #expect(root["single"]?.scalar == Scalar("a", isPlain: false))
        #expect(root["double"]?.scalar == Scalar("b", isPlain: false))
        #expect(root["literal"]?.scalar == Scalar("c\n", isPlain: false))
        #expect(root["folded"]?.scalar == Scalar("d e\n", isPlain: false))
        #expect(root["plain"]?.scalar == Scalar("f", isPlain: true))
    }

    @Test func escapesAndLineFoldingAreApplied() throws {
        let root = try #require(YAMLStream(text: "a: \"x\\ty\\u00e9\"\nb: one\n  two\n").onlyRoot)
        #expect(root["a"]?.text == "x\ty\u{e9}")
        #expect(root["b"]?.text == "one two")
    }

    @Test func nullsAreTildeNullEmptyAndTaggedNull() throws {
        let text = "tilde: ~\nword: null\ntitle: Null\nupper: NULL\nempty:\ntagged: !!null ''\n"
        let root = try #require(YAMLStream(text: text).onlyRoot)
        for key in ["tilde", "word", "title", "upper", "empty", "tagged"] {
            #expect(root[key]?.isNull == true, "\(key) should be null")
        }
        #expect(root["empty"]?.scalar == Scalar(""))
        #expect(root["tagged"]?.kindDescription == "null")
    }

    @Test func quotedOrStringTaggedNullWordsAreNotNull() throws {
        let text = "single: '~'\ndouble: \"null\"\nstr: !!str null\nword: nullish\nlist: []\n"
        let root = try #require(YAMLStream(text: text).onlyRoot)
        for key in ["single", "double", "str", "word", "list"] {
            #expect(root[key]?.isNull == false, "\(key) should not be null")
        }
        #expect(root["str"]?.text == "null")
        #expect(root["word"]?.kindDescription == "a scalar")
        #expect(root["list"]?.kindDescription == "a sequence")
    }

    @Test func explicitTagsAreKeptInFullForm() throws {
        let text = "int: !!int 2\nlocal: !fruit kiwi\nmap: !!map {}\nseq: !!seq []\nnone: 3\n"
        let root = try #require(YAMLStream(text: text).onlyRoot)
        #expect(root["int"]?.tag == "tag:yaml.org,2002:int")
        #expect(root["int"]?.text == "2")
        #expect(root["local"]?.tag == "!fruit")
        #expect(root["local"]?.text == "kiwi")
        #expect(root["map"]?.tag == "tag:yaml.org,2002:map")
        #expect(root["map"]?.pairs?.isEmpty == true)
        #expect(root["seq"]?.tag == "tag:yaml.org,2002:seq")
        #expect(root["none"]?.tag == nil)
    }

    @Test func anAliasCopiesTheAnchoredScalarAndItsTag() throws {
        let root = try #require(YAMLStream(text: "a: &n !!int 7\nb: *n\n").onlyRoot)
        #expect(root["b"]?.text == "7")
        #expect(root["b"]?.tag == "tag:yaml.org,2002:int")
    }
}
