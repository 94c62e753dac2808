import Foundation
import JuiceTill
import SeededRandom
import TestSupport
import Testing

/// A till's export read as rows: RFC 4180's quoting, the byte-order mark,
/// line numbers, bounded memory and the refusals of a malformed row.
@Suite struct TillRowsTests {
    /// Every row of `rows`, read to the end.
    static func all(_ rows: TillRows) throws(TillRowError) -> [(line: Int, fields: [String])] {
        var read: [(line: Int, fields: [String])] = []
        while let row = try rows.next() { read.append(row) }
        return read
    }

    /// `bytes` written to a file and read `blockSize` bytes at a time.
    static func rows(of bytes: [UInt8], blockSize: Int, rowLimit: Int = TillRows.rowLimit) throws
        -> [(line: Int, fields: [String])]
    {
        try TemporaryFolder.with(prefix: "juice-till-tests") { folder in
            let path = folder.appendingPathComponent("export.csv").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return try all(TillRows(path: path, blockSize: blockSize, rowLimit: rowLimit))
        }
    }

    static let export =
        Array("\u{FEFF}".utf8)
        + Array(
            """
            Date,Item,Qty,Modifiers Applied\r
            2026-11-28,"Banana, Large",2,"Extra banana, No ice"\r
            2026-11-28,"Green \"\"Detox\"\"",1,\r
            \r
            2026-11-28,딸기 주스,3,"first line
            second line"\r
            2026-11-28,Mango Kiwi,1,
            """.utf8)

    static let expected: [(line: Int, fields: [String])] = [
        (1, ["Date", "Item", "Qty", "Modifiers Applied"]),
        (2, ["2026-11-28", "Banana, Large", "2", "Extra banana, No ice"]),
        (3, ["2026-11-28", "Green \"Detox\"", "1", ""]),
        (5, ["2026-11-28", "딸기 주스", "3", "first line\nsecond line"]),
        (7, ["2026-11-28", "Mango Kiwi", "1", ""]),
    ]

    @Test func quotedFieldsKeepTheirCommasQuotesAndLineBreaksAndLinesAreTheFiles() throws {
        let read = try Self.all(TillRows(bytes: Self.export))
        #expect(read.map(\.line) == Self.expected.map(\.line))
        #expect(read.map(\.fields) == Self.expected.map(\.fields))
    }

    /// A row cut across the blocks read, the byte-order mark among them, is
    /// read whole, whatever the block's size.
    @Test(arguments: [1, 2, 3, 5, 7, 64, 1 << 16])
    func aRowAcrossBlocksIsReadWhole(blockSize: Int) throws {
        let read = try Self.rows(of: Self.export, blockSize: blockSize)
        #expect(read.map(\.line) == Self.expected.map(\.line))
        #expect(read.map(\.fields) == Self.expected.map(\.fields))
    }

    @Test func aMalformedRowIsRefusedWithItsLineAndField() {
        func problem(_ text: String) -> TillRowError? {
            do {
                _ = try Self.all(TillRows(bytes: Array(text.utf8)))
                return nil
            } catch {
                return error
            }
        }
        #expect(problem("a,b\nc,d\"e,f\n") == TillRowError(line: 2, field: 2, problem: .quoteInsideField))
        #expect(problem("a,b\n\"x\ny\"z,w\n") == TillRowError(line: 2, field: 1, problem: .textAfterClosingQuote))
        #expect(problem("a,b\nc,\"open\nstill open\n") == TillRowError(line: 2, field: 2, problem: .unclosedQuote))
        #expect(problem("a,\"b\"\r\nc,\"d\"") == nil)
        // A carriage return that ends no line: the library would end the
        // row there, and the rest of it (e,f) was dropped without a word.
        #expect(problem("a,b\nc,d\re,f\n") == TillRowError(line: 2, field: 2, problem: .bareCarriageReturn))
        #expect(problem("a,b\nc,\"d\"\re\n") == TillRowError(line: 2, field: 2, problem: .bareCarriageReturn))
        // Old Mac line ends: refused at the first row, not read as one row.
        #expect(problem("a,b\rc,d\r") == TillRowError(line: 1, field: 2, problem: .bareCarriageReturn))
        // In quotes it is text; at the very end it ends the last row.
        #expect(problem("a,\"b\rc\"\nd,e\r") == nil)
    }

    /// A carriage return as the file's last byte ends the last row as one
    /// before a line feed does: a lone one after the last row's line break
    /// is a blank line, skipped (it was read as a row of one empty field,
    /// which an import said as a row ending before a column), whatever the
    /// blocks the file is read in.
    @Test(arguments: [1, 2, 3, 1 << 16])
    func aCarriageReturnAsTheLastByteEndsTheLastRow(blockSize: Int) throws {
        let expected = [(1, ["a", "b"]), (2, ["c", "d"])]
        for text in [
            "a,b\nc,d", "a,b\nc,d\n", "a,b\r\nc,d\r\n", "a,b\r\nc,d\r", "a,b\r\nc,d\r\n\r", "a,b\nc,d\n\r",
            "a,b\r\n\"c\",d\r", "a,b\r\n\"c\",\"d\"\r\n\r",
        ] {
            for rows in [
                try Self.all(TillRows(bytes: Array(text.utf8))),
                try Self.rows(of: Array(text.utf8), blockSize: blockSize),
            ] {
                #expect(rows.map(\.line) == expected.map(\.0), "\(Array(text.unicodeScalars))")
                #expect(rows.map(\.fields) == expected.map(\.1), "\(Array(text.unicodeScalars))")
            }
        }
        #expect(try Self.rows(of: Array("\r".utf8), blockSize: blockSize).isEmpty)
        #expect(try Self.all(TillRows(bytes: Array("\r\n\r".utf8))).isEmpty)
        // After a row that ends in a line feed alone as well.
        #expect(try Self.all(TillRows(bytes: Array("a\n\r".utf8))).map(\.fields) == [["a"]])
    }

    @Test func bytesThatAreNoUTF8AreRefusedWithTheirLineAndField() {
        #expect(throws: TillRowError(line: 2, field: 1, problem: .notUTF8)) {
            try Self.all(TillRows(bytes: Array("a,b\n".utf8) + [0x63, 0xFF, 0x0A]))
        }
        // The field of the first bad byte, commas in quotes not counted.
        #expect(throws: TillRowError(line: 2, field: 3, problem: .notUTF8)) {
            try Self.all(TillRows(bytes: Array("a,b,c\n\"x,y\",바나나,".utf8) + [0xB9, 0xD9, 0x0A]))
        }
    }

    /// A file that starts with a byte-order mark, read in blocks smaller
    /// than its first row: a problem in that row is placed after the mark.
    /// (The row's start stayed before the mark, and the next block's shift
    /// took it below the buffer: the place crashed the import.)
    @Test func aProblemInTheFirstRowAfterAByteOrderMarkIsPlacedInIt() throws {
        try TemporaryFolder.with(prefix: "juice-till-tests") { folder in
            let path = folder.appendingPathComponent("export.csv").path
            try Data([0xEF, 0xBB, 0xBF] + Array("ab,\"cd".utf8)).write(to: URL(fileURLWithPath: path))
            let rows = try TillRows(path: path, blockSize: 2)
            #expect(throws: TillRowError(line: 1, field: 2, problem: .unclosedQuote)) { try Self.all(rows) }
            #expect(rows.place(ofField: 2) == (lines: 0, column: 4))
        }
    }

    /// A line longer than the limit is refused when the limit is passed,
    /// before it is held whole: a file of one 100 MB line stops at 1 MiB.
    @Test func aRowPastTheLimitIsRefusedBeforeItIsHeld() throws {
        #expect(throws: TillRowError(line: 2, field: 1, problem: .rowTooLong(limit: 16))) {
            try Self.rows(
                of: Array("a\n\"\(String(repeating: "x", count: 40))\"\n".utf8), blockSize: 4, rowLimit: 16)
        }
        try TemporaryFolder.with(prefix: "juice-till-tests") { folder in
            let path = folder.appendingPathComponent("huge.csv").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<100 { handle.write(block) }
            try handle.close()
            #expect(throws: TillRowError(line: 1, field: 1, problem: .rowTooLong(limit: TillRows.rowLimit))) {
                try Self.all(TillRows(path: path))
            }
        }
    }

    @Test func aFileThatCannotBeOpenedSaysTheSystemsReason() {
        #expect(throws: TillRowError(line: 0, field: 0, problem: .unreadable(errno: ENOENT))) {
            try TillRows(path: "/nonexistent/export.csv")
        }
    }

    /// The CSV library reads a run of rows with one reader: every row,
    /// refusal, line and place of a field is as when it reads each row
    /// alone, for seeded random bytes of the characters that matter (bare
    /// carriage returns, blank lines, quotes where they are refused, bytes
    /// that are no UTF-8), in memory and from a file read a few bytes at a
    /// time. Told after the first row to read only some fields (as an
    /// import is, after the header), it hands out what reading every field
    /// and taking those would.
    @Test func readingRowsTogetherReadsWhatReadingEachAloneReads() throws {
        /// The rows read up to the end or the refusal, the refusal, and
        /// where the last row begun has its fields; after the first `after`
        /// rows, only the fields `told` (by ``TillRows/readOnly(fields:)``),
        /// or those `taken` of every field read.
        func read(_ rows: TillRows, after: Int = 0, told: [Int]? = nil, taken: [Int]? = nil)
            -> (rows: [String], problem: TillRowError?, places: [String])
        {
            var read: [String] = []
            var places: [String] = []
            do {
                if after == 0 { rows.readOnly(fields: told) }
                while var row = try rows.next() {
                    if read.count >= after, let taken {
                        row.fields = taken.filter { $0 < row.fields.count }.map { row.fields[$0] }
                    }
                    read.append("\(row.line): \(row.fields)")
                    places.append("\((1...4).map { rows.place(ofField: $0) })")
                    if read.count == after { rows.readOnly(fields: told) }
                }
                return (read, nil, places)
            } catch {
                return (read, error, places + ["\((1...4).map { rows.place(ofField: $0) })"])
            }
        }
        var random = SplitMix64(seed: 20_261_130)
        // Apart, so that the bytes are those of every round before.
        var choosing = SplitMix64(seed: 20_261_201)
        let pieces: [[UInt8]] =
            [
                "a", "bc", "딸기", ",", ",", "\"", "\"\"", "\n", "\r\n", "\r", " ", "\t", "\"x,\ny\"", "\"a\"\r,b",
                "\u{FEFF}",
            ]
            .map { Array($0.utf8) } + [[0xFF]]
        // Rounds of two rows or more read without a problem: where rows
        // may have been read together, not all alone.
        var several = 0
        for round in 0..<800 {
            let bytes = (0..<Int(random.next() % 60)).flatMap { _ in
                // Bytes that are no UTF-8 in one round of ten.
                pieces[Int(random.next() % UInt64(pieces.count - (round % 10 == 0 ? 0 : 1)))]
            }
            let alone = read(TillRows(bytes: bytes, rowsPerReader: 1))
            if alone.problem == nil, alone.rows.count >= 2 { several += 1 }
            #expect(read(TillRows(bytes: bytes)) == alone, "round \(round): \(bytes)")
            #expect(read(TillRows(bytes: bytes, rowsPerReader: 3)) == alone, "round \(round): \(bytes)")
            // Some of the first four fields, in order (none, at times); in
            // one round of four, to keep the test short.
            let some = (0..<4).filter { _ in choosing.next() % 2 == 0 }
            let choosesSome = round % 4 == 0
            // Told before the first row (the runs cut ahead are read so), or
            // after it (they are cut already: the fields are taken after).
            let taken = choosesSome ? read(TillRows(bytes: bytes, rowsPerReader: 1), taken: some) : alone
            if choosesSome {
                #expect(read(TillRows(bytes: bytes), told: some) == taken, "round \(round): \(some) of \(bytes)")
                #expect(read(TillRows(bytes: bytes, rowsPerReader: 3), told: some) == taken, "round \(round)")
                let takenAfterOne = read(TillRows(bytes: bytes, rowsPerReader: 1), after: 1, taken: some)
                #expect(read(TillRows(bytes: bytes), after: 1, told: some) == takenAfterOne, "round \(round)")
            }
            try TemporaryFolder.with(prefix: "juice-till-tests") { folder in
                let path = folder.appendingPathComponent("export.csv").path
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                // A refused row's places are read from what was read of it:
                // compared with a file read alike.
                let blockSize = 1 + Int(random.next() % 9)
                let fromFile = read(try TillRows(path: path, blockSize: blockSize))
                let aloneFromFile = read(try TillRows(path: path, blockSize: blockSize, rowsPerReader: 1))
                #expect(fromFile == aloneFromFile, "round \(round): \(bytes)")
                // Runs of three: a run read ahead while the one before it
                // is handed out, across the file's blocks.
                let threesFromFile = read(try TillRows(path: path, blockSize: blockSize, rowsPerReader: 3))
                #expect(threesFromFile == aloneFromFile, "round \(round): \(bytes)")
                if choosesSome {
                    let someFromFile = read(
                        try TillRows(path: path, blockSize: blockSize, rowsPerReader: 3), told: some)
                    #expect(someFromFile.rows == taken.rows && someFromFile.problem == taken.problem, "round \(round)")
                }
                #expect(fromFile.rows == alone.rows && fromFile.problem == alone.problem, "round \(round): \(bytes)")
            }
        }
        #expect(several >= 10, "\(several) rounds of several rows")
    }

    /// Seeded random exports, written by the test's own quoting, read by
    /// Python's `csv` module (C) and by ``TillRows``: the same rows.
    @Test(.enabled(if: SystemCommand.path(of: "python3") != nil, "needs python3 as the oracle"))
    func randomExportsReadAsPythonsCSVModuleReadsThem() async throws {
        var random = SplitMix64(seed: 20_261_129)
        let pieces = ["a", "b", "Banana", "딸기", ",", "\"", "\n", "\r\n", " ", "x y", "", "1.0", "🍓"]
        for round in 0..<20 {
            var rows: [[String]] = []
            for _ in 0..<(1 + Int(random.next() % 40)) {
                let width = 1 + Int(random.next() % 5)
                rows.append(
                    (0..<width).map { _ in
                        (0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                            .joined()
                    })
            }
            // A row of one empty field is a blank line, which both skip.
            rows.removeAll { $0 == [""] }
            let text = rows.map { row in
                row.map { field in
                    field.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) })
                        ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
                }.joined(separator: ",")
            }.joined(separator: round % 2 == 0 ? "\n" : "\r\n")
            let python = try await TemporaryFolder.with(prefix: "juice-till-tests") { folder in
                let path = folder.appendingPathComponent("export.csv").path
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
                let script = """
                    import csv, json, sys
                    with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
                        print(json.dumps([row for row in csv.reader(f) if row], ensure_ascii=False))
                    """
                let result = try await RunningProcess.run(
                    executable: URL(fileURLWithPath: SystemCommand.path(of: "python3")!),
                    arguments: ["-c", script, path], directory: folder, environment: [:], timeout: 60
                )
                return try JSONDecoder().decode([[String]].self, from: Data(result.stdout.utf8))
            }
            let read = try Self.rows(of: Array(text.utf8), blockSize: 1 + Int(random.next() % 50)).map(\.fields)
            #expect(read == python, "round \(round): \(text.debugDescription)")
            #expect(python == rows, "round \(round): the oracle disagrees with the rows written")
        }
    }
}
