import Foundation
import TestSupport
import Testing

/// `GET /healthz` and `GET /metrics` of `juice-server --sync` and
/// `--central` (SPEC 19): the database away, each store's entries not yet
/// shipped and the time since its last shipment, the copy's age.
struct ServiceStandingTests {
    /// The samples of `port`'s `/metrics`, by name and labels as written.
    private func scrape(_ port: Int) async throws -> [String: String] {
        let answer = try await CounterProcess.request(port, "GET", "/metrics")
        #expect(answer.status == 200)
        var samples: [String: String] = [:]
        for line in String(decoding: answer.body, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            samples[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return samples
    }

    /// Scrapes until `condition` holds, 60 s at most (a guard against a
    /// hang, not a measure): the last scrape.
    private func scrape(
        _ port: Int, until condition: ([String: String]) -> Bool
    ) async throws -> [String: String] {
        let deadline = ContinuousClock.now + .seconds(60)
        var samples = try await scrape(port)
        while !condition(samples), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            samples = try await scrape(port)
        }
        return samples
    }

    @Test func aDatabaseAwayFailsTheHealthAndIsDownInTheMetrics() async throws {
        try await ChainFixture.with { chain in
            let server = try await CounterProcess.with(
                chain, ["--stores", ChainFixture.manifest, "--sync", "postgres://juice@127.0.0.1:1/postgres"],
                probe: "/api/stores/north/report"
            ) { port in
                let samples = try await scrape(port) { $0["juice_database_up"] == "0.0" }
                #expect(samples["juice_database_up"] == "0.0")
                // Never reached: nothing known shipped.
                #expect(!samples.keys.contains { $0.hasPrefix("juice_sync_") })
                let health = try await CounterProcess.request(port, "GET", "/healthz")
                #expect(health.status == 503)
                #expect(
                    String(decoding: health.body, as: UTF8.self)
                        == """
                        {
                          "problems" : [
                            {
                              "message" : "the database at 127.0.0.1:1/postgres cannot be reached",
                              "problem" : "database"
                            }
                          ],
                          "status" : "failing"
                        }

                        """)
            }
            #expect(try #require(server).exitCode == 0)
        }
    }

    /// A store whose journal disagrees with the database is not synced
    /// until a person mends it: the health says so, naming it, while the
    /// other store is shipped and the database is up.
    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func aStoreWhoseSyncStoppedFailsTheHealth() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                try await chain.juice(["make", "banana=1", "--store", "north"])
                #expect(try await chain.sync(push).exitCode == 0)
                // North's journal rewritten: entry 1 no longer what was shipped.
                let journal = chain.journal("north")
                let line = try String(contentsOf: journal, encoding: .utf8)
                #expect(line.contains("\"orders\":{\"banana\":1}"))
                try line.replacingOccurrences(of: "\"orders\":{\"banana\":1}", with: "\"orders\":{\"banana\":2}")
                    .write(to: journal, atomically: true, encoding: .utf8)
                let server = try await CounterProcess.with(
                    chain, ["--stores", ChainFixture.manifest, "--sync", database.text],
                    probe: "/api/stores/north/report"
                ) { port in
                    let deadline = ContinuousClock.now + .seconds(60)
                    var health = try await CounterProcess.request(port, "GET", "/healthz")
                    while health.status == 200, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(100))
                        health = try await CounterProcess.request(port, "GET", "/healthz")
                    }
                    #expect(health.status == 503)
                    #expect(
                        try JSON(parsing: String(decoding: health.body, as: UTF8.self))["problems"]
                            == .array([
                                .object([
                                    "store": "north", "problem": "syncStopped",
                                    "message": """
                                    the sync of store north stopped: its journal disagrees with the database \
                                    (Chain.md says what to do; restart after)
                                    """,
                                ])
                            ]))
                }
                #expect(try #require(server).exitCode == 0)
            }
        }
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func eachStoresEntriesNotYetShippedAreCountedUntilShipped() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "kiwiBanana=1", "--store", "north"])
                try await chain.juice(["make", "kiwiBanana=1", "--store", "north"])
                let server = try await CounterProcess.with(
                    chain, ["--stores", ChainFixture.manifest, "--sync", database.text],
                    probe: "/api/stores/north/report"
                ) { port in
                    let unshipped = #"juice_sync_unshipped_entries{store="north"}"#
                    let southUnshipped = #"juice_sync_unshipped_entries{store="south"}"#
                    // Each store's sample comes with its round: wait for both.
                    let samples = try await scrape(port) { $0[unshipped] == "0.0" && $0[southUnshipped] == "0.0" }
                    #expect(samples[unshipped] == "0.0")
                    #expect(samples[southUnshipped] == "0.0")
                    #expect(samples["juice_database_up"] == "1.0")
                    let since = try #require(
                        samples[#"juice_sync_seconds_since_shipment{store="north"}"#].flatMap(Double.init))
                    #expect(since >= 0 && since < 60)
                    #expect(try await CounterProcess.request(port, "GET", "/healthz").status == 200)
                    #expect(try await database.entries(of: "north") == chain.expected("north"))
                }
                #expect(try #require(server).exitCode == 0)
            }
        }
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func entriesMadeWhileTheDatabaseIsAwayAreCountedAndTheHealthFails() async throws {
        try await TestDatabase.with { database in
            try await FaultProxy.with(to: database) { proxy, proxied in
                try await ChainFixture.with { chain in
                    let server = try await CounterProcess.with(
                        chain, ["--stores", ChainFixture.manifest, "--sync", proxied.text],
                        probe: "/api/stores/north/report", environment: ["JUICE_SYNC_TIMEOUT": "4"]
                    ) { port in
                        let unshipped = #"juice_sync_unshipped_entries{store="north"}"#
                        let south = #"juice_sync_unshipped_entries{store="south"}"#
                        let shipped = try await scrape(port) { $0[unshipped] == "0.0" && $0[south] == "0.0" }
                        #expect(shipped[unshipped] == "0.0")
                        #expect(shipped[south] == "0.0")
                        // The database gone: two makes wait to be shipped.
                        proxy.close()
                        for _ in 0..<2 {
                            let made = try await CounterProcess.request(
                                port, "POST", "/api/stores/north/make", body: #"{"orders": ["banana=1"]}"#)
                            #expect(made.status == 200)
                        }
                        let samples = try await scrape(port) { $0["juice_database_up"] == "0.0" }
                        #expect(samples["juice_database_up"] == "0.0")
                        #expect(samples[unshipped] == "2.0")
                        #expect(samples[south] == "0.0")
                        #expect(try await CounterProcess.request(port, "GET", "/healthz").status == 503)
                    }
                    #expect(try #require(server).exitCode == 0)
                }
            }
        }
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func theHeadOfficesCopyHasAnAge() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                #expect(try await chain.sync(push).exitCode == 0)
                let server = try await CounterProcess.with(
                    chain, ["--central", database.text, "--stores", ChainFixture.manifest], probe: "/api/stores"
                ) { port in
                    let samples = try await scrape(port)
                    #expect(samples["juice_database_up"] == "1.0")
                    let age = try #require(samples["juice_copy_age_seconds"].flatMap(Double.init))
                    #expect(age >= 0 && age < 60)
                    #expect(try await CounterProcess.request(port, "GET", "/healthz").status == 200)
                }
                #expect(try #require(server).exitCode == 0)
            }
        }
    }
}
