import Foundation
import JuiceMaker
import Testing

/// A list past its first elements kept in a file of its own: the same
/// elements in the same order, a value, and in memory when no file can be
/// made.
@Suite struct SpooledListTests {
    private static func ticket(_ index: Int, name: String = "Mango \"Fresh\" 딸기\n") -> SalesImport.HeldBack {
        SalesImport.HeldBack(
            key: IdempotencyKey(ticket: "square:T\(index)")!, unknown: Array(repeating: name, count: index % 3 + 1))
    }

    @Test func itsElementsComeBackInOrderFromMemoryAndTheFile() {
        var list = SpooledList<SalesImport.HeldBack>(keepingInMemory: 10)
        var expected: [SalesImport.HeldBack] = []
        // Records across many of the file's 64 KiB blocks.
        for index in 0..<20_000 {
            let ticket = Self.ticket(index)
            list.append(ticket)
            expected.append(ticket)
        }
        #expect(list.isSpooled)
        #expect(list.count == 20_000)
        #expect(Array(list) == expected)
        // Read twice: a reading leaves the list as it was.
        #expect(Array(list) == expected)
        var inMemory = SpooledList<SalesImport.HeldBack>(keepingInMemory: .max)
        for ticket in expected { inMemory.append(ticket) }
        #expect(!inMemory.isSpooled)
        #expect(list == inMemory && list.hashValue == inMemory.hashValue)
    }

    @Test func aRecordLongerThanABlockComesBackWhole() {
        var list = SpooledList<SalesImport.HeldBack>(keepingInMemory: 0)
        let long = Self.ticket(1, name: String(repeating: "바나나", count: 40_000))
        for ticket in [Self.ticket(0), long, Self.ticket(2)] { list.append(ticket) }
        #expect(Array(list) == [Self.ticket(0), long, Self.ticket(2)])
    }

    @Test func everyKindOfTheImportsListsComesBack() {
        var short = SpooledList<SalesImport.Short>(keepingInMemory: 0)
        var refunds = SpooledList<SalesImport.Refund>(keepingInMemory: 0)
        let key = IdempotencyKey(ticket: "toast:1-2")!
        let shorts = [SalesImport.Short(key: key, short: ["kiwi": 3, "banana": Int.max]), .init(key: key, short: [:])]
        let refunded = [
            SalesImport.Refund(key: key, item: "", quantity: Int.min), .init(key: key, item: "Kiwi", quantity: -1),
        ]
        for ticket in shorts { short.append(ticket) }
        for refund in refunded { refunds.append(refund) }
        #expect(short.isSpooled && Array(short) == shorts)
        #expect(refunds.isSpooled && Array(refunds) == refunded)
    }

    @Test func aCopyThatGrowsLeavesTheOriginalAsItWas() {
        var list = SpooledList<SalesImport.HeldBack>(keepingInMemory: 2)
        for index in 0..<5 { list.append(Self.ticket(index)) }
        var copy = list
        copy.append(Self.ticket(5))
        list.append(Self.ticket(6))
        #expect(Array(list) == (0..<5).map { Self.ticket($0) } + [Self.ticket(6)])
        #expect(Array(copy) == (0..<6).map { Self.ticket($0) })
    }

    @Test func withoutAFolderToSpoolToEverythingStaysInMemory() {
        var list = SpooledList<SalesImport.HeldBack>(keepingInMemory: 2, in: "/nonexistent/juice")
        for index in 0..<100 { list.append(Self.ticket(index)) }
        #expect(!list.isSpooled)
        #expect(Array(list) == (0..<100).map { Self.ticket($0) })
    }

    @Test func theFileIsGoneFromItsFolderOnceMade() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var list = SpooledList<SalesImport.HeldBack>(keepingInMemory: 0, in: folder)
        for index in 0..<10_000 { list.append(Self.ticket(index)) }
        #expect(list.isSpooled)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        #expect(list.count == 10_000)
    }
}
