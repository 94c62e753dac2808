import Foundation
import JuiceMaker
import TestSupport
import Testing

/// What the fuzzer found (Fuzz/README.md), each kept as a regression test.
@Suite struct FuzzRegressionTests {
    /// The store target's first finding (issue 32): a change extended a
    /// journal whose line before the last is not an entry, and the log
    /// could then not be read back past the new entry. The change is
    /// refused with that line's diagnostic; nothing is written.
    @Test func aChangeIsRefusedWhenTheLineBeforeTheLastIsNoEntry() throws {
        try TemporaryFolder.withPath { folder in
            let inventory = folder + "/inventory.yaml"
            let service = StoreService(lockTimeout: 1)
            let store = try service.open(StoreAddress(menuPath: nil, inventoryPath: inventory), forChange: true)
            for _ in 1...3 { _ = try store.adjust([StockChange(fruit: "kiwi", .add(1))], reason: .delivery) }
            // The marker names entry 3 and matches the stock: only the
            // journal's end is read.
            var lines = try String(contentsOfFile: inventory + ".journal", encoding: .utf8).split(separator: "\n")
            lines[1] = #"{"id":2,*time":"2r"#
            let journal = lines.joined(separator: "\n") + "\n"
            try journal.write(toFile: inventory + ".journal", atomically: true, encoding: .utf8)
            do throws(StoreError) {
                _ = try store.adjust([StockChange(fruit: "banana", .add(1))], reason: .delivery)
                Issue.record("the change was made")
            } catch .invalidData(let diagnostics) {
                #expect(
                    diagnostics.map(\.description) == [
                        "\(inventory).journal:2:9: error: not JSON: unexpected character [syntax]"
                    ])
            } catch {
                Issue.record("\(error)")
            }
            #expect(try String(contentsOfFile: inventory + ".journal", encoding: .utf8) == journal)
        }
    }
}
