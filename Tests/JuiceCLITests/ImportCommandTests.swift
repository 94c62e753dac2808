import Foundation
import TestSupport
import Testing

/// `juice import` end to end (SPEC 17), the real binary on sample exports
/// in the tills' shapes: every figure against the test's own replay of the
/// map over the sample rows (``TillReplay``).
@Suite struct ImportCommandTests {
    /// A sale at 2026-11-28 04:45:07 UTC plus `minutes`.
    static func at(_ minutes: Int) -> Int { 1_795_841_107 + minutes * 60 }

    /// Square's sales: two zones written as Square writes them, a line with
    /// a size, modifiers (one ignored), a note with a comma, quotes and a
    /// line break, a refund of an earlier ticket, two tickets held back.
    static let squareSales: [TillSale] = [
        TillSale(
            id: "T-1001", utc: at(0),
            lines: [
                .init(
                    item: "Banana Juice", quantity: 2, modifiers: [("Extra Banana", 1), ("No Ice", 1)],
                    note: "Regular, \"no\" sugar\nthanks"),
                .init(item: "Kiwi Banana", size: "Large", quantity: 1), .init(item: "Americano", quantity: 1),
            ]),
        TillSale(
            id: "T-1002", utc: at(15), zone: .pacific,
            lines: [
                .init(item: "딸기 주스", quantity: 1, modifiers: [("Strawberry Shot", 1)]),
                .init(item: "Mango Kiwi, \"Fresh\"", quantity: 3, modifiers: [("Kiwi & Mango", 1)]),
            ]),
        TillSale(
            id: "T-1003", utc: at(30),
            lines: [.init(item: "Banana Juic", quantity: 3), .init(item: "Banana Juice", quantity: 1)]),
        TillSale(id: "T-1001", utc: at(40), lines: [.init(item: "Banana Juice", quantity: 1, refund: true)]),
        TillSale(
            id: "T-1004", utc: at(45), zone: .ianaSeoul,
            lines: [.init(item: "Kiwi Banana", size: "Regular", quantity: 2, modifiers: [("Oat Milk", 2)])]),
        TillSale(
            id: "T-1005", utc: at(61), zone: .india,
            lines: [
                .init(item: "Banana Juice", quantity: 1, note: "line one\r\nline two"),
                .init(item: "Straw", quantity: 1),
            ]
        ),
    ]

    static let squareSuggestions = ["Banana Juic": "Banana Juice"]

    /// The format note `juice import` writes once for a guessed format.
    static func guessedNote(_ file: String, _ format: String) -> String {
        "\(file):1:1: note: read as \(format), the format its header is (--from names the format) [format-guessed]"
    }

    static let absentNote = String(Sandbox.absentNote().dropLast())

    @Test func aSquareExportIsBookedTicketByTicketAtItsSaleTimeInUTC() async throws {
        try await Self.withShop { shop in
            try shop.sandbox.write(
                "square.csv", TillSampleFile.square(Self.squareSales, .init(byteOrderMark: true, crlf: true)))
            var replay = TillReplay()
            let expected = replay.importing(Self.squareSales, prefix: "square")
            // The test's own figures: 5 tickets read (T-1001's refund is no
            // ticket), 3 booked, 2 held back.
            #expect(expected.read == 5 && expected.booked == 3 && expected.heldBack == 2 && expected.refunded == 1)
            let result = try await shop.sandbox.juice("import", "square.csv")
            #expect(result.exitCode == 65, "held back tickets: \(result.stderr)")
            #expect(result.stdoutLines == expected.textLines(suggestions: Self.squareSuggestions))
            #expect(result.stderrLines == [Self.guessedNote("square.csv", "square"), Self.absentNote])
            #expect(try shop.sandbox.stock() == replay.stock)
            #expect(try shop.journal() == replay.journal)
            // The times, by hand: Seoul is UTC+9, Pacific UTC-8 in November,
            // +05:30 India.
            #expect(
                try shop.journal().map { $0.firstMatch(of: #/"time":"([^"]+)"/#).map { String($0.1) } } == [
                    "2026-11-28T04:45:07Z", "2026-11-28T05:00:07Z", "2026-11-28T05:46:07Z",
                ])
        }
    }

    @Test func theSameExportImportedTwiceBooksNothingTwice() async throws {
        try await Self.withShop { shop in
            try shop.sandbox.write("square.csv", TillSampleFile.square(Self.squareSales))
            var replay = TillReplay()
            replay.importing(Self.squareSales, prefix: "square")
            _ = try await shop.sandbox.juice("import", "square.csv")
            let files = shop.files()
            let again = replay.importing(Self.squareSales, prefix: "square")
            #expect(again.booked == 0 && again.alreadyBooked == 3 && again.heldBack == 2)
            let result = try await shop.sandbox.juice("import", "square.csv", "--format", "json")
            #expect(result.exitCode == 65)
            #expect(
                try result.json()
                    == JSON(
                        parsing: again.json(
                            suggestions: Self.squareSuggestions,
                            diagnostics: Self.guessedNoteJSON("square.csv", "square"))))
            #expect(shop.files() == files, "a second import changed the inventory or the journal")
            // Once more in text, and in one call naming the file twice.
            let text = try await shop.sandbox.juice("import", "square.csv", "square.csv", "--from", "square")
            #expect(text.exitCode == 65)
            let twice = replay.importing(Self.squareSales + Self.squareSales, prefix: "square")
            #expect(text.stdoutLines == twice.textLines(suggestions: Self.squareSuggestions))
            #expect(text.stderrLines == [])
            #expect(shop.files() == files)
        }
    }

    @Test func twoExportsWhoseDatesOverlapBookEachTicketOnce() async throws {
        try await Self.withShop { shop in
            let sales = (0..<12).map { n in
                TillSale(
                    id: "D\(n)", utc: Self.at(n * 90), zone: n % 2 == 0 ? .seoul : .pacific,
                    lines: [
                        .init(item: n % 3 == 0 ? "딸기 주스" : "Banana Juice", quantity: 1 + n % 2),
                        .init(item: "Kiwi Banana", size: n % 4 == 0 ? "Large" : nil, quantity: 1),
                    ])
            }
            // Yesterday's export (0-7) and today's (4-11) share four tickets.
            try shop.sandbox.write("monday.csv", TillSampleFile.square(Array(sales[0..<8])))
            try shop.sandbox.write("tuesday.csv", TillSampleFile.square(Array(sales[4..<12]), .init(crlf: true)))
            var replay = TillReplay()
            let first = replay.importing(Array(sales[0..<8]), prefix: "square")
            let second = replay.importing(Array(sales[4..<12]), prefix: "square")
            #expect(second.alreadyBooked == 4 && second.booked == 4)
            let monday = try await shop.sandbox.juice("import", "monday.csv", "--from", "square", "--format", "json")
            #expect(monday.exitCode == 0)
            #expect(try monday.json() == JSON(parsing: first.json()))
            let tuesday = try await shop.sandbox.juice("import", "tuesday.csv", "--from", "square")
            #expect(tuesday.exitCode == 0)
            #expect(tuesday.stdoutLines == second.textLines())
            #expect(try shop.sandbox.stock() == replay.stock)
            #expect(try shop.journal() == replay.journal)
            // Both again in one call: all booked already.
            let files = shop.files()
            let both = try await shop.sandbox.juice("import", "monday.csv", "tuesday.csv", "--from", "square")
            #expect(both.exitCode == 0)
            #expect(
                both.stdoutLines == [
                    "16 tickets read: 0 booked, 16 already booked, 0 held back, 0 booked short.",
                    "Nothing new to book.",
                ])
            #expect(shop.files() == files)
        }
    }

    @Test func aHeldBackTicketGoesInOnceTheMapKnowsItsNamesAndOnlyIt() async throws {
        try await Self.withShop { shop in
            try shop.sandbox.write("square.csv", TillSampleFile.square(Self.squareSales))
            var replay = TillReplay()
            replay.importing(Self.squareSales, prefix: "square")
            #expect(try await shop.sandbox.juice("import", "square.csv").exitCode == 65)
            // The map learns 'Banana Juic': T-1003 goes in, T-1004 (Oat Milk)
            // is still held back.
            var map = TestSalesMap.shop
            map.items["Banana Juic"] = ("banana", 1)
            try shop.sandbox.write("recipes/sales.yaml", map.yaml)
            replay.map = map
            let second = replay.importing(Self.squareSales, prefix: "square")
            #expect(second.booked == 1 && second.heldBack == 1 && second.alreadyBooked == 3)
            let result = try await shop.sandbox.juice("import", "square.csv", "--quiet")
            #expect(result.exitCode == 65)
            #expect(result.stdoutLines == second.textLines())
            #expect(try shop.journal() == replay.journal)
            #expect(try shop.journal().last?.contains(#""key":"square:T-1003""#) == true)
            // Oat Milk ignored: the last one goes in; exit 0.
            map.ignore.append("Oat Milk")
            try shop.sandbox.write("recipes/sales.yaml", map.yaml)
            replay.map = map
            let third = replay.importing(Self.squareSales, prefix: "square")
            #expect(third.booked == 1 && third.heldBack == 0)
            let last = try await shop.sandbox.juice("import", "square.csv", "--format", "json")
            #expect(last.exitCode == 0)
            #expect(
                try last.json() == JSON(parsing: third.json(diagnostics: Self.guessedNoteJSON("square.csv", "square"))))
            #expect(try shop.journal() == replay.journal)
            #expect(try shop.sandbox.stock() == replay.stock)
        }
    }

    /// Toast: the items file with voids, its modifiers file joined by the
    /// item selection, local times in the zone of the process (`TZ`).
    static let toastSales: [TillSale] = [
        TillSale(
            id: "9a1b-0001", utc: at(0),
            lines: [
                .init(item: "Banana Juice", quantity: 2, modifiers: [("Extra Banana", 2), ("Straw", 1)]),
                .init(item: "딸기 주스", quantity: 1, void: true, note: "wrong, \"again\"\nsorry"),
                .init(item: "Mango Kiwi, \"Fresh\"", quantity: 1),
            ]),
        TillSale(
            id: "9a1b-0002", utc: at(600),
            lines: [.init(item: "딸기 주스", quantity: 2, modifiers: [("Strawberry Shot", 1)])]),
        TillSale(id: "9a1b-0003", utc: at(700), lines: [.init(item: "Banana Juice", quantity: 5, void: true)]),
        TillSale(
            id: "9a1b-0004", utc: at(720) + 43_200,
            lines: [.init(item: "Kiwi Banana", quantity: 1, modifiers: [("Kiwi & Mango", 3)])]),
    ]

    @Test func aToastExportWithItsModifiersFileBooksVoidsNothingAtTheLocalZonesTime() async throws {
        try await Self.withShop { shop in
            let (items, modifiers) = TillSampleFile.toast(Self.toastSales, .init(byteOrderMark: true))
            try shop.sandbox.write("ItemSelectionDetails.csv", items)
            try shop.sandbox.write("ModifiersSelectionDetails.csv", modifiers)
            var replay = TillReplay()
            let expected = replay.importing(Self.toastSales, prefix: "toast")
            #expect(expected.read == 3 && expected.booked == 3 && expected.voided == 2)
            // The modifiers file named after the items file, the zone Seoul's.
            let result = try await shop.sandbox.juice(
                arguments: ["import", "ItemSelectionDetails.csv", "ModifiersSelectionDetails.csv", "--from", "toast"],
                environment: ["TZ": "Asia/Seoul"])
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stdoutLines == expected.textLines())
            #expect(result.stderrLines == [Self.absentNote])
            #expect(try shop.sandbox.stock() == replay.stock)
            #expect(try shop.journal() == replay.journal)
            // --time-zone over the process's zone: the same tickets are
            // booked already whatever their times.
            let again = try await shop.sandbox.juice(
                "import", "ModifiersSelectionDetails.csv", "ItemSelectionDetails.csv", "--time-zone",
                "Pacific Time (US & Canada)")
            #expect(again.exitCode == 0)
            #expect(
                again.stdoutLines.first == "3 tickets read: 0 booked, 3 already booked, 0 held back, 0 booked short.")
            #expect(again.stderrLines == [Self.guessedNote("ItemSelectionDetails.csv", "toast")])
        }
    }

    /// A shop's own CSV: other headers by `--columns`, RFC 3339 times with
    /// their offsets, `;` between modifiers.
    @Test func aGenericCSVWithColumnsIsBookedByItsReceipts() async throws {
        try await Self.withShop { shop in
            let sales = [
                TillSale(
                    id: "R1", utc: Self.at(5), zone: .india,
                    lines: [.init(item: "Banana Juice", quantity: 1, modifiers: [("Extra Banana", 2), ("No Ice", 1)])]),
                TillSale(
                    id: "R2", utc: Self.at(9), zone: .pacific,
                    lines: [
                        .init(item: "Kiwi Banana", quantity: 4, void: true),
                        .init(item: "Mango Kiwi, \"Fresh\"", quantity: 2, note: "a,\nb"),
                    ]),
            ]
            try shop.sandbox.write("sales.csv", TillSampleFile.generic(sales, .init(crlf: true)))
            var replay = TillReplay()
            let expected = replay.importing(sales, prefix: "csv")
            let result = try await shop.sandbox.juice(
                "import", "sales.csv", "--columns", TillSampleFile.genericColumns, "--format", "json")
            #expect(result.exitCode == 0, "\(result.stderr)")
            // --columns names the generic format's columns: the format is no guess.
            #expect(try result.json() == JSON(parsing: expected.json()))
            #expect(try shop.journal() == replay.journal)
            #expect(try shop.sandbox.stock() == replay.stock)
        }
    }

    /// An export whose rows end in LF, CR LF, a last CR alone, or CR LF
    /// and a lone CR after the last row (the file's last line a blank one
    /// of a CR, once read as a row ending before column 'Location') books
    /// the same tickets under the same keys: the journals are byte for
    /// byte the same.
    @Test func anExportEndingInALoneCarriageReturnBooksAsOneEndingInALineFeed() async throws {
        let sales = Array(Self.squareSales.prefix(2))
        let lf = TillSampleFile.square(sales)
        let crlf = TillSampleFile.square(sales, .init(crlf: true))
        var replay = TillReplay()
        let expected = replay.importing(sales, prefix: "square")
        #expect(expected.booked == 2 && expected.heldBack == 0)
        for text in [lf, crlf, String(crlf.dropLast()), crlf + "\r", lf + "\r"] {
            try await Self.withShop { shop in
                try shop.sandbox.write("square.csv", text)
                let result = try await shop.sandbox.juice("import", "square.csv", "--from", "square")
                #expect(result.exitCode == 0, "\(result.stderr)")
                #expect(result.stderrLines == [Self.absentNote], "\(Array(text.unicodeScalars.suffix(3)))")
                #expect(result.stdoutLines == expected.textLines(suggestions: Self.squareSuggestions))
                #expect(try shop.journal() == replay.journal, "\(Array(text.unicodeScalars.suffix(3)))")
            }
        }
    }

    /// A till's name with a control character (a quoted carriage return,
    /// an escape) is shown escaped in the text summary, as `\r` and
    /// `\u{1B}`: printed raw, a terminal went back over the line. JSON
    /// escapes it as JSON does.
    @Test func aNameWithAControlCharacterIsShownEscapedInText() async throws {
        try await Self.withShop { shop in
            let sales = [
                TillSale(id: "C1", utc: Self.at(0), lines: [.init(item: "Banana\rJuice", quantity: 1)]),
                TillSale(id: "C2", utc: Self.at(1), lines: [.init(item: "Kiwi\u{1B}[2KJuice", quantity: 2)]),
                TillSale(id: "C3", utc: Self.at(2), lines: [.init(item: "Banana Juice", quantity: 1)]),
                TillSale(id: "C3", utc: Self.at(3), lines: [.init(item: "Tab\tand\u{7F}", quantity: 1, refund: true)]),
            ]
            try shop.sandbox.write("square.csv", TillSampleFile.square(sales))
            let result = try await shop.sandbox.juice("import", "square.csv", "--from", "square")
            #expect(result.exitCode == 65, "\(result.stderr)")
            #expect(
                !result.stdout.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
                "\(Array(result.stdout.unicodeScalars))")
            #expect(result.stdoutLines.contains("Refunded, nothing booked back: Tab\\tand\\u{7F} ×1."))
            #expect(result.stdoutLines.contains { $0.hasPrefix("  Banana\\rJuice: 1 sold") }, "\(result.stdoutLines)")
            #expect(
                result.stdoutLines.contains { $0.hasPrefix("  Kiwi\\u{1B}[2KJuice: 2 sold") }, "\(result.stdoutLines)")
            let json = try await shop.sandbox.juice("import", "square.csv", "--from", "square", "--format", "json")
            #expect(json.stdout.contains("\"Banana\\rJuice\""), "\(json.stdout)")
        }
    }

    /// The map's name suggested for an unknown one is shown escaped as the
    /// unknown name is: raw, its escape sequence cleared the line that
    /// showed the unknown name escaped.
    @Test func aSuggestedNameWithAControlCharacterIsShownEscapedInText() async throws {
        try await Self.withShop { shop in
            // YAML holds an escape only as `\e` in double quotes.
            let map = TestSalesMap.shop.yaml.replacingOccurrences(
                of: "items:\n", with: "items:\n  \"Kiwi\\e[2KJuice\": { recipe: banana, servings: 1 }\n")
            try shop.sandbox.write("recipes/sales.yaml", map)
            let sales = [TillSale(id: "K1", utc: Self.at(0), lines: [.init(item: "Kiwi\u{1B}[2KJuic", quantity: 1)])]
            try shop.sandbox.write("square.csv", TillSampleFile.square(sales))
            let result = try await shop.sandbox.juice("import", "square.csv", "--from", "square")
            #expect(result.exitCode == 65, "\(result.stderr)")
            #expect(result.stderrLines.allSatisfy { !$0.contains("error") }, "\(result.stderr)")
            #expect(
                result.stdoutLines.contains("  Kiwi\\u{1B}[2KJuic: 1 sold (did you mean 'Kiwi\\u{1B}[2KJuice'?)"),
                "\(result.stdoutLines)")
            #expect(!result.stdout.unicodeScalars.contains("\u{1B}"), "\(result.stdoutLines)")
        }
    }

    @Test func aSaleThePastTheBooksStockGoesToZeroWithItsShortInTheEntry() async throws {
        try await Self.withShop { shop in
            #expect(try await shop.sandbox.juice("adjust", "banana=3", "kiwi=1").exitCode == 0)
            let adjust = try shop.journal()
            let sales = [
                TillSale(id: "S1", utc: Self.at(0), lines: [.init(item: "Kiwi Banana", size: "Large", quantity: 1)]),
                TillSale(id: "S2", utc: Self.at(1), lines: [.init(item: "Banana Juice", quantity: 2)]),
            ]
            try shop.sandbox.write("square.csv", TillSampleFile.square(sales))
            var replay = TillReplay()
            replay.stock["banana"] = 3
            replay.stock["kiwi"] = 1
            replay.journal = adjust
            let expected = replay.importing(sales, prefix: "square")
            #expect(expected.short == 2 && replay.stock["banana"] == 0 && replay.stock["kiwi"] == 0)
            let result = try await shop.sandbox.juice("import", "square.csv", "--from", "square")
            #expect(result.exitCode == 0)
            #expect(result.stdoutLines == expected.textLines())
            #expect(
                result.stdoutLines.last
                    == "Booked short, the book had less than the till sold: Banana 3, Kiwi 1. Count the shelf: juice count."
            )
            #expect(try shop.journal() == replay.journal)
            #expect(try shop.sandbox.stock() == replay.stock)
        }
    }

    @Test func aDryRunSaysWhatWouldBeBookedAndWritesNothing() async throws {
        try await Self.withShop { shop in
            #expect(try await shop.sandbox.juice("adjust", "mango=40").exitCode == 0)
            let files = shop.files()
            try shop.sandbox.write("square.csv", TillSampleFile.square(Self.squareSales))
            var replay = TillReplay()
            replay.stock["mango"] = 40
            replay.journal = try shop.journal()
            let expected = replay.importing(Self.squareSales, prefix: "square", dryRun: true)
            let text = try await shop.sandbox.juice("import", "square.csv", "--dry-run", "--from", "square")
            #expect(text.exitCode == 65)
            #expect(text.stdoutLines == expected.textLines(dryRun: true, suggestions: Self.squareSuggestions))
            let json = try await shop.sandbox.juice(
                "import", "square.csv", "--dry-run", "--format", "json", "--from", "square")
            #expect(json.exitCode == 65)
            #expect(try json.json() == JSON(parsing: expected.json(suggestions: Self.squareSuggestions, dryRun: true)))
            #expect(shop.files() == files, "a dry run wrote")
        }
    }

    /// `--location` keeps only that location's rows: its tickets, and its
    /// refunds and voids alone.
    @Test func theLocationOptionKeepsOnlyThatLocationsRows() async throws {
        try await Self.withShop { shop in
            let sales = [
                TillSale(id: "G1", utc: Self.at(0), lines: [.init(item: "Banana Juice", quantity: 2)]),
                TillSale(
                    id: "H1", utc: Self.at(1), location: "Hongdae", lines: [.init(item: "딸기 주스", quantity: 1)]),
                TillSale(
                    id: "H0", utc: Self.at(2), location: "Hongdae",
                    lines: [.init(item: "Banana Juice", quantity: 1, refund: true)]),
                TillSale(
                    id: "G0", utc: Self.at(3), lines: [.init(item: "Kiwi Banana", quantity: 1, refund: true)]),
                TillSale(
                    id: "G2", utc: Self.at(4), lines: [.init(item: "Kiwi Banana", size: "Large", quantity: 1)]),
            ]
            try shop.sandbox.write("square.csv", TillSampleFile.square(sales))
            var replay = TillReplay()
            let expected = replay.importing(sales.filter { $0.location == "Gangnam" }, prefix: "square")
            let result = try await shop.sandbox.juice(
                "import", "square.csv", "--from", "square", "--location", " gangnam ", "--format", "json")
            #expect(result.exitCode == 0)
            #expect(try result.json() == JSON(parsing: expected.json()))
            #expect(try shop.journal() == replay.journal)
        }
    }

    @Test func theSummaryInKorean() async throws {
        try await Self.withShop { shop in
            try shop.sandbox.write("square.csv", TillSampleFile.square(Self.squareSales))
            var replay = TillReplay()
            let expected = replay.importing(Self.squareSales, prefix: "square")
            let result = try await shop.sandbox.juice("import", "square.csv", "--from", "square", "--locale", "ko")
            #expect(result.exitCode == 65)
            #expect(result.stdoutLines == expected.textLines(korean: true, suggestions: Self.squareSuggestions))
            #expect(result.stderrLines == ["참고: inventory.yaml 파일이 없습니다: 메뉴의 처음 재고로 시작합니다"])
        }
    }

    @Test(
        arguments: [
            (["import"], "error: Name the till's exports to import: juice import EXPORT.csv..."),
            (
                ["import", "x.csv", "--from", "clover"],
                "error: The value 'clover' is invalid for '--from <from>'. Please provide one of 'square', 'toast' or 'csv'."
            ),
            (["import", "x.csv", "--time-zone", "Mars/Olympus"], nil),
            (["import", "x.csv", "--columns", "time"], nil),
            (["import", "x.csv", "--columns", "when=Date"], nil),
            (["import", "x.csv", "--location", "A", "--location", "B"], nil),
            (["import", "x.csv", "--stores", "stores.yaml", "--menu", "recipes/menu.yaml"], nil),
        ] as [([String], String?)])
    func badArgumentsExit64AndBookNothing(arguments: [String], firstLine: String?) async throws {
        try await Self.withShop { shop in
            try shop.sandbox.write("x.csv", TillSampleFile.square(Self.squareSales))
            let result = try await shop.sandbox.juice(arguments: arguments)
            #expect(result.exitCode == 64, "\(result.stderr)")
            if let firstLine { #expect(result.stderrLines.first == firstLine) }
            #expect(result.stdout == "")
            #expect(!shop.sandbox.exists("inventory.yaml.journal"))
        }
    }

    @Test func aMissingExportOrMapExits66() async throws {
        try await Self.withShop { shop in
            try shop.sandbox.write("x.csv", TillSampleFile.square(Self.squareSales))
            let missing = try await shop.sandbox.juice("import", "x.csv", "nothere.csv")
            #expect(missing.exitCode == 66)
            #expect(missing.stderrLines == ["error: nothere.csv: no such file"])
            let map = try await shop.sandbox.juice("import", "x.csv", "--map", "nomap.yaml")
            #expect(map.exitCode == 66)
            #expect(map.stderrLines == ["error: nomap.yaml: no such file"])
            #expect(!shop.sandbox.exists("inventory.yaml.journal") && !shop.sandbox.exists("inventory.yaml"))
        }
    }

    // MARK: - The shop

    static func guessedNoteJSON(_ file: String, _ format: String) -> String {
        "[{\"code\":\"format-guessed\",\"column\":1,\"file\":\"\(file)\",\"line\":1,"
            + "\"message\":\"read as \(format), the format its header is (--from names the format)\",\"severity\":\"note\"}]"
    }

    /// A sandbox with the shop's menu and map.
    struct Shop {
        let sandbox: Sandbox

        /// The journal's lines, each `recorded` written `R` (it is the time
        /// of the import); each checked to be RFC 3339 UTC.
        func journal(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
            guard let data = sandbox.read("inventory.yaml.journal") else { return [] }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map {
                String($0).replacing(#/"recorded":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/#, with: "\"recorded\":R")
            }
        }

        /// The inventory's and the journal's bytes.
        func files() -> [Data?] {
            [sandbox.read("inventory.yaml"), sandbox.read("inventory.yaml.journal")]
        }
    }

    static func withShop(map: TestSalesMap = .shop, _ body: (Shop) async throws -> Void) async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write("recipes/menu.yaml", TillShop.menu)
            try sandbox.write("recipes/sales.yaml", map.yaml)
            try await body(Shop(sandbox: sandbox))
        }
    }
}
