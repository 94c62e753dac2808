import JuiceWords
import Testing

@Suite struct StringsFileTests {
    static func parse(_ text: String) throws(StringsFile.Problem) -> [String: String] {
        try StringsFile.parse(Array(text.utf8))
    }

    @Test func entriesCommentsAndEscapes() throws {
        let table = try Self.parse(
            """
            /* A comment,
               on two lines. */
            "a.one" = "say \\"{1}\\"\\n\\tback\\\\slash";  // after an entry
            "a.two"="과일 \\U00E9";
            """)
        #expect(table == ["a.one": "say \"{1}\"\n\tback\\slash", "a.two": "과일 é"])
    }

    @Test func aKeyGivenTwiceIsRefusedWithItsLine() {
        #expect(throws: StringsFile.Problem(line: 2, reason: "the key \"a\" is given twice")) {
            try Self.parse("\"a\" = \"1\";\n\"a\" = \"2\";\n")
        }
    }

    @Test func whatIsNotAnEntryIsRefusedWithItsLine() {
        #expect(throws: StringsFile.Problem(line: 4, reason: "expected ';'")) {
            try Self.parse("\"a\" = \"1\";\n\n\"b\" = \"2\"\n\"c\" = \"3\";")
        }
        #expect(throws: StringsFile.Problem(line: 1, reason: "a string is not closed")) {
            try Self.parse("\"a\" = \"1;")
        }
        #expect(throws: StringsFile.Problem(line: 1, reason: "an unknown escape '\\q'")) {
            try Self.parse("\"a\" = \"\\q\";")
        }
    }
}
