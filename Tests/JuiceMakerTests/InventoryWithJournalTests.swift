import Foundation
import TestSupport
import Testing

@testable import JuiceMaker

/// A store's inventory text and journal read together, as `juice-sync`
/// ships them: of one moment, however changes commit meanwhile.
@Suite struct InventoryWithJournalTests {
    @Test func theTextAndTheEntriesAgreeWhileChangesCommitBetweenTheReads() async throws {
        try await TemporaryFolder.with { folder in
            let path = folder.appendingPathComponent("inventory.yaml").path
            let store = try StoreService().open(StoreAddress(menuPath: nil, inventoryPath: path), forChange: true)
            let changes = 300
            let writer = Task.detached {
                for _ in 0..<changes {
                    _ = try store.adjust([StockChange(fruit: "kiwi", .add(1))], reason: .delivery)
                }
            }
            var reads = 0
            var moved = Set<Int>()
            while reads < 5 || moved.count < 3 {
                let read = try store.readInventoryWithJournal()
                reads += 1
                let last = read.entries.last?.id ?? 0
                moved.insert(last)
                #expect(read.entries.map(\.id) == Array(0..<last).map { $0 + 1 })
                if let text = read.text {
                    // The marker names the last entry read, and the stock
                    // is the initial 10 kiwis and one for each entry.
                    #expect(text.contains("# journal: entry \(last), check "), "\(text)")
                    #expect(text.contains("kiwi: \(10 + last)\n"), "\(text)")
                } else {
                    #expect(last == 0)
                }
                if moved.contains(changes) { break }
            }
            try await writer.value
            let read = try store.readInventoryWithJournal()
            #expect(read.entries.count == changes)
            #expect(read.diagnostics.isEmpty)
        }
    }

    @Test func aStoreWithoutAnInventoryFileHasNoTextAndNoEntries() throws {
        try TemporaryFolder.withPath { folder in
            let store = try StoreService().open(StoreAddress(menuPath: nil, inventoryPath: folder + "/none.yaml"))
            let read = try store.readInventoryWithJournal()
            #expect(read.text == nil)
            #expect(read.entries.isEmpty)
        }
    }

    @Test func aCopysJournalIsWrittenWholeOrLeftAsItWas() throws {
        try TemporaryFolder.withPath { folder in
            let path = folder + "/north.yaml.journal"
            let line =
                #"{"id":1,"time":"2026-11-22T09:30:00Z","kind":"adjust","reason":"delivery","changes":{"kiwi":1}}"#
            let second = line.replacingOccurrences(of: "\"id\":1", with: "\"id\":2")
            let fresh = try JournalCopy(path: path, appending: false)
            try fresh.append(line)
            #expect(!FileManager.default.fileExists(atPath: path), "written in place before its commit")
            try fresh.commit()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == line + "\n")
            let appended = try JournalCopy(path: path, appending: true)
            try appended.append(second)
            try appended.commit()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == line + "\n" + second + "\n")
            let abandoned = try JournalCopy(path: path, appending: true)
            try abandoned.append(second)
            abandoned.abandon()
            let replaced = try JournalCopy(path: path, appending: false)
            try replaced.append(second)
            replaced.abandon()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == line + "\n" + second + "\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["north.yaml.journal"])
        }
    }
}
