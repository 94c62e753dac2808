import Foundation
import MixTestSupport
import SeededRandom
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A writer killed at any moment leaves the old stock or the new one, never
/// a part, every write that reported success is there, and the journal
/// explains the stock.
@Suite struct CrashSafetyTests {
    @Test func writersKilledAtRandomMomentsNeverTearTheInventory() async throws {
        try await Sandbox.with { sandbox in
            // Every write moves one fruit from mango to kiwi: kiwi + mango
            // stays 1,000 in any whole file, and a torn one breaks that.
            #expect(try await sandbox.juice("adjust", "kiwi=0", "mango=1000").exitCode == 0)
            var random = SplitMix64(seed: 2026_11_22)
            var kiwi = 0
            var killedMidway = 0
            for _ in 0..<60 {
                let writer = try JuiceProcess.launch(["adjust", "kiwi=+1", "mango=-1"], in: sandbox.url)
                usleep(UInt32.random(in: 0...25_000, using: &random))
                kill(writer.processIdentifier, SIGKILL)
                let result = await writer.result()
                let stock = try sandbox.stock()
                let now = try #require(stock["kiwi"])
                #expect(now + (stock["mango"] ?? -1) == 1000, "a torn inventory: \(stock)")
                if result.exitCode == 0 {
                    // Reported success: the write is there.
                    #expect(now == kiwi + 1)
                } else {
                    // Killed: all or nothing of this one write.
                    #expect(now == kiwi || now == kiwi + 1)
                    killedMidway += 1
                }
                kiwi = now
                // The inventory stays valid for juice itself.
                #expect(try await sandbox.juice("validate", "--inventory", "inventory.yaml").exitCode == 0)
                // The journal explains the stock: the initial stock changed by
                // every entry the inventory includes is the inventory.
                let log = try await sandbox.juice("log", "--format", "json")
                #expect(try Self.replay(log.json()["entries"]?.items ?? []) == stock, "journal and stock disagree")
            }
            // The kills are not all before start or after the end.
            #expect(killedMidway > 0)
            // The next writer clears what killed writers left behind.
            #expect(try await sandbox.juice("adjust", "kiwi=+0").exitCode == 0)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.url.path).filter {
                $0.hasPrefix(".j")
            }
            #expect(leftovers == [])
            // After a write, the journal file itself, every line of it, is the stock.
            let lines = String(decoding: try #require(sandbox.read("inventory.yaml.journal")), as: UTF8.self)
                .split(separator: "\n")
            let entries = try lines.map { try JSON(parsing: String($0)) }
            #expect(try Self.replay(entries) == sandbox.stock())
            #expect(entries.last?["id"] == .number(Double(lines.count)))
        }
    }

    /// A make killed at any moment with the fruit in lots (SPEC 18): the
    /// journal replays to the inventory lot by lot after every kill.
    @Test func makesKilledWithLotsReplayLotByLot() async throws {
        try await Sandbox.with { sandbox in
            try sandbox.write(
                "inventory.yaml",
                "kiwi: [{count: 90, bestBefore: 2030-01-02}, {count: 60}, {count: 30, bestBefore: 2030-01-01}]\n")
            // The first make records the hand-written lots as an edit.
            // Its time, under this machine's load, spreads the kills over
            // a make's whole run and past its end.
            let start = ContinuousClock.now
            #expect(try await sandbox.juice("make", "kiwi").exitCode == 0)
            let took = ContinuousClock.now - start
            // At most 2 s: under CI's full load the first make once took a
            // minute, and 35 rounds of sleeps up to 90 s held a thread of
            // the tests' pool for a quarter of an hour.
            let spread = min(
                UInt32(took.components.seconds * 1_000_000 + took.components.attoseconds / 1_000_000_000_000)
                    * 3 / 2, 2_000_000)
            var random = SplitMix64(seed: 2026_11_29)
            var killedMidway = 0
            var made = 0
            // 12 rounds: each runs four processes, which under CI's full
            // load took 15 s a round (35 rounds were 9 minutes of CI).
            for round in 0..<12 {
                let writer = try JuiceProcess.launch(["make", "kiwi"], in: sandbox.url)
                // Every other kill comes early (a writer is killed for sure),
                // the rest spread over a whole make.
                let pause = UInt32.random(in: 0...(round.isMultiple(of: 2) ? 25_000 : spread), using: &random)
                try await Task.sleep(for: .microseconds(pause))
                kill(writer.processIdentifier, SIGKILL)
                if await writer.result().exitCode == 0 { made += 1 } else { killedMidway += 1 }
                #expect(try await sandbox.juice("validate", "--inventory", "inventory.yaml").exitCode == 0)
                let log = try await sandbox.juice("log", "--format", "json")
                let kiwi = try Self.replayLots(log.json()["entries"]?.items ?? [], of: "kiwi")
                let text = String(decoding: try #require(sandbox.read("inventory.yaml")), as: UTF8.self)
                let line = text.split(separator: "\n").first { $0.hasPrefix("kiwi: ") }
                #expect(line.map(String.init) == "kiwi: " + kiwi, "journal and lots disagree")
            }
            #expect(killedMidway > 0)
            print("CrashSafetyTests lots: \(made) makes done, \(killedMidway) killed")
            // At most 13 makes of 3 use at most 39 of the 120 dated kiwis, earliest
            // best-before first: the undated lot is untouched.
            let text = String(decoding: try #require(sandbox.read("inventory.yaml")), as: UTF8.self)
            #expect(text.contains("{count: 60}]\n") || text.contains("kiwi: 60\n"))
        }
    }

    /// The lots of `fruit` that the built-in menu's initial stock (ten,
    /// undated) and each entry's `lots` (else its `changes`, to the undated
    /// lot) leave, as the inventory writes them.
    static func replayLots(_ entries: [JSON], of fruit: String) throws -> String {
        var lots: [String: Int] = ["": 10]
        for entry in entries {
            if case .array(let moves)? = entry["lots"]?[fruit] {
                for move in moves {
                    guard case .number(let change)? = move["change"] else { throw JSON.ParseError(text: "\(move)") }
                    let date = move["bestBefore"]?.string ?? ""
                    lots[date, default: 0] += Int(change)
                }
            } else if case .number(let change)? = entry["changes"]?[fruit] {
                lots["", default: 0] += Int(change)
            }
        }
        let dated = lots.filter { !$0.key.isEmpty && $0.value != 0 }.sorted { $0.key < $1.key }
        guard !dated.isEmpty else { return "\(lots[""] ?? 0)" }
        let undated = (lots[""] ?? 0) == 0 ? [] : ["{count: \(lots[""]!)}"]
        return "[" + (dated.map { "{count: \($0.value), bestBefore: \($0.key)}" } + undated).joined(separator: ", ")
            + "]"
    }

    /// The built-in menu's initial stock (ten of each fruit) changed by each
    /// entry's `changes`, in order.
    static func replay(_ entries: [JSON]) throws -> [String: Int] {
        var stock = Dictionary(
            uniqueKeysWithValues: ["strawberry", "banana", "pineapple", "kiwi", "mango"].map { ($0, 10) })
        for entry in entries {
            guard case .object(let changes) = entry["changes"] else { throw JSON.ParseError(text: "\(entry)") }
            for (fruit, change) in changes {
                guard case .number(let delta) = change else { throw JSON.ParseError(text: "\(entry)") }
                stock[fruit, default: 0] += Int(delta)
            }
        }
        return stock
    }
}
