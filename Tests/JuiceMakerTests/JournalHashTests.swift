import Testing

@testable import JuiceMaker

/// An entry's own hash and its history's, as the head office's copy keys
/// them: FNV-1a (64 bits), worked out here byte by byte.
@Suite struct JournalHashTests {
    /// FNV-1a, 64 bits, as 16 hex digits.
    private func fnv(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private let entry = JournalEntry(
        id: 3, time: JournalTime(seconds: 1_795_339_800), kind: .make, changes: ["banana": -4],
        orders: ["banana": 2])

    @Test func anEntrysHashIsItsLinesFNV() {
        // The published test vectors of FNV-1a 64.
        #expect(fnv("") == "cbf29ce484222325")
        #expect(fnv("a") == "af63dc4c8601ec8c")
        #expect(entry.hash == fnv(entry.line))
        var other = entry
        other.orders = ["banana": 3]
        #expect(other.hash != entry.hash)
    }

    @Test func aHistorysHashChainsEveryEntrysHash() {
        let first = entry.historyHash(after: "")
        #expect(first == fnv(entry.hash))
        var next = entry
        next.id = 4
        #expect(next.historyHash(after: first) == fnv(first + next.hash))
        #expect(next.historyHash(after: first) != next.historyHash(after: fnv("another history")))
    }
}
