import Foundation
import SeededRandom
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `juice import` books each ticket exactly once under faults: killed
/// with SIGKILL at random moments and run again, and two imports of
/// overlapping exports at once. The journal never holds a ticket's key
/// twice, never misses a ticket, and the stock is the test's own replay.
@Suite(.serialized) struct ImportFaultTests {
    /// `count` random sales from `first` on: the map's items and sizes,
    /// modifiers, Korean names, two zones, and now and then a name the map
    /// does not know (the ticket is held back).
    static func sales(_ count: Int, from first: Int = 0, seed: UInt64) -> [TillSale] {
        var random = SplitMix64(seed: seed)
        let items: [(String, String?)] = [
            ("Banana Juice", nil), ("Kiwi Banana", "Large"), ("Kiwi Banana", "Regular"), ("딸기 주스", nil),
            ("Mango Kiwi, \"Fresh\"", nil), ("Americano", nil), ("Mango Lassi", nil),
        ]
        let modifiers = ["Extra Banana", "Strawberry Shot", "Kiwi & Mango", "No Ice", "Oat Milk"]
        return (first..<first + count).map { n in
            let lines = (0..<Int.random(in: 1...3, using: &random)).map { _ -> TillSale.Line in
                // The unknown names are rare: most tickets are booked.
                let item = items[
                    Int.random(in: 0..<(Int.random(in: 0..<20, using: &random) == 0 ? 7 : 6), using: &random)]
                let modifier = Int.random(in: 0..<(Int.random(in: 0..<20, using: &random) == 0 ? 5 : 4), using: &random)
                return TillSale.Line(
                    item: item.0, size: item.1, quantity: Int.random(in: 1...3, using: &random),
                    modifiers: Bool.random(using: &random) ? [(modifiers[modifier], 1)] : [],
                    note: n % 50 == 0 ? "note \(n),\n\"two\" lines" : "")
            }
            return TillSale(
                id: "K\(n)", utc: ImportCommandTests.at(n), zone: n % 2 == 0 ? .seoul : .pacific, lines: lines)
        }
    }

    /// The shop's stock made large enough that no sale is short: then the
    /// stock after any order of the same tickets is the same.
    static let plenty = 10_000_000

    static func stockUp(_ shop: ImportCommandTests.Shop, _ replay: inout TillReplay) async throws {
        let result = try await shop.sandbox.juice(
            arguments: ["adjust"] + TillShop.fruits.map { "\($0.id)=\(plenty)" })
        #expect(result.exitCode == 0)
        for fruit in TillShop.fruits { replay.stock[fruit.id] = plenty }
        replay.journal = try shop.journal()
    }

    /// The keys of the journal's lines, each once.
    static func keys(_ journal: [String]) -> [String] {
        journal.compactMap { $0.firstMatch(of: #/"key":"([^"]+)"/#).map { String($0.1) } }
    }

    @Test func anImportKilledAtRandomMomentsAndRunAgainBooksEachTicketOnce() async throws {
        try await ImportCommandTests.withShop { shop in
            var replay = TillReplay()
            try await Self.stockUp(shop, &replay)
            var random = SplitMix64(seed: 2026_11_29_17)
            let all = Self.sales(6_000, seed: 17)
            // How long a whole import of a window takes here, for the kills'
            // moments: a dry run of the first one.
            try shop.sandbox.write("probe.csv", TillSampleFile.square(Array(all[0..<1_600])))
            let started = Date()
            _ = try await shop.sandbox.juice("import", "probe.csv", "--dry-run", "--from", "square")
            var whole = Date().timeIntervalSince(started)
            var killedMidway = 0
            for round in 0..<12 {
                // Windows of 1,600 tickets, each half the last one's.
                let window = Array(all[round * 400..<min(all.count, round * 400 + 1_600)])
                try shop.sandbox.write(
                    "export.csv", TillSampleFile.square(window, .init(byteOrderMark: round % 2 == 0)))
                let before = try shop.journal()
                let importer = try JuiceProcess.launch(
                    ["import", "export.csv", "--from", "square"], in: shop.sandbox.url)
                // Every other kill within the first half of a whole import's
                // time, so that some always land before its commit however
                // the machine's load shifts the times measured.
                let reach = whole * (round % 2 == 0 ? 0.5 : 1.3)
                // A task's sleep, not usleep: a blocked thread of the tests'
                // pool (two on two cores) holds every other test up.
                try await Task.sleep(for: .seconds(Double.random(in: 0...reach, using: &random)))
                kill(importer.processIdentifier, SIGKILL)
                let killed = await importer.result()
                // All of the call or nothing: the committed journal is the one
                // before, or the one after the replay of the window.
                var after = replay
                after.importing(window, prefix: "square")
                let found = try await Self.committedJournal(shop)
                #expect(found == before || found == after.journal, "round \(round): a part of the call was booked")
                if !killed.exitedNormally && found == before { killedMidway += 1 }
                // Run again to the end: each ticket once, the stock the replay's.
                let started = Date()
                let again = try await shop.sandbox.juice("import", "export.csv", "--from", "square", "--format", "json")
                whole = Date().timeIntervalSince(started)
                let summary = replay.importing(window, prefix: "square")
                #expect(again.exitCode == (summary.heldBack > 0 ? 65 : 0), "round \(round): \(again.stderr)")
                let journal = try shop.journal()
                #expect(journal == replay.journal, "round \(round)")
                #expect(Set(Self.keys(journal)).count == Self.keys(journal).count, "round \(round): a key twice")
                #expect(try shop.sandbox.stock() == replay.stock, "round \(round)")
            }
            #expect(killedMidway > 0, "no kill landed before the import's end")
            #expect(try await shop.sandbox.juice("validate", "--inventory", "inventory.yaml").exitCode == 0)
        }
    }

    @Test func aChainsImportKilledAtRandomMomentsLeavesEachStoreAllOrNothingAndRunAgainBooksEachTicketOnce()
        async throws
    {
        try await ImportChainTests.withChain { chain in
            let stores = ImportChainTests.stores
            var random = SplitMix64(seed: 2026_11_29_18)
            let all = Self.sales(3_000, seed: 18).map { sale in
                var sale = sale
                sale.location = ["Gangnam", "hongdae", "JAMSIL"][Int.random(in: 0..<3, using: &random)]
                return sale
            }
            var replays = Dictionary(uniqueKeysWithValues: stores.map { ($0, TillReplay()) })
            for store in stores {
                let stocked = try await chain.sandbox.juice(
                    arguments: ["adjust", "--stores", "recipes/stores.yaml", "--store", store]
                        + TillShop.fruits.map { "\($0.id)=\(Self.plenty)" })
                #expect(stocked.exitCode == 0)
                TillShop.fruits.forEach { replays[store]!.stock[$0.id] = Self.plenty }
                replays[store]!.journal = try chain.journal(of: store)
            }
            let arguments = ["import", "export.csv", "--stores", "recipes/stores.yaml", "--from", "square"]
            try chain.sandbox.write("probe.csv", TillSampleFile.square(Array(all[0..<1_200])))
            let started = Date()
            _ = try await chain.sandbox.juice(
                "import", "probe.csv", "--stores", "recipes/stores.yaml", "--from", "square", "--dry-run")
            var whole = Date().timeIntervalSince(started)
            var killedMidway = 0
            for round in 0..<6 {
                let window = Array(all[round * 300..<round * 300 + 1_200])
                try chain.sandbox.write("export.csv", TillSampleFile.square(window))
                let before = try stores.map { try chain.journal(of: $0) }
                let importer = try JuiceProcess.launch(arguments, in: chain.sandbox.url)
                try await Task.sleep(for: .seconds(Double.random(in: 0...(whole * 1.3), using: &random)))
                kill(importer.processIdentifier, SIGKILL)
                let killed = await importer.result()
                var committedNone = true
                for (index, store) in stores.enumerated() {
                    var after = replays[store]!
                    after.importing(ImportChainTests.sales(of: store, window), prefix: "square")
                    let found = try await Self.committedJournal(of: store, chain)
                    #expect(
                        found == before[index] || found == after.journal,
                        "round \(round), \(store): a part of the call was booked")
                    if found != before[index] { committedNone = false }
                }
                if !killed.exitedNormally && committedNone { killedMidway += 1 }
                let started = Date()
                let again = try await chain.sandbox.juice(arguments: arguments)
                whole = Date().timeIntervalSince(started)
                #expect(again.exitCode == 0 || again.exitCode == 65, "round \(round): \(again.stderr)")
                for store in stores {
                    replays[store]!.importing(ImportChainTests.sales(of: store, window), prefix: "square")
                    let journal = try chain.journal(of: store)
                    #expect(journal == replays[store]!.journal, "round \(round), \(store)")
                    #expect(Set(Self.keys(journal)).count == Self.keys(journal).count, "round \(round): a key twice")
                    #expect(
                        try chain.sandbox.stock("state/\(store).yaml") == replays[store]!.stock,
                        "round \(round), \(store)")
                }
            }
            #expect(killedMidway > 0, "no kill landed before the import's end")
        }
    }

    /// Store `store`'s journal as `juice log` reads it (see
    /// ``committedJournal(_:)``).
    static func committedJournal(of store: String, _ chain: ImportChainTests.Chain) async throws -> [String] {
        let log = try await chain.sandbox.juice(
            "log", "--stores", "recipes/stores.yaml", "--store", store, "--format", "json")
        let count = try log.json()["entries"]?.items.count ?? 0
        return Array(try chain.journal(of: store).prefix(count))
    }

    /// The journal as `juice log` reads it: the entries the inventory has
    /// committed (a killed writer's lines past them are not the book's), as
    /// lines comparable to ``ImportCommandTests/Shop/journal(sourceLocation:)``.
    static func committedJournal(_ shop: ImportCommandTests.Shop) async throws -> [String] {
        let log = try await shop.sandbox.juice("log", "--format", "json")
        let count = try log.json()["entries"]?.items.count ?? 0
        return Array(try shop.journal().prefix(count))
    }

    @Test func twoImportsOfOverlappingExportsAtOnceBookEachTicketOnce() async throws {
        try await ImportCommandTests.withShop { shop in
            var replay = TillReplay()
            try await Self.stockUp(shop, &replay)
            let start = replay.journal
            for round in 0..<4 {
                let all = Self.sales(1_800, from: round * 1_800, seed: UInt64(round))
                let first = Array(all[0..<1_200])
                let second = Array(all[600..<1_800])
                try shop.sandbox.write("a.csv", TillSampleFile.square(first))
                try shop.sandbox.write("b.csv", TillSampleFile.square(second, .init(crlf: true)))
                let environment = ["JUICE_LOCK_TIMEOUT": "300"]
                let a = try JuiceProcess.launch(
                    ["import", "a.csv", "--from", "square", "--format", "json"], in: shop.sandbox.url,
                    environment: environment)
                let b = try JuiceProcess.launch(
                    ["import", "b.csv", "--from", "square", "--format", "json"], in: shop.sandbox.url,
                    environment: environment)
                let (ra, rb) = (await a.result(), await b.result())
                var union = replay
                let expected = union.importing(all, prefix: "square")
                #expect(ra.exitCode == 0 || ra.exitCode == 65, "\(ra.stderr)")
                #expect(rb.exitCode == 0 || rb.exitCode == 65, "\(rb.stderr)")
                let booked = try [ra, rb].map { result -> Int in
                    guard case .number(let count)? = try result.json()["tickets"]?["booked"] else { return -1 }
                    return Int(count)
                }
                #expect(booked.reduce(0, +) == expected.booked, "round \(round): \(booked)")
                // Each ticket once; every bookable one there; each line the
                // replay's but for its id (the order is the processes').
                let journal = try shop.journal()
                let keys = Self.keys(journal)
                #expect(Set(keys).count == keys.count, "round \(round): a key twice")
                let withoutIDs = { (lines: [String]) in
                    Set(lines.map { $0.replacing(#/^\{"id":\d+,/#, with: "{") })
                }
                #expect(withoutIDs(journal) == withoutIDs(union.journal), "round \(round)")
                #expect(journal.count == union.journal.count)
                #expect(try shop.sandbox.stock() == union.stock, "round \(round)")
                replay = union
                replay.journal = journal
            }
            #expect(replay.journal.count > start.count)
        }
    }
}
