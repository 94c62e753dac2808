import Foundation
import TestSupport
import Testing

/// A connection that dies at each step of a sync (through ``FaultProxy``):
/// `push` and `pull` end within their deadline (a pull leaving no part of
/// a journal), `--watch` and `juice-server --sync` say so and ship again
/// once the connection works, and SIGTERM ends `--watch` whatever the
/// connection is doing.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
struct FaultTests {
    /// A step of a sync at which the connection dies.
    struct Step: Sendable, CustomTestStringConvertible {
        var name: String
        var step: FaultProxy.Step

        var testDescription: String { name }

        static let all = [
            Step(name: "connect", step: .connect),
            Step(name: "startup", step: .startup),
            Step(name: "lock", step: .query("pg_advisory_xact_lock")),
            Step(name: "migrate", step: .query("CREATE TABLE juice_stores")),
            Step(name: "ship", step: .query("INSERT INTO juice_entries")),
            Step(name: "commit", step: .query("COMMIT", after: "INSERT INTO juice_entries")),
        ]
    }

    /// The deadline the tools are given here, in seconds: short, yet long
    /// enough for a step that works on a loaded machine, and under the
    /// driver's own 5 s for a connection (whose message is its own).
    static let deadline = ["JUICE_SYNC_TIMEOUT": "4"]

    /// Runs `body` with a chain whose two stores have entries, a new
    /// database and a proxy to it.
    private func withChain(
        _ body: (ChainFixture, TestDatabase, FaultProxy, TestDatabase) async throws -> Void
    ) async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=1", "--store", "north"])
                try await chain.juice(["adjust", "kiwi=+2", "--store", "south"])
                try await FaultProxy.with(to: database) { proxy, proxied in
                    try await body(chain, database, proxy, proxied)
                }
            }
        }
    }

    /// Whether the database holds each store's journal, and the stock
    /// `juice report` says.
    private func isCopied(_ chain: ChainFixture, _ database: TestDatabase) async throws -> Bool {
        for store in ChainFixture.stores {
            guard try await database.entries(of: store) == chain.expected(store),
                try await database.stock(of: store) == chain.reportedStock(store)
            else { return false }
        }
        return true
    }

    /// Whether `condition` holds within a minute (a guard), asked every 50 ms.
    private func eventually(_ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<1200 {
            if (try? await condition()) == true { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Runs `juice-sync arguments...` through `proxy`, armed to break the
    /// connection with `action`, and expects it to end within its deadline,
    /// exit 69 and say so in one line.
    private func expectItEndsWithinItsDeadline(
        _ arguments: [String], _ chain: ChainFixture, _ proxy: FaultProxy, _ proxied: TestDatabase,
        _ action: FaultProxy.Break
    ) async throws {
        let started = ContinuousClock.now
        let broken = try await chain.sync(arguments, timeout: 60, environment: Self.deadline)
        #expect(!broken.timedOut, "\(arguments[0]) hung")
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(proxy.fired == 1, "\(broken.stdout)\(broken.stderr)")
        #expect(broken.exitCode == 69, "\(broken.stdout)\(broken.stderr)")
        #expect(broken.stderrLines.count == 1, "\(broken.stderr)")
        #expect(broken.stderr.hasPrefix("juice-sync: cannot reach the database at \(proxied.url): "))
        if action == .stall {
            #expect(
                broken.stderrLines == [
                    "juice-sync: cannot reach the database at \(proxied.url): no answer in 4 seconds"
                ])
        }
    }

    @Test(arguments: Step.all, [FaultProxy.Break.stall, .reset])
    func aPushWhoseConnectionDiesEndsWithinItsDeadlineAndTheNextShips(step: Step, action: FaultProxy.Break)
        async throws
    {
        try await withChain { chain, database, proxy, proxied in
            proxy.arm(step.step, action)
            let push = ["push", "--to", proxied.text, "--stores", ChainFixture.manifest]
            try await expectItEndsWithinItsDeadline(push, chain, proxy, proxied, action)
            let again = try await chain.sync(push, timeout: 120)
            #expect(again.exitCode == 0, "\(again.stdout)\(again.stderr)")
            #expect(try await isCopied(chain, database))
        }
    }

    /// The steps of a pull: connecting, its snapshot of the stores' rows,
    /// and a page of a store's entries.
    static let pullSteps = [
        Step(name: "connect", step: .connect),
        Step(name: "startup", step: .startup),
        Step(name: "snapshot", step: .query("BEGIN ISOLATION LEVEL REPEATABLE READ")),
        Step(name: "entries", step: .query("FROM juice_entries")),
    ]

    @Test(arguments: pullSteps, [FaultProxy.Break.stall, .reset])
    func aPullWhoseConnectionDiesEndsWithinItsDeadlineLeavesNoPartAndTheNextIsWhole(
        step: Step, action: FaultProxy.Break
    ) async throws {
        try await withChain { chain, database, proxy, proxied in
            let push = try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest])
            #expect(push.exitCode == 0, "\(push.stderr)")
            proxy.arm(step.step, action)
            let pull = ["pull", "copy", "--from", proxied.text, "--stores", ChainFixture.manifest]
            try await expectItEndsWithinItsDeadline(pull, chain, proxy, proxied, action)
            // No copy that reads as one (its manifest is written last), and
            // no store's journal a part: it is not there, or it is whole.
            #expect(
                !FileManager.default.fileExists(atPath: chain.folder.appendingPathComponent("copy/stores.yaml").path))
            for store in ChainFixture.stores {
                let copied = chain.folder.appendingPathComponent("copy/stores/\(store).yaml.journal")
                if let bytes = try? Data(contentsOf: copied) {
                    #expect(bytes == (try Data(contentsOf: chain.journal(store))), "\(store)")
                }
            }
            let again = try await chain.sync(pull, timeout: 120)
            #expect(again.exitCode == 0, "\(again.stdout)\(again.stderr)")
            for store in ChainFixture.stores {
                #expect(
                    try Data(contentsOf: chain.folder.appendingPathComponent("copy/stores/\(store).yaml.journal"))
                        == Data(contentsOf: chain.journal(store)))
            }
        }
    }

    @Test(arguments: Step.all)
    func aWatchWhoseConnectionStallsSaysSoAndShipsOnceItWorks(step: Step) async throws {
        try await withChain { chain, database, proxy, proxied in
            proxy.arm(step.step, .stall)
            let watch = try chain.launch(
                "juice-sync", ["push", "--to", proxied.text, "--stores", ChainFixture.manifest, "--watch"],
                timeout: 300,
                environment: Self.deadline)
            defer { watch.terminate() }
            #expect(try await eventually { try await isCopied(chain, database) })
            try await chain.juice(["make", "kiwiBanana=1", "--store", "north"])
            #expect(try await eventually { try await isCopied(chain, database) })
            watch.terminate()
            let result = await watch.result()
            #expect(result.exitCode == 0)
            #expect(proxy.fired == 1)
            #expect(
                result.stderrLines.first
                    == "juice-sync: cannot reach the database at \(proxied.url): no answer in 4 seconds; trying again")
            #expect(result.stderrLines.last == "juice-sync: the database at \(proxied.url) is back: syncing")
        }
    }

    /// Stopped while its connection stalls, a watch ends within 10 s, its
    /// last push (on a connection of its own, within 3 s) shipping what the
    /// journals hold when nothing holds the stores' rows: a stall before
    /// any transaction began. (A stalled transaction holds them, or the
    /// migration's lock, until the server gives it up: that push waits and
    /// is given up, said as a database that did not answer.)
    @Test(arguments: Step.all)
    func sigtermEndsAWatchWithinTenSecondsWhileItsConnectionStalls(step: Step) async throws {
        try await withChain { chain, database, proxy, proxied in
            proxy.arm(step.step, .stall)
            // A deadline far away: only the signal can end the wait.
            let watch = try chain.launch(
                "juice-sync", ["push", "--to", proxied.text, "--stores", ChainFixture.manifest, "--watch"],
                timeout: 300,
                environment: ["JUICE_SYNC_TIMEOUT": "120"])
            defer { watch.terminate() }
            #expect(try await eventually { proxy.fired == 1 })
            let signalled = ContinuousClock.now
            watch.terminate()
            let result = await watch.result()
            #expect(ContinuousClock.now - signalled < .seconds(10))
            #expect(result.exitCode == 0, "\(result.stderr)")
            // Nothing but the stall (on a machine slow to send the signal,
            // the stalled connection given up at its own deadline, 5 s,
            // tried again and the database back), and the last push's,
            // given up at its deadline or stopped while it waited, said in
            // words (not as the runtime's `CancellationError()`).
            let unreachable = "juice-sync: cannot reach the database at \(proxied.url): "
            #expect(
                result.stderrLines.allSatisfy {
                    ($0.hasPrefix(unreachable) && !$0.contains("CancellationError"))
                        || $0 == "juice-sync: the database at \(proxied.url) is back: syncing"
                }, "\(result.stderr)")
            #expect(
                result.stderrLines.filter { $0.hasPrefix(unreachable) && $0.hasSuffix("; trying again") == false }
                    .allSatisfy {
                        $0.hasPrefix(unreachable + "no answer in ") || $0 == unreachable + "stopped before it answered"
                    }, "the last push's reason: \(result.stderr)")
            if step.name == "connect" || step.name == "startup" {
                #expect(try await isCopied(chain, database), "\(result.stdout)\(result.stderr)")
            }
        }
    }

    @Test(arguments: [Step.all[2], Step.all[4]])
    func theCounterSaysItsSyncsConnectionStalledAndShipsOnceItWorks(step: Step) async throws {
        try await withChain { chain, database, proxy, proxied in
            proxy.arm(step.step, .stall)
            let server = try await CounterProcess.with(
                chain, ["--stores", ChainFixture.manifest, "--sync", proxied.text], probe: "/api/stores/north/report",
                environment: Self.deadline
            ) { port in
                #expect(try await eventually { proxy.fired == 1 })
                let made = try await CounterProcess.request(
                    port, "POST", "/api/stores/south/make", body: #"{"orders": ["kiwiBanana=1"]}"#)
                #expect(made.status == 200)
                #expect(try await eventually { try await isCopied(chain, database) })
            }
            let result = try #require(server)
            #expect(result.exitCode == 0, "\(result.stderr)")
            // (Hummingbird's own line of its start aside.)
            #expect(
                result.stderrLines.filter { $0.hasPrefix("juice-server: ") } == [
                    "juice-server: sync: cannot reach the database at \(proxied.url): no answer in 4 seconds; trying again",
                    "juice-server: sync: the database at \(proxied.url) is back: syncing",
                ])
        }
    }
}
