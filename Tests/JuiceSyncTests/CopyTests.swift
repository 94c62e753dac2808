import Foundation
import SeededRandom
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `juice-sync push` against a real PostgreSQL: the database's copy is the
/// journal, entry for entry and count for count, however the runs interleave
/// with changes, with each other, or end.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct CopyTests {
    @Test func changesAndSyncsInterleavedLeaveExactCopies() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                var random = SplitMix64(seed: 26)
                var shipped = ["north": 0, "south": 0]
                for _ in 0..<5 {
                    try await chain.change(times: 2 + Int(random.next() % 4), &random)
                    let result = try await chain.sync(push)
                    #expect(result.exitCode == 0, "\(result.stderr)")
                    var lines: [String] = []
                    for store in ChainFixture.stores {
                        let expected = try chain.expected(store)
                        #expect(try await database.entries(of: store) == expected)
                        lines.append(
                            expected.count == shipped[store]
                                ? "\(store): up to date at entry \(expected.count)"
                                : "\(store): shipped entries \(shipped[store]! + 1) to \(expected.count)")
                        shipped[store] = expected.count
                        #expect(
                            try await database.value(
                                "SELECT last_entry::text FROM juice_stores WHERE store = '\(store)'")
                                == "\(expected.count)")
                    }
                    #expect(result.stdoutLines == lines)
                }
                #expect(try await database.value("SELECT max(version)::text FROM juice_schema_version") == "2")
            }
        }
    }

    @Test func twoSyncersOfOneStoreShipEachEntryOnce() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try chain.makeBacklog("north", count: 1500)
                let push = ["push", "--to", database.text, "--store", "north", "--stores", ChainFixture.manifest]
                let first = try chain.launch("juice-sync", push)
                let second = try chain.launch("juice-sync", push)
                let results = [await first.result(), await second.result()]
                for result in results { #expect(result.exitCode == 0, "\(result.stderr)") }
                // Between them, every entry shipped once: one says it shipped
                // them all or the two split the batches, in order.
                let shipped = results.flatMap(\.stdoutLines).sorted()
                #expect(
                    shipped == ["north: shipped entries 1 to 1500", "north: up to date at entry 1500"]
                        || shipped.allSatisfy { $0.hasPrefix("north: shipped entries ") })
                #expect(try await database.entries(of: "north") == chain.expected("north"))
            }
        }
    }

    @Test func aSyncerKilledAtRandomMomentsStillLeavesAnExactCopy() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try chain.makeBacklog("north", count: 3000)
                try chain.makeBacklog("south", count: 200)
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                var random = SplitMix64(seed: 2026)
                var killedMidway = 0
                for _ in 0..<8 {
                    let running = try chain.launch("juice-sync", push)
                    try await Task.sleep(for: .milliseconds(20 + Int(random.next() % 600)))
                    kill(running.processIdentifier, SIGKILL)
                    let result = await running.result()
                    if !result.exitedNormally { killedMidway += 1 }
                    // Whatever it had shipped is a prefix of the journal, each entry once.
                    let held = try await database.entries(of: "north")
                    #expect(held == Array(try chain.expected("north").prefix(held.count)))
                }
                #expect(killedMidway > 0, "no kill came before the run ended: the test proved nothing")
                let result = try await chain.sync(push)
                #expect(result.exitCode == 0, "\(result.stderr)")
                for store in ChainFixture.stores {
                    #expect(try await database.entries(of: store) == chain.expected(store))
                }
            }
        }
    }
}
