import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// The journal's line format and its reader, in process: places of
/// problems, times, and what a killed writer leaves.
@Suite struct JournalReadingTests {
    private func read(_ text: String, committed: Int? = nil) -> (entries: [JournalEntry], problems: [String]) {
        var entries: [JournalEntry] = []
        let diagnostics = Journal(path: "j").read(contents: Array(text.utf8), committedThrough: committed) {
            entries.append($0)
        }
        return (
            entries, diagnostics.map { "\($0.location.line):\($0.location.column) \($0.code.rawValue) \($0.message)" }
        )
    }

    private let make =
        #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"make","orders":{"banana":2},"changes":{"banana":-4}}"#

    @Test func anEntryIsWrittenInTheOrderOfTheSpecAndReadsBackTheSame() {
        let entry = JournalEntry(
            id: 7, time: JournalTime(seconds: 1_795_339_800), kind: .adjust, changes: ["kiwi": -1, "banana": 3],
            reason: .waste)
        #expect(
            entry.line
                == #"{"id":7,"time":"2026-11-22T09:30:00Z","kind":"adjust","reason":"waste","changes":{"banana":3,"kiwi":-1}}"#
        )
        var first = entry
        first.id = 1
        #expect(read(first.line + "\n").entries == [first])
        #expect(read(make + "\n").entries.first?.orders == ["banana": 2])
    }

    /// A count keeps every number stated, after `key` and before
    /// `changes`, and reads back the same.
    @Test func aCountKeepsItsCountedNumbersBeforeItsChanges() {
        let entry = JournalEntry(
            id: 1, time: JournalTime(seconds: 1_795_339_800), kind: .adjust, changes: ["banana": -3],
            reason: .count, key: IdempotencyKey("tap-1"), counted: ["kiwi": 10, "banana": 7])
        #expect(
            entry.line
                == #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"adjust","reason":"count","key":"tap-1","counted":{"banana":7,"kiwi":10},"changes":{"banana":-3}}"#
        )
        #expect(read(entry.line + "\n").entries == [entry])
        #expect(entry.countedFruits(stockAfter: { _ in 0 }) == ["banana": 7, "kiwi": 10])
        // A count written before `counted` existed stated the fruits it changed.
        var old = entry
        old.counted = nil
        #expect(old.countedFruits(stockAfter: { $0 == "banana" ? 7 : 99 }) == ["banana": 7])
    }

    @Test(arguments: [
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"adjust","reason":"count","counted":{"kiwi":-1},"changes":{}}"#,
            "1:90 invalid-quantity 'counted.kiwi' must be a whole number from 0 to 1000000000"
        ),
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"adjust","reason":"count","counted":[],"changes":{}}"#,
            "1:82 type-mismatch 'counted' must be an object from id to count, not an array"
        ),
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"make","orders":{},"changes":{}} x"#,
            "1:79 syntax not JSON: more after the entry"
        ),
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"brew","changes":{}}"#,
            "1:46 type-mismatch 'kind' must be one of make, adjust, undo, edit, order"
        ),
        (
            #"{"id":0,"time":"2026-11-22T09:30:00Z","kind":"edit","changes":{}}"#,
            "1:7 invalid-quantity 'id' must be a whole number from 1 to 9223372036854775807"
        ),
        (
            #"{"id":1,"time":"yesterday","kind":"edit","changes":{}}"#,
            "1:16 type-mismatch 'time' must be an RFC 3339 time, such as 2026-11-22T09:30:00Z"
        ),
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"adjust","changes":{}}"#,
            "1:1 missing-key the entry has no 'reason'"
        ),
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"edit","chnages":{}}"#,
            "1:53 unknown-key unknown key 'chnages' in a journal entry (did you mean 'changes'?)"
        ),
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"edit","changes":{"kiwi":1.5}}"#,
            "1:71 invalid-quantity 'changes.kiwi' must be a whole number from -1000000000 to 1000000000"
        ),
        (
            #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"edit","changes":{"키위":1}}"#,
            "1:64 invalid-id invalid 'changes' id '키위': an id is an ASCII letter followed by ASCII letters, digits, '_' or '-', and does not start with 'x-'"
        ),
        (#"{"id":1,"id":1}"#, "1:9 duplicate-key duplicate key 'id'"),
        (#"["id",1]"#, "1:1 type-mismatch a journal entry must be an object, not an array"),
        (#"{"id":1,"time":"\q"}"#, "1:18 syntax not JSON: an invalid escape in a string"),
        (#"{"id":01}"#, "1:8 syntax not JSON: unexpected character"),
    ])
    func aBadLineIsPlacedAtItsColumn(line: String, problem: String) {
        #expect(read(line + "\n").problems == [problem])
    }

    @Test func columnsCountUnicodeScalarsAndNestingIsBounded() {
        let korean = #"{"x-메모":"딸기","id":1,"time":"2026-11-22T09:30:00Z","kind":"edit","changes":{"kiwi":"1"}}"#
        #expect(
            read(korean + "\n").problems == [
                "1:83 invalid-quantity 'changes.kiwi' must be a whole number from -1000000000 to 1000000000"
            ])
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(read(deep + "\n").problems == ["1:33 syntax not JSON a journal takes: nested too deep"])
    }

    @Test func idsMustFollowEachOtherButALostLineIsForgiven() {
        let second = make.replacing(#""id":1"#, with: #""id":2"#)
        let third = make.replacing(#""id":1"#, with: #""id":3"#)
        #expect(
            read([make, third].joined(separator: "\n") + "\n").problems == [
                "2:7 invalid-id entry 3 is out of order: the next entry must be 2"
            ])
        let (entries, problems) = read([make, "junk", third].joined(separator: "\n") + "\n")
        #expect(entries.map(\.id) == [1, 3])
        #expect(problems == ["2:1 syntax not JSON: unexpected character"])
        #expect(
            read([make, second].joined(separator: "\n") + "\n", committed: 1).problems == [
                "2:1 syntax entry 2 and those after it never took effect (a write was cut short): they are skipped, and the next change removes them"
            ])
        #expect(
            read(make + "\n" + #"{"id":2,"ti"#).problems == [
                "2:1 syntax an unfinished last line (a write was cut short): it is skipped, and the next change removes it"
            ])
    }

    @Test func anEntryCommittedWhileTheJournalIsReadStillCounts() throws {
        try TemporaryFolder.withPath { folder in
            let journal = Journal(path: folder + "/inventory.yaml.journal")
            let second = make.replacing(#""id":1"#, with: #""id":2"#)
            try (make + "\n" + second + "\n").write(toFile: journal.path, atomically: false, encoding: .utf8)
            var ids: [Int] = []
            // The inventory said 1 when the read began, and 2 at its end.
            let committed = try journal.read(committedThrough: 1, recheck: { 2 }) { ids.append($0.id) }
            #expect(ids == [1, 2] && committed.isEmpty)
            ids = []
            let killed = try journal.read(committedThrough: 1, recheck: { 1 }) { ids.append($0.id) }
            #expect(ids == [1])
            #expect(killed.map(\.location.line) == [2] && killed.map(\.severity) == [.warning])
        }
    }

    /// An import appends thousands of entries before it commits: a read
    /// that meets more than the few it holds back names the first of them,
    /// and one during which they were committed is the book before them,
    /// never a part of them.
    @Test func manyEntriesPastTheCommittedOneAreSaidFromTheFirstOrTakenForNone() throws {
        try TemporaryFolder.withPath { folder in
            let journal = Journal(path: folder + "/inventory.yaml.journal")
            let lines = (1...9).map { make.replacing(#""id":1"#, with: "\"id\":\($0)") }
            try (lines.joined(separator: "\n") + "\n").write(toFile: journal.path, atomically: false, encoding: .utf8)
            var ids: [Int] = []
            let killed = try journal.read(committedThrough: 1, recheck: { 1 }) { ids.append($0.id) }
            #expect(ids == [1])
            #expect(killed.map(\.location.line) == [2] && killed.map(\.severity) == [.warning])
            #expect(killed.first?.message.description.hasPrefix("entry 2 and those after it") == true)
            ids = []
            let committedMeanwhile = try journal.read(committedThrough: 1, recheck: { 9 }) { ids.append($0.id) }
            #expect(ids == [1] && committedMeanwhile.isEmpty)
            ids = []
            let partly = try journal.read(committedThrough: 1, recheck: { 3 }) { ids.append($0.id) }
            #expect(ids == [1, 2, 3])
            #expect(partly.map(\.location.line) == [4])
        }
    }

    @Test func aLineLongerThanAMebibyteIsALimitErrorAndTheNextLineIsRead() {
        let long = String(repeating: " ", count: Journal.maximumLineBytes) + "x"
        let (entries, problems) = read(long + "\n" + make + "\n")
        #expect(problems == ["1:1 limit the line is longer than 1048576 bytes"])
        #expect(entries.map(\.id) == [1])
    }

    /// A file's lines come in chunks: however the bytes are cut, the lines,
    /// their numbers and an overlong line's cut are the same.
    @Test(arguments: [1, 2, 3, 7, 1 << 16])
    func linesAreTheSameHoweverTheBytesAreCut(piece: Int) {
        let long = String(repeating: "y", count: Journal.maximumLineBytes + 5)
        let text = Array("ab\n\ncd\n\(long)\nef".utf8)
        var lines = LineSplitter()
        var seen: [String] = []
        let take = { (line: Int, bytes: UnsafeBufferPointer<UInt8>, isFinished: Bool) in
            seen.append("\(line) \(bytes.count) \(String(decoding: bytes.prefix(2), as: UTF8.self)) \(isFinished)")
        }
        text.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + piece, buffer.count)
                lines.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]), take)
                start = end
            }
        }
        lines.finish(take)
        #expect(seen == ["1 2 ab true", "3 2 cd true", "4 \(Journal.maximumLineBytes + 1) yy true", "5 2 ef false"])
    }

    @Test func theStableHashIsFNV1a() {
        #expect(StableHash.of("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.of("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.hex(0xaf63_dc4c_8601_ec8c, digits: 8) == "8601ec8c")
        #expect(StableHash.hex(0xff) == "00000000000000ff")
    }

    @Test func aMillionBadLinesGiveAHundredDiagnosticsAndACount() {
        let (_, problems) = read(String(repeating: "x\n", count: 1_000))
        #expect(problems.count == Schema.maximumDiagnostics + 1)
        #expect(
            problems.last
                == "101:1 limit 900 more problems are not shown (900 of them errors), past the diagnostics limit of 100"
        )
    }

    /// A sale's line, every field an entry of an import writes, as the
    /// spec orders them (the line is written as bytes: the same bytes).
    @Test func aSalesLineHasEveryFieldInTheSpecsOrder() {
        let entry = JournalEntry(
            id: 123_456_789_012, time: JournalTime(seconds: 1_795_339_800), kind: .make,
            changes: ["kiwi": -1, "banana": -2], orders: ["kiwi": 1, "banana": 2],
            key: IdempotencyKey(ticket: "square:T\"1"), isSale: true, recorded: JournalTime(seconds: 1_795_910_405),
            short: ["kiwi": 1], usedBeforeCount: ["mango": 3],
            lots: [
                "kiwi": [JournalEntry.LotChange(bestBefore: nil, change: -1)],
                "banana": [JournalEntry.LotChange(bestBefore: CalendarDate(parsing: "2026-12-01"), change: -2)],
            ])
        #expect(
            entry.line
                == #"{"id":123456789012,"time":"2026-11-22T09:30:00Z","kind":"make","orders":{"banana":2,"kiwi":1},"reason":"sale","key":"square:T\"1","recorded":"2026-11-29T00:00:05Z","short":{"kiwi":1},"usedBeforeCount":{"mango":3},"changes":{"banana":-2,"kiwi":-1},"lots":{"banana":[{"bestBefore":"2026-12-01","change":-2}],"kiwi":[{"bestBefore":null,"change":-1}]}}"#
        )
        // A journal starts at 1.
        var first = entry
        first.id = 1
        #expect(read(first.line + "\n").entries == [first])
    }

    /// The other fields an entry may have, each where SPEC 9 puts it: a
    /// placed order's lines (a supplier and a cost that may be none), a
    /// delivery of an order file, an undo and a count.
    @Test func orderUndoAndCountLinesHaveTheirFieldsInTheSpecsOrder() {
        let placed = JournalEntry(
            id: 7, time: JournalTime(seconds: 1_795_339_800), kind: .order, changes: [:],
            lines: [
                .init(supplier: "farm", fruit: "kiwi", units: 24, packs: 2, cost: -1),
                .init(supplier: nil, fruit: "lime", units: 5, packs: 5, cost: nil),
            ])
        #expect(
            placed.line
                == #"{"id":7,"time":"2026-11-22T09:30:00Z","kind":"order","changes":{},"lines":[{"supplier":"farm","fruit":"kiwi","units":24,"packs":2,"cost":-1},{"supplier":null,"fruit":"lime","units":5,"packs":5,"cost":null}]}"#
        )
        let delivered = JournalEntry(
            id: 8, time: JournalTime(seconds: 0), kind: .adjust, changes: ["kiwi": 24], reason: .delivery,
            orderHash: "a\"b")
        #expect(
            delivered.line
                == #"{"id":8,"time":"1970-01-01T00:00:00Z","kind":"adjust","reason":"delivery","orderHash":"a\"b","changes":{"kiwi":24}}"#
        )
        let undone = JournalEntry(
            id: 9, time: JournalTime(seconds: 59), kind: .undo, changes: ["kiwi": -24], undoes: 8,
            key: IdempotencyKey("k1"))
        #expect(
            undone.line
                == #"{"id":9,"time":"1970-01-01T00:00:59Z","kind":"undo","undoes":8,"key":"k1","changes":{"kiwi":-24}}"#
        )
        let counted = JournalEntry(
            id: 10, time: JournalTime(seconds: 0), kind: .adjust, changes: ["kiwi": -2], reason: .count,
            counted: ["kiwi": 3, "banana": 0])
        #expect(
            counted.line
                == #"{"id":10,"time":"1970-01-01T00:00:00Z","kind":"adjust","reason":"count","counted":{"banana":0,"kiwi":3},"changes":{"kiwi":-2}}"#
        )
        // A count alone is a journal (the others name entries before them).
        var first = counted
        first.id = 1
        #expect(read(first.line + "\n").entries == [first])
    }

    @Test func timesAreRFC3339InUTCOrLocalDates() {
        #expect(JournalTime(seconds: 0).description == "1970-01-01T00:00:00Z")
        // Years of fewer than four digits are padded, of more are not.
        #expect(JournalTime(seconds: -62_135_596_800).description == "0001-01-01T00:00:00Z")
        #expect(JournalTime(seconds: 253_402_300_800).description == "10000-01-01T00:00:00Z")
        #expect(JournalTime(parsing: "2026-11-22T09:30:00Z")?.seconds == 1_795_339_800)
        #expect(JournalTime(parsing: "2026-11-22T18:30:00+09:00")?.seconds == 1_795_339_800)
        #expect(JournalTime(parsing: "2026-11-22t09:30:00.999z")?.seconds == 1_795_339_800)
        for bad in [
            "2026-11-22T09:30:00", "2026-13-01", "2026-11-22T25:00:00Z", "2026-11-22 09:30:00Z", "", "2026-02-30",
        ] {
            #expect(JournalTime(parsing: bad) == nil, "\(bad)")
        }
    }
}
