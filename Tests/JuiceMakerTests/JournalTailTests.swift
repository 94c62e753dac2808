import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// The journal read from its end backward: the log's pages, and undo,
/// whose work grows with the entries after what they look for.
@Suite struct JournalTailTests {
    private static func entry(_ id: Int, padding: Int = 0) -> String {
        let reason = padding > 0 ? ",\"x-note\":\"" + String(repeating: "n", count: padding) + "\"" : ""
        return #"{"id":\#(id),"time":"2026-11-22T09:30:00Z","kind":"adjust","reason":"delivery""# + reason
            + #","changes":{"kiwi":1}}"#
    }

    @Test(arguments: [0, 40_000, 70_000])
    func linesComeNewestFirstHoweverTheBlocksCutThem(padding: Int) throws {
        try TemporaryFolder.withPath { folder in
            let path = folder + "/j"
            let lines = (1...9).map { Self.entry($0, padding: $0 % 3 == 0 ? padding : 0) }
            // An empty line, and an unfinished last line a killed writer left.
            let text =
                lines[..<4].joined(separator: "\n") + "\n\n" + lines[4...].joined(separator: "\n") + "\n{\"id\":10,"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            var reader = try JournalTailReader(path: path)
            defer { reader.close() }
            var read: [(String, Bool)] = []
            while let line = try reader.previousLine() {
                read.append((String(decoding: line.bytes, as: UTF8.self), line.isFinished))
                let offset = text.utf8.index(text.utf8.startIndex, offsetBy: line.offset)
                #expect(text.utf8[offset...].starts(with: line.bytes))
            }
            #expect(read.map(\.0) == ["{\"id\":10,"] + lines.reversed())
            #expect(read.map(\.1) == [false] + Array(repeating: true, count: 9))
        }
    }

    @Test func pagesGoBackFromTheNewestByLimitAndBefore() throws {
        try TemporaryFolder.withPath { folder in
            let inventory = folder + "/i.yaml"
            try "# x\n# journal: entry 250, check 0\n".write(toFile: inventory, atomically: true, encoding: .utf8)
            // Entry 251 never took effect: the inventory includes 250.
            try ((1...251).map { Self.entry($0) + "\n" }.joined()).write(
                toFile: folder + "/j", atomically: true, encoding: .utf8)
            func ids(before: Int?, limit: Int) throws -> (ids: [Int], next: Int?, warnings: Int) {
                var page = try JournalPage(
                    path: folder + "/j", inventory: (inventory, "i.yaml"), before: before, limit: limit)
                var ids: [Int] = []
                while case let entries = try page.entries(upTo: 7), !entries.isEmpty {
                    ids += entries.map(\.id)
                }
                return (ids, page.next, page.diagnostics.count)
            }
            let first = try ids(before: nil, limit: 100)
            #expect(first.ids == Array((151...250).reversed()) && first.next == 151 && first.warnings == 1)
            let second = try ids(before: 151, limit: 100)
            #expect(second.ids == Array((51...150).reversed()) && second.next == 51)
            let last = try ids(before: 51, limit: 100)
            #expect(last.ids == Array((1...50).reversed()) && last.next == nil)
            #expect(try ids(before: 1, limit: 5).ids.isEmpty)
        }
    }

    @Test func undoReadsTheJournalBackNoFurtherThanItsTarget() throws {
        try TemporaryFolder.withPath { folder in
            try IdempotencyTests.menu.write(toFile: folder + "/menu.yaml", atomically: true, encoding: .utf8)
            let service = StoreService(lockTimeout: 1)
            let store = try service.open(
                service.address(menu: folder + "/menu.yaml", inventory: folder + "/i.yaml"), forChange: true)
            for _ in 1...3 { _ = try store.adjust(try store.stockChanges(parsing: ["kiwi=+1"]), reason: .delivery) }
            // A person broke the first line: only what reads that far sees it.
            let path = folder + "/i.yaml.journal"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let rest = text.split(separator: "\n").dropFirst().map { $0 + "\n" }.joined()
            try ("{\"id\":1,oops}\n" + rest).write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try store.undo().entries.last?.undoes == 3)
            #expect(try store.undo(entry: 2).entries.last?.undoes == 2)
            // Reading back to entry 1 meets the broken line: invalid data
            // there, never "no such entry".
            let broken = #expect(throws: StoreError.self) { try store.undo(entry: 1) }
            guard case .invalidData(let diagnostics) = broken else {
                Issue.record("\(String(describing: broken))")
                return
            }
            #expect(diagnostics.map(\.location.line) == [1])
            #expect(try store.readStock().inventory.counts == ["banana": 10, "kiwi": 4])
        }
    }
}
