import Foundation
import SeededRandom
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `juice import` of files that are broken or no export at all: one clear
/// error naming the file, its line and the column where the offending
/// field starts, exit 65, never a crash or a hang, and nothing of the call
/// booked (the inventory and the journal byte-identical after).
@Suite struct ImportHostileTests {
    /// Good rows before the broken one: a note over two lines, so that the
    /// line a diagnostic names counts the line breaks in quoted fields.
    static let before: [TillSale] = [
        TillSale(
            id: "G1", utc: ImportCommandTests.at(0),
            lines: [.init(item: "Banana Juice", quantity: 1, note: "two,\n\"lines\"")]),
        TillSale(id: "G2", utc: ImportCommandTests.at(1), lines: [.init(item: "딸기 주스", quantity: 2)]),
    ]

    /// A Square export: ``before``, then a row whose fields are Square's
    /// with `replacing` (header name to raw field text, written as is),
    /// then a good ticket.
    static func square(replacing: [String: String]) -> String {
        var text = TillSampleFile.square(before)
        let row = TillSampleFile.squareHeader.map { name -> String in
            if let raw = replacing[name] { return raw }
            return switch name {
            case "Date": "2026-11-28"
            case "Time": "14:00:00"
            case "Time Zone": "Seoul"
            case "Item": "Banana Juice"
            case "Qty": "1"
            case "Transaction ID": "BAD"
            case "Event Type": "Payment"
            default: ""
            }
        }
        text += row.joined(separator: ",") + "\n"
        text += "2026-11-28,14:05:00,Seoul,Juice,Banana Juice,1,,,,,,,,G3,,,,Payment,Gangnam\n"
        return text
    }

    /// Each broken row: the fields written, the text that starts the
    /// offending field (its first occurrence in the file), the message.
    static let brokenRows: [(fields: [String: String], at: String, message: String)] = [
        (["Qty": "1e9"], "1e9", "\"1e9\" in column 'Qty' is not a whole number of units [invalid-quantity]"),
        (["Qty": "-1"], "-1,", "\"-1\" in column 'Qty' is not a whole number of units [invalid-quantity]"),
        (["Qty": "abc"], "abc", "\"abc\" in column 'Qty' is not a whole number of units [invalid-quantity]"),
        (["Qty": "1.5"], "1.5", "\"1.5\" in column 'Qty' is not a whole number of units [invalid-quantity]"),
        (
            ["Qty": "1000000000"], "1000000000",
            "\"1000000000\" in column 'Qty' is more than 1000000 units [invalid-quantity]"
        ),
        (["Qty": ""], ",,,,,,,,,BAD", "\"\" in column 'Qty' is not a whole number of units [invalid-quantity]"),
        (["Time Zone": "Mars"], "Mars", "\"Mars\" in column 'Time Zone' is not a time zone [invalid-time]"),
        (["Date": "2026-02-30"], "2026-02-30", "\"2026-02-30\" in column 'Date' is not a date and time [invalid-time]"),
        (["Time": "25:00"], "25:00", "\"25:00\" in column 'Time' is not a date and time [invalid-time]"),
        (
            ["Event Type": "Adjustment"], "Adjustment",
            "\"Adjustment\" in column 'Event Type' is neither Payment nor Refund: a row of another kind of event "
                + "cannot be booked as a sale [unknown-key]"
        ),
        // What the row says is quoted with its control characters escaped:
        // raw, an escape sequence cleared the error's line, an override
        // turned it around.
        (
            ["Event Type": "Pay\u{1B}[2Kment"], "Pay\u{1B}",
            "\"Pay\\u{1B}[2Kment\" in column 'Event Type' is neither Payment nor Refund: a row of another kind of "
                + "event cannot be booked as a sale [unknown-key]"
        ),
        (
            ["Time Zone": "Se\u{202E}oul"], "Se\u{202E}oul",
            "\"Se\\u{202E}oul\" in column 'Time Zone' is not a time zone [invalid-time]"
        ),
        (
            ["Qty": "\u{9B}2"], "\u{9B}2",
            "\"\\u{9B}2\" in column 'Qty' is not a whole number of units [invalid-quantity]"
        ),
        (
            ["Qty": "1\u{2029}"], "1\u{2029}",
            "\"1\\u{2029}\" in column 'Qty' is not a whole number of units [invalid-quantity]"
        ),
        (
            ["Item": "Banana \"Juice\""], "Banana \"Juice",
            "a '\"' inside column 'Item', which does not start with one [syntax]"
        ),
        (["Item": "\"Banana\" Juice"], "\"Banana\" Juice", "text after the closing '\"' of column 'Item' [syntax]"),
        (
            ["Transaction ID": "T\u{7}1"], "T\u{7}1",
            "the ticket in column 'Transaction ID' is longer than 128 bytes or has a control character [invalid-id]"
        ),
        (
            ["Transaction ID": String(repeating: "9", count: 129)], String(repeating: "9", count: 129),
            "the ticket in column 'Transaction ID' is longer than 128 bytes or has a control character [invalid-id]"
        ),
    ]

    @Test(arguments: brokenRows.indices)
    func aRowThatCannotBeReadIsNamedByFileLineAndColumnAndNothingIsBooked(case index: Int) async throws {
        let (fields, needle, message) = Self.brokenRows[index]
        let text = Self.square(replacing: fields)
        var (line, column) = try #require(position(of: needle, in: text))
        if needle.hasPrefix(",") { column += 1 }
        try await Self.expectRefused(text, at: "\(line):\(column)", message)
    }

    /// An empty ticket id is refused at its column, as empty (it was said
    /// as a row that ends before the column, which it does not).
    @Test func anEmptyTicketIsSaidAsEmpty() async throws {
        let text = Self.square(replacing: ["Transaction ID": ""])
        let (line, column) = try #require(position(of: ",,,,,Payment", in: text))
        try await Self.expectRefused(
            text, at: "\(line):\(column + 1)",
            "column 'Transaction ID' is empty: every row needs its ticket [missing-key]")
    }

    /// A ticket's rows apart, another ticket's between them: refused at
    /// the row that comes back, at its ticket's column.
    @Test func aTicketsRowsApartAreRefusedAtTheRowThatComesBack() async throws {
        var text = TillSampleFile.square(Self.before)
        text += "2026-11-28,14:05:00,Seoul,Juice,Banana Juice,1,,,,,,,,G1,,,,Payment,Gangnam\n"
        let (line, _) = try #require(position(of: "G1,,,,Payment", in: text))
        let column = "2026-11-28,14:05:00,Seoul,Juice,Banana Juice,1,,,,,,,,".count + 1
        try await Self.expectRefused(
            text, at: "\(line):\(column)",
            "the ticket in column 'Transaction ID' has a row before another ticket's: a ticket's rows must follow each "
                + "other to be booked whole [duplicate-key]")
    }

    @Test func aQuoteThatIsNeverClosedIsNamedWhereItOpens() async throws {
        let text = Self.square(replacing: ["Item": "\"Banana Juice"])
        let (line, column) = try #require(position(of: "\"Banana Juice", in: text))
        try await Self.expectRefused(
            text, at: "\(line):\(column)", "column 'Item' opens a quote that the file never closes [syntax]")
    }

    /// A carriage return in the header is said to be in the header's
    /// field (it was said as in "column '12'", a column no header names);
    /// one in a field past the header's columns by its number.
    @Test func aCarriageReturnInTheHeaderIsSaidInTheHeader() async throws {
        let bare =
            "that does not end the line: only CR LF or LF end a row (a file with old Mac line ends must be saved "
            + "with CR LF or LF) [syntax]"
        let header = TillSampleFile.square(Self.before).replacingOccurrences(of: ",Net Sales,", with: ",Net\rSales,")
        let (_, column) = try #require(position(of: "Net", in: header))
        try await Self.expectRefused(header, at: "1:\(column)", "a carriage return in field 12 of the header \(bare)")
        try await Self.expectRefused(
            header, at: "1:\(column)",
            "머리글 행의 12번째 칸에 줄을 끝내지 않는 캐리지 리턴(CR)이 있습니다: 행은 CR LF나 LF로만 끝납니다 "
                + "(옛 Mac 줄 끝의 파일은 CR LF나 LF로 저장하세요) [syntax]", korean: true)
        // Past the header's 19 columns, in a row.
        let row = Self.square(replacing: ["Location": "Gangnam,x\ry"])
        let (line, at) = try #require(position(of: "x\ry", in: row))
        try await Self.expectRefused(row, at: "\(line):\(at)", "a carriage return in field 20 \(bare)")
    }

    @Test func aHeaderWithoutAColumnTheFormatNeedsIsRefusedAtTheHeader() async throws {
        let text = TillSampleFile.square(Self.before).replacingOccurrences(of: ",Qty,", with: ",Quantity,")
        try await Self.expectRefused(text, at: "1:1", "the header has no column 'Qty' [missing-key]")
    }

    @Test func aLineOf100MBIsRefusedWithoutHoldingIt() async throws {
        var bytes = Array(TillSampleFile.square(Self.before).utf8)
        let line =
            1
            + TillSampleFile.square(Self.before).split(separator: "\n", omittingEmptySubsequences: false)
            .count - 1
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
        bytes += Array("\n".utf8)
        try await Self.expectRefused(
            bytes: bytes, at: "\(line):1", "a row longer than 1048576 bytes: is the file a till's export? [limit]")
    }

    @Test func aFileThatIsNoTextIsRefusedAtItsStart() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        try await Self.expectRefused(bytes: png, at: "1:1", "bytes that are not UTF-8 text [syntax]")
        var random = SplitMix64(seed: 2026_11_29)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0x80...0xFF, using: &random) }
        try await Self.expectRefused(bytes: noise, at: "1:1", "bytes that are not UTF-8 text [syntax]")
    }

    /// A Korean till's export in CP949 (EUC-KR), not UTF-8: refused at
    /// the field with the first byte that is not UTF-8, not at the row.
    @Test func anExportInCP949IsRefusedAtTheFieldThatIsNotUTF8() async throws {
        let text = Self.square(replacing: ["Item": "MARK"])
        let (line, column) = try #require(position(of: "MARK", in: text))
        let utf8 = Array(text.utf8)
        let at = try #require(utf8.indices.first { utf8[$0...].starts(with: "MARK".utf8) })
        // 바나나 in CP949.
        let file = utf8[..<at] + [0xB9, 0xD9, 0xB3, 0xAA, 0xB3, 0xAA] + utf8[(at + 4)...]
        try await Self.expectRefused(
            bytes: Array(file), at: "\(line):\(column)", "bytes that are not UTF-8 text [syntax]")
    }

    /// Any bytes at all: exit 65 with one error at a place in the file, never
    /// a crash, a hang or a booking.
    @Test func randomBytesNeverCrashOrBook() async throws {
        var random = SplitMix64(seed: 35)
        try await ImportCommandTests.withShop { shop in
            try await Self.importGood(shop)
            let files = shop.files()
            for round in 0..<12 {
                let count = Int.random(in: 1...20_000, using: &random)
                var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
                if round % 2 == 0 {
                    bytes = Array(TillSampleFile.squareHeader.joined(separator: ",").utf8) + [10] + bytes
                }
                try shop.sandbox.write("noise.csv", bytes: bytes)
                let result = try await shop.sandbox.juice(
                    arguments: ["import", "noise.csv", "--from", "square"], timeout: 60)
                #expect(result.exitCode == 65, "round \(round): \(result.stderr)")
                #expect(result.stderrLines.count == 1)
                #expect(result.stderrLines.first?.contains(#/^noise\.csv:\d+:\d+: error: /#) == true)
                #expect(shop.files() == files, "round \(round) booked")
            }
        }
    }

    @Test func anItemNameOf10000CharactersIsHeldBackByItsName() async throws {
        try await ImportCommandTests.withShop { shop in
            let name = String(repeating: "바나나", count: 3333) + "J"
            let sales = [TillSale(id: "L1", utc: ImportCommandTests.at(0), lines: [.init(item: name, quantity: 2)])]
            try shop.sandbox.write("long.csv", TillSampleFile.square(Self.before + sales))
            var replay = TillReplay()
            let expected = replay.importing(Self.before + sales, prefix: "square")
            let result = try await shop.sandbox.juice("import", "long.csv", "--from", "square", "--format", "json")
            #expect(result.exitCode == 65)
            #expect(try result.json() == JSON(parsing: expected.json()))
            #expect(try shop.journal() == replay.journal)
        }
    }

    @Test func anEmptyFileIsNoExportAndAHeaderAloneIsNothingToBook() async throws {
        try await Self.expectRefused(
            "", at: "1:1",
            "the header is none of a till's export: Square's, Toast's, or a CSV with 'time', 'item' and 'quantity' "
                + "(--from names the format, --columns the columns) [syntax]", from: nil)
        try await ImportCommandTests.withShop { shop in
            try shop.sandbox.write("header.csv", TillSampleFile.square([]))
            let result = try await shop.sandbox.juice("import", "header.csv", "--from", "square", "--quiet")
            #expect(result.exitCode == 0)
            #expect(result.stdout == "" && result.stderr == "")
        }
    }

    @Test func aBrokenSecondExportBooksNothingOfTheFirst() async throws {
        try await ImportCommandTests.withShop { shop in
            try await Self.importGood(shop)
            let files = shop.files()
            let more = [
                TillSale(id: "N1", utc: ImportCommandTests.at(9), lines: [.init(item: "Banana Juice", quantity: 1)])
            ]
            try shop.sandbox.write("good.csv", TillSampleFile.square(more))
            let broken = Self.square(replacing: ["Qty": "abc"])
            try shop.sandbox.write("broken.csv", broken)
            let (line, column) = try #require(position(of: "abc", in: broken))
            let result = try await shop.sandbox.juice("import", "good.csv", "broken.csv", "--from", "square")
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "broken.csv:\(line):\(column): error: \"abc\" in column 'Qty' is not a whole number of units [invalid-quantity]"
                ])
            #expect(result.stdout == "")
            #expect(shop.files() == files)
        }
    }

    @Test func aDirectoryAsTheExportIsRefusedAsOtherCommandsRefuseIt() async throws {
        try await ImportCommandTests.withShop { shop in
            try FileManager.default.createDirectory(
                at: shop.sandbox.file("exports.csv"), withIntermediateDirectories: true)
            let result = try await shop.sandbox.juice("import", "exports.csv")
            #expect(result.exitCode == 74)
            #expect(result.stderrLines == ["error: exports.csv: cannot read: it is a directory"])
            let korean = try await shop.sandbox.juice("import", "exports.csv", "--locale", "ko")
            #expect(korean.stderrLines.last?.hasSuffix("폴더입니다") == true, "\(korean.stderr)")
        }
    }

    /// A FIFO no process writes to: refused at once, as every command
    /// refuses one, not waited on forever.
    @Test func aFIFOAsTheExportIsRefusedAtOnce() async throws {
        try await ImportCommandTests.withShop { shop in
            try #require(mkfifo(shop.sandbox.file("till.csv").path, 0o644) == 0)
            let result = try await shop.sandbox.juice(arguments: ["import", "till.csv"], timeout: 20)
            #expect(result.timedOut == false, "juice import waited on the FIFO")
            #expect(result.exitCode == 74)
            #expect(result.stderrLines == ["error: till.csv: cannot read: it is not a regular file (a FIFO)"])
        }
    }

    @Test func theErrorInKorean() async throws {
        let text = Self.square(replacing: ["Qty": "abc"])
        let (line, column) = try #require(position(of: "abc", in: text))
        try await Self.expectRefused(
            text, at: "\(line):\(column)", "'Qty' 열의 값 \"abc\"는 개수(0 이상의 정수)가 아닙니다 [invalid-quantity]",
            korean: true)
    }

    // MARK: -

    /// Imports ``before`` so that the inventory and the journal exist.
    static func importGood(_ shop: ImportCommandTests.Shop) async throws {
        try shop.sandbox.write("good-first.csv", TillSampleFile.square(before))
        #expect(try await shop.sandbox.juice("import", "good-first.csv", "--from", "square").exitCode == 0)
    }

    static func expectRefused(
        _ text: String, at place: String, _ message: String, from: String? = "square", korean: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await expectRefused(
            bytes: Array(text.utf8), at: place, message, from: from, korean: korean, sourceLocation: sourceLocation)
    }

    /// Imports `bytes` as `export.csv` after a good import: exit 65, the one
    /// error `export.csv:PLACE: error: MESSAGE`, the files untouched.
    static func expectRefused(
        bytes: [UInt8], at place: String, _ message: String, from: String? = "square", korean: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await ImportCommandTests.withShop { shop in
            try await importGood(shop)
            let files = shop.files()
            try shop.sandbox.write("export.csv", bytes: bytes)
            var arguments = ["import", "export.csv"] + (from.map { ["--from", $0] } ?? [])
            if korean { arguments += ["--locale", "ko"] }
            let result = try await shop.sandbox.juice(arguments: arguments, timeout: 120)
            #expect(result.exitCode == 65, "\(result.stderr)", sourceLocation: sourceLocation)
            let error = korean ? "오류" : "error"
            #expect(
                result.stderrLines.filter { !$0.contains("format-guessed") } == [
                    "export.csv:\(place): \(error): \(message)"
                ],
                sourceLocation: sourceLocation)
            #expect(result.stdout == "", sourceLocation: sourceLocation)
            #expect(shop.files() == files, "the refused import wrote", sourceLocation: sourceLocation)
        }
    }
}
