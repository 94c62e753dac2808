import JuiceMaker
import JuicePresentation
import Testing

@testable import JuiceCLI

/// The renderers, in process: escaping and alignment that end-to-end tests
/// of the example data never reach.
@Suite struct RendererTests {
    /// A menu whose names hold the characters each format must escape.
    private let menu = try! Menu(
        fruits: [
            Fruit(id: "pine", name: DisplayName("Pine|apple, \"fresh\""), initialStock: 1),
            Fruit(id: "kiwi", name: DisplayName([.init(locale: "ko", text: "키위")]), initialStock: 9),
        ],
        recipes: [
            Recipe(id: "pine", name: DisplayName("Pine | Juice"), ingredients: [.init(fruit: "pine", quantity: 2)]),
            Recipe(id: "kiwi", name: DisplayName("키위쥬스"), ingredients: [.init(fruit: "kiwi", quantity: 3)]),
        ])

    private var report: ReportRenderer {
        ReportRenderer(menu: menu, inventory: Inventory(initialStockOf: menu), language: "ko", today: nil)
    }

    /// The report in `format`, as the lines the renderer writes.
    private func rendered(_ format: ReportFormat) -> [String] {
        let out = ByteWriter()
        report.write(format, diagnostics: [], to: out)
        let text = String(decoding: out.bytes, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""), ("crlf\r\nhere", "\"crlf\r\nhere\""), ("", ""),
    ])
    func csvFieldsAreQuotedOnlyWhenTheyMustBe(text: String, field: String) {
        #expect(CSV.field(text) == field)
    }

    @Test func markdownCellsEscapeEveryPipe() {
        #expect(Markdown.cell("a|b|c") == "a\\|b\\|c")
        #expect(Markdown.cell("no pipe") == "no pipe")
    }

    @Test func theMarkdownReportEscapesPipesInNames() {
        let lines = rendered(.markdown)
        #expect(lines.contains("| Pine\\|apple, \"fresh\" | 1 |"))
        #expect(lines.contains("| Pine \\| Juice | 0 | Pine\\|apple, \"fresh\" | Pine\\|apple, \"fresh\" 1 |"))
    }

    @Test func theCSVReportQuotesAFieldHoldingTheListSeparatorsOnlyWhenNeeded() {
        #expect(rendered(.csv) == ["recipe,servings,limitedBy,missing", "pine,0,pine,pine:1", "kiwi,3,kiwi,"])
    }

    @Test func githubAnnotationsEscapeTheMessageAndTheProperties() {
        let diagnostic = Diagnostic.error(
            .unknownKey, Message(.unknownKey, "100% wrong\r\nsecond", "line", ""),
            at: SourceLocation(file: "a:b,c.yaml", line: 3, column: 7))
        #expect(
            GitHubAnnotation.lines(for: diagnostic, Catalogue("en"))
                == [
                    "::error file=a%3Ab%2Cc.yaml,line=3,col=7::unknown key '100%25 wrong%0D%0Asecond' in line [unknown-key]"
                ])
        let warning = Diagnostic.warning(.unusedFruit, Message(.unusedFruit, "lime"), at: .start(of: "m.yaml"))
        #expect(
            GitHubAnnotation.lines(for: warning, Catalogue("en"))
                == ["::warning file=m.yaml,line=1,col=1::fruit 'lime' is used by no recipe [unused-fruit]"])
        let duplicate = Diagnostic.error(
            .duplicateKey, Message(.duplicateKey, "kiwi"), at: SourceLocation(file: "m.yaml", line: 4, column: 3),
            notes: [.init(Message(.firstOccurrence), at: SourceLocation(file: "m.yaml", line: 2, column: 3))])
        #expect(
            GitHubAnnotation.lines(for: duplicate, Catalogue("en")) == [
                "::error file=m.yaml,line=4,col=3::duplicate key 'kiwi' [duplicate-key]",
                "::notice file=m.yaml,line=2,col=3::the first occurrence is here",
            ])
        #expect(
            GitHubAnnotation.lines(for: duplicate, Catalogue("ko")) == [
                "::error file=m.yaml,line=4,col=3::키 'kiwi'가 두 번 나옵니다 [duplicate-key]",
                "::notice file=m.yaml,line=2,col=3::처음 나온 곳은 여기입니다",
            ])
    }

    /// A sale in the log: its ticket, what it lacked and what a later count
    /// saw gone; a ticket of nothing with fruit says no change alone. A
    /// guessed format's note is GitHub's `notice`.
    @Test func aSaleSaysItsTicketAndWhatTheBookLackedOrACountSawGone() throws {
        let log = LogRenderer(
            menu: menu, language: "en", format: .text, catalogue: Catalogue("en"), quiet: false, output: { _ in })
        let sale = try #require(
            JournalEntry(
                line: #"{"id":4,"time":"2026-11-28T04:45:07Z","kind":"make","orders":{"kiwi":2},"reason":"sale","#
                    + #""key":"square:T1","recorded":"2026-11-29T01:00:00Z","short":{"kiwi":1},"#
                    + #""usedBeforeCount":{"pine":2},"changes":{"kiwi":-5}}"#))
        #expect(
            log.text(sale).hasSuffix(
                "make (sale square:T1)  키위쥬스 ×2: 키위 -5; short 키위 1; sold before a count that saw it gone: Pine|apple, \"fresh\" 2"
            ))
        var coffee = sale
        (coffee.orders, coffee.changes, coffee.short, coffee.usedBeforeCount) = ([:], [:], nil, nil)
        #expect(log.text(coffee).hasSuffix("make (sale square:T1)  no change"))
        #expect(log.csv(sale).hasPrefix("4,2026-11-28T04:45:07Z,make,sale,,"))
        let note = Diagnostic.note(
            .formatGuessed, Message(.tillFormatGuessed, "square"), at: .start(of: "sales.csv"))
        #expect(
            GitHubAnnotation.lines(for: note, Catalogue("en")) == [
                "::notice file=sales.csv,line=1,col=1::read as square, the format its header is (--from names the format) [format-guessed]"
            ])
        #expect(
            note.lines(in: .english) == [
                "sales.csv:1:1: note: read as square, the format its header is (--from names the format) [format-guessed]"
            ])
    }

    @Test func textTablesAlignWideCharactersByTheCellsTheyTake() {
        #expect(TextTable.displayWidth(of: "키위쥬스") == 8)
        #expect(TextTable.displayWidth(of: "Kiwi") == 4)
        #expect(TextTable.displayWidth(of: "e\u{301}") == 1)
        // Two-, three- and four-byte scalars, decoded from the bytes.
        #expect(TextTable.displayWidth(of: "Ω·🍓") == 4)
        #expect(TextTable.displayWidth(of: "ｶﾞ\u{200B}") == 2)  // halfwidth forms: a cell each
        var table = TextTable([.init(title: "JUICE", alignment: .left), .init(title: "N", alignment: .right)])
        table.append(["키위쥬스", "3"])
        table.append(["Kiwi", "12"])
        #expect(table.lines == ["JUICE      N", "키위쥬스   3", "Kiwi      12"])
    }

    /// The price column is there when any recipe has a price, found once
    /// per listing (it was looked for again on every row).
    @Test func theMenuListingHasAPriceColumnWhenOnlyTheLastRecipeHasAPrice() throws {
        let menu = try Menu(
            fruits: [Fruit(id: "kiwi", initialStock: 1)],
            recipes: (0..<3).map { index in
                Recipe(
                    id: "r\(index)", ingredients: [.init(fruit: "kiwi", quantity: 1)], price: index == 2 ? 4500 : nil)
            })
        let renderer = MenuRenderer(menu: menu, language: "en")
        #expect(
            renderer.text().suffix(4) == [
                "RECIPE  NAME  USES    PRICE", "r0      r0    kiwi 1      -", "r1      r1    kiwi 1      -",
                "r2      r2    kiwi 1   4500",
            ])
        #expect(
            renderer.markdown().suffix(3) == [
                "| r0 | r0 | kiwi 1 | - |", "| r1 | r1 | kiwi 1 | - |", "| r2 | r2 | kiwi 1 | 4500 |",
            ])
    }

    @Test func textTablesLeaveNoTrailingSpaces() {
        var table = TextTable([.init(title: "A", alignment: .left), .init(title: "LONG TITLE", alignment: .left)])
        table.append(["x", ""])
        #expect(table.lines == ["A  LONG TITLE", "x"])
    }

    @Test func theTextReportShowsKoreanNamesAligned() {
        // The widest fruit name, "Pine|apple, \"fresh\"", takes 19 cells; 키위
        // and the Korean headers 과일 and 재고 take 4 each.
        let lines = rendered(.text)
        #expect(lines[0] == "과일" + String(repeating: " ", count: 15 + 2) + "재고")
        #expect(lines[2] == "키위" + String(repeating: " ", count: 15 + 2 + 3) + "9")
        // "가능" is 4 wide; the juice column is as wide as "Pine | Juice", 12.
        #expect(lines.last == "키위쥬스" + String(repeating: " ", count: 4 + 2 + 3) + "3  키위")
    }

    @Test func aRefusedMakeSaysWhatIsShortAndTheAdjustThatAddsItOnTheSameFiles() {
        let context = FailureContext(
            isJSON: false, language: "ko", menu: menu, repeatedArguments: " --inventory 'my stock.yaml'",
            catalogue: Catalogue("ko"))
        let failure = Failure.insufficientStock([Shortage(fruit: "kiwi", needed: 12, available: 9)])
        #expect(
            FailureRenderer(context: context).text(failure) == [
                "오류: 과일이 모자랍니다. 아무것도 만들지 않았습니다", "  키위: 12개 필요, 재고 9개, 3개 더 필요",
                "채우려면: juice adjust kiwi=+3 --reason delivery --inventory 'my stock.yaml'",
            ])
        var english = context
        english.language = "en"
        #expect(
            FailureRenderer(context: english).text(failure) == [
                "error: not enough fruit; nothing was made", "  키위: 12 needed, 9 in stock, 3 more needed",
                "To add them: juice adjust kiwi=+3 --reason delivery --inventory 'my stock.yaml'",
            ])
        var json = context
        json.isJSON = true
        let rendered = FailureRenderer(context: json).json(failure)
        #expect(rendered.error == "insufficient-stock")
        #expect(rendered.missing == ["kiwi": 3])
        #expect(rendered.message == nil)
    }

    @Test(arguments: [
        (Failure.usage("bad"), 64, "usage"), (.invalidData([]), 65, "invalid-data"),
        (.missingFile("m"), 66, "missing-file"), (.unavailable("u"), 69, "unavailable"),
        (.cannotWrite("w"), 73, "cannot-write"), (.io("i"), 74, "io-error"), (.locked("l"), 75, "locked"),
        (.negativeStock([]), 1, "negative-stock"), (.aboveMaximum(fruit: "kiwi", result: 2), 1, "above-maximum"),
    ])
    func eachFailureHasItsExitStatusAndJSONName(failure: Failure, status: Int32, name: String) {
        #expect(failure.exitStatus == status)
        #expect(failure.errorName == name)
    }

    @Test func aLineBreakInANameCannotSplitATableRow() {
        #expect(TextTable.oneLine("two\nlines\r\nand\rmore") == "two lines and more")
        #expect(Markdown.cell("a|b\nc") == "a\\|b c")
        var table = TextTable([.init(title: "A", alignment: .left), .init(title: "B", alignment: .left)])
        table.append(["x\ny", "z"])
        #expect(table.lines == ["A    B", "x y  z"])
    }
}
