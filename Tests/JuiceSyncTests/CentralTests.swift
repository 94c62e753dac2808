import Foundation
import SeededRandom
import TestSupport
import Testing

/// `juice-server --central URL --stores FILE`: the head office's server,
/// serving every store's answers from the database's copy, read-only.
struct CentralTests {
    /// Each route beside the `juice` command whose `--format json` it
    /// must equal, on the shop's own files.
    static let routes: [(path: String, command: [String])] = [
        ("report", ["report"]),
        ("usage", ["usage"]),
        ("usage?by=day", ["usage", "--by", "day"]),
        ("usage?since=2000-01-01&until=2999-01-01", ["usage", "--since", "2000-01-01", "--until", "2999-01-01"]),
        ("variance", ["variance"]),
        ("order", ["order"]),
    ]

    /// Starts the head office's server on `database`'s copy of `chain`.
    private func withCentral(
        _ chain: ChainFixture, _ database: TestDatabase, _ more: [String] = [], _ body: (Int) async throws -> Void
    ) async throws -> ProcessResult? {
        try await CounterProcess.with(
            chain, ["--central", database.text, "--stores", ChainFixture.manifest] + more, probe: "/api/stores", body)
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func everyStoresAnswersAreTheShopsOwnAndFollowTheDatabase() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                var random = SplitMix64(seed: 26)
                try await chain.change(times: 10, &random)
                #expect(try await chain.sync(push).exitCode == 0)
                let result = try await withCentral(chain, database) { port in
                    try await expectShopsAnswers(chain, port)
                    // Changes are made at the store, not here.
                    let refused = try await CounterProcess.request(
                        port, "POST", "/api/stores/north/make", body: #"{"orders": ["banana=1"]}"#)
                    #expect(refused.status == 405)
                    #expect(refused.response?.value(forHTTPHeaderField: "Allow") == "GET, HEAD")

                    // A change at the shop, shipped, reaches the head office's
                    // answers without a restart (a guard: it pulls every second).
                    try await chain.juice(["make", "kiwiBanana=2", "--store", "south"])
                    #expect(try await chain.sync(push).exitCode == 0)
                    let expected = try JSON(
                        parsing: try await chain.juice(
                            ["report", "--store", "south", "--stores", ChainFixture.manifest, "--format", "json"]
                        ).stdout)
                    var seen: JSON?
                    for _ in 0..<600 where seen != expected {
                        try await Task.sleep(for: .milliseconds(100))
                        seen = try JSON(
                            parsing: String(
                                decoding: try await CounterProcess.request(port, "GET", "/api/stores/south/report")
                                    .body, as: UTF8.self))
                    }
                    #expect(seen == expected)
                    try await expectShopsAnswers(chain, port)

                    // The chain's answer says when each store last synced.
                    let chainAnswer =
                        try JSONSerialization.jsonObject(
                            with: try await CounterProcess.request(port, "GET", "/api/chain").body) as? [String: Any]
                    let stores = try #require(chainAnswer?["stores"] as? [[String: Any]])
                    #expect(stores.map { $0["store"] as? String } == ChainFixture.stores)
                    for store in stores {
                        let synced = try #require(store["lastSynced"] as? String, "\(store)")
                        let time = try #require(ISO8601DateFormatter().date(from: synced), "\(synced)")
                        #expect(abs(time.timeIntervalSinceNow) < 600)
                    }
                }
                let stopped = try #require(result)
                #expect(stopped.exitCode == 0, "\(stopped.stderr)")
                #expect(!stopped.stderr.contains("juice-server: central:"), "\(stopped.stderr)")
            }
        }
    }

    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func theCopyIsKeptInTheFolderGivenAndServedAgainFromIt() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                try await chain.juice(["make", "banana=3", "--store", "north"])
                #expect(
                    try await chain.sync(["push", "--to", database.text, "--stores", ChainFixture.manifest]).exitCode
                        == 0)
                for _ in 0..<2 {
                    let result = try await withCentral(chain, database, ["--copy", "kept"]) { port in
                        let answer = try await CounterProcess.request(port, "GET", "/api/stores/north/report")
                        #expect(answer.status == 200)
                    }
                    #expect(try #require(result).exitCode == 0)
                    // The copy stays, as juice-sync pull writes it.
                    #expect(
                        try Data(contentsOf: chain.folder.appendingPathComponent("kept/stores/north.yaml.journal"))
                            == Data(contentsOf: chain.journal("north")))
                }
            }
        }
    }

    @Test func aDatabaseThatCannotBeReachedStopsItsStartWith69() async throws {
        try await ChainFixture.with { chain in
            let result = try await chain.launch(
                "juice-server",
                [
                    "--port", "0", "--central", "postgres://juice@127.0.0.1:1/postgres", "--stores",
                    ChainFixture.manifest,
                ]
            ).result()
            #expect(result.exitCode == 69)
            #expect(result.stdout.isEmpty)
            let lines = result.stderrLines
            #expect(lines.count == 1)
            #expect(
                lines.first?.hasPrefix("juice-server: central: cannot reach the database at 127.0.0.1:1/postgres: ")
                    == true)
        }
    }

    @Test func aManifestThatNamesNoStoreStopsItsStartNamingTheUsersFile() async throws {
        try await ChainFixture.with { chain in
            try "stores:\n  - north\n".write(
                to: chain.folder.appendingPathComponent("broken.yaml"), atomically: true, encoding: .utf8)
            let result = try await chain.launch(
                "juice-server",
                ["--port", "0", "--central", "postgres://juice@127.0.0.1:1/postgres", "--stores", "broken.yaml"]
            ).result()
            #expect(result.exitCode == 65)
            #expect(
                result.stderrLines == [
                    "juice-server: the manifest broken.yaml names no store; fix it (juice validate --stores "
                        + "broken.yaml lists every problem) and start again"
                ])
        }
    }

    @Test(arguments: [
        (["--central", "postgres://juice@127.0.0.1/x"], "--central needs --stores: the chain's manifest"),
        (["--central", "mysql://x", "--stores", "s.yaml"], "--central must be a URL"),
        (["--copy", "copy", "--stores", "s.yaml"], "--copy is the folder of --central's copy"),
        (
            [
                "--central", "postgres://juice@127.0.0.1/x", "--sync", "postgres://juice@127.0.0.1/x", "--stores",
                "s.yaml",
            ],
            "--central serves the database's copy"
        ),
    ])
    func usageErrorsExit64(arguments: [String], message: String) async throws {
        try await ChainFixture.with { chain in
            let result = try await chain.run("juice-server", arguments)
            #expect(result.exitCode == 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// Each of ``routes`` of every store answers what `juice` answers on the shop's files.
    @Test(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipped))
    func aHistoryPushedAfreshAfterAMiddleLineWasRewrittenReachesTheRunningServersCopy() async throws {
        try await TestDatabase.with { database in
            try await ChainFixture.with { chain in
                let push = ["push", "--to", database.text, "--stores", ChainFixture.manifest]
                try await chain.juice(["make", "banana=1", "--store", "north"])
                try await chain.juice(["adjust", "kiwi=+5", "--reason", "delivery", "--store", "north"])
                try await chain.juice(["make", "kiwiBanana=1", "--store", "north"])
                #expect(try await chain.sync(push).exitCode == 0)
                _ = try await withCentral(chain, database) { port in
                    // Line 2 rewritten at the shop; the store's rows deleted and pushed afresh.
                    let journal = chain.journal("north")
                    try (try String(contentsOf: journal, encoding: .utf8))
                        .replacingOccurrences(of: "\"delivery\"", with: "\"waste\"")
                        .write(to: journal, atomically: true, encoding: .utf8)
                    _ = try await database.value("DELETE FROM juice_entries WHERE store = 'north'")
                    _ = try await database.value("DELETE FROM juice_stores WHERE store = 'north'")
                    #expect(try await chain.sync(push).exitCode == 0)
                    let expected = try JSON(
                        parsing: try await chain.juice(
                            ["usage", "--store", "north", "--stores", ChainFixture.manifest, "--format", "json"]
                        ).stdout
                    ).withDiagnosticFileNames
                    var seen: JSON?
                    for _ in 0..<300 where seen != expected {
                        try await Task.sleep(for: .milliseconds(100))
                        seen = try JSON(
                            parsing: String(
                                decoding: try await CounterProcess.request(port, "GET", "/api/stores/north/usage").body,
                                as: UTF8.self)
                        ).withDiagnosticFileNames
                    }
                    #expect(seen == expected)
                }
            }
        }
    }

    func expectShopsAnswers(_ chain: ChainFixture, _ port: Int) async throws {
        for store in ChainFixture.stores {
            for route in Self.routes {
                let shop = try await chain.juice(
                    route.command + ["--store", store, "--stores", ChainFixture.manifest, "--format", "json"])
                let answer = try await CounterProcess.request(port, "GET", "/api/stores/\(store)/\(route.path)")
                #expect(answer.status == 200, "\(route.path): \(String(decoding: answer.body, as: UTF8.self))")
                #expect(
                    try JSON(parsing: String(decoding: answer.body, as: UTF8.self)).withDiagnosticFileNames
                        == JSON(parsing: shop.stdout).withDiagnosticFileNames,
                    "\(store) \(route.path)")
            }
        }
    }
}
