import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JuiceServer
import TestSupport
import Testing

/// The head office's part of the API that needs no database, on the
/// example chain: `usage`, `variance` and `order` equal to `juice ...
/// --format json` run as a real process on the same files, `GET
/// /api/chain` equal to `juice report --stores FILE --format json`, and
/// the read-only mode.
@Suite struct ChainAPITests {
    static let manifest = ["--stores", "recipes/stores.yaml"]

    /// The example chain's stores with an inventory (`seoulStation` has
    /// none: `usage` and `variance` refuse it, as `juice` does).
    static let storesWithInventory = ["gangnam", "hongdae", "jamsil"]

    /// Runs `body` on a copy of the example chain, its journals given
    /// deliveries, waste, a count and a make by `juice`, served in process.
    ///
    /// - Parameters:
    ///   - readOnly: the configuration's ``ServerConfiguration/isReadOnly``.
    ///   - lastSynced: the configuration's source of sync times.
    private func withChain(
        readOnly: Bool = false, lastSynced: (@Sendable () async -> [String: Date])? = nil,
        _ body: @escaping @Sendable (Fixture, any TestClientProtocol) async throws -> Void
    ) async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes", "state"])
            for change in [
                ["adjust", "kiwi=+5", "--reason", "delivery", "--store", "gangnam"],
                ["adjust", "strawberry=-2", "--reason", "waste", "--store", "gangnam"],
                ["count", "banana=2", "--store", "gangnam"],
                ["make", "banana=2", "--store", "hongdae"],
            ] {
                let result = try await ServerProcess.juice(change + Self.manifest, in: fixture.folder)
                #expect(result.status == 0, "juice \(change.joined(separator: " "))")
            }
            var configuration = ServerConfiguration(
                port: 0, stores: .chain(manifestPath: fixture.folder.appendingPathComponent("recipes/stores.yaml").path)
            )
            configuration.isReadOnly = readOnly
            configuration.lastSynced = lastSynced
            let fixtureCopy = fixture
            try await fixture.test(configuration) { client in try await body(fixtureCopy, client) }
        }
    }

    /// `juice arguments... --stores recipes/stores.yaml --format json` in
    /// the chain's folder, parsed.
    private static func juiceJSON(_ arguments: [String], in fixture: Fixture) async throws -> JSON {
        let result = try await ServerProcess.juice(
            arguments + Self.manifest + ["--format", "json"], in: fixture.folder)
        return try JSON(parsing: result.stdout)
    }

    @Test func usageVarianceAndOrderAreJuicesJSONWithAndWithoutOptions() async throws {
        try await withChain { fixture, client in
            let cases: [(query: String, arguments: [String])] = [
                ("", []),
                ("since=2000-01-01&until=2100-01-01", ["--since", "2000-01-01", "--until", "2100-01-01"]),
                ("since=7d", ["--since", "7d"]),
                ("until=2000-01-01", ["--until", "2000-01-01"]),
            ]
            for store in Self.storesWithInventory {
                for (query, arguments) in cases {
                    for command in ["usage", "variance"] {
                        let answer = try await client.call(.get, "/api/stores/\(store)/\(command)?\(query)")
                        #expect(answer.status == 200, "\(command) \(store) \(query)")
                        let expected = try await Self.juiceJSON([command, "--store", store] + arguments, in: fixture)
                        // The server reads the manifest by its absolute path.
                        #expect(
                            try JSON(parsing: answer.body).withDiagnosticFileNames == expected.withDiagnosticFileNames,
                            "\(command) \(store) \(query)")
                    }
                }
                let byDay = try await client.call(.get, "/api/stores/\(store)/usage?by=day&since=2000-01-01")
                #expect(byDay.status == 200)
                let expected = try await Self.juiceJSON(
                    ["usage", "--store", store, "--by", "day", "--since", "2000-01-01"], in: fixture)
                #expect(
                    try JSON(parsing: byDay.body).withDiagnosticFileNames == expected.withDiagnosticFileNames,
                    "usage by day \(store)")
                // jamsil's journal is empty: no day.
                #expect(expected["days"]?.items.isEmpty == (store == "jamsil"))
            }
            for store in Self.storesWithInventory + ["seoulStation"] {
                let answer = try await client.call(.get, "/api/stores/\(store)/order")
                #expect(answer.status == 200, "order \(store)")
                let expected = try await Self.juiceJSON(["order", "--store", store], in: fixture)
                #expect(try JSON(parsing: answer.body) == expected, "order \(store)")
            }
            // Figures worked out here from the changes made: gangnam took
            // 5 kiwis delivered and wasted 2 strawberries, and counted 2
            // bananas where the book said 3.
            let usage = try JSON(parsing: try await client.call(.get, "/api/stores/gangnam/usage").body)
            #expect(usage["fruits"]?["kiwi"]?["delivered"] == .number(5))
            #expect(usage["fruits"]?["strawberry"]?["wasted"] == .number(2))
            #expect(usage["fruits"]?["banana"]?["counted"] == .number(-1))
            let hongdae = try JSON(parsing: try await client.call(.get, "/api/stores/hongdae/usage").body)
            #expect(hongdae["recipes"]?["banana"] == .number(2))
            #expect(hongdae["fruits"]?["banana"]?["used"] == .number(4))
        }
    }

    /// A bad option is a 400 with the usage error's JSON, its message the
    /// command line's for `--since` and `--until`.
    @Test func badOptionsAreUsageErrors() async throws {
        try await withChain { _, client in
            let notATime =
                "since: 'soon' is not a time: write today, yesterday, Nd (the last N days), a date (2026-11-22) or an RFC 3339 time (2026-11-22T09:30:00Z)"
            let cases: [(uri: String, message: String)] = [
                ("/api/stores/gangnam/usage?since=soon", notATime),
                ("/api/stores/gangnam/variance?since=soon", notATime),
                (
                    "/api/stores/gangnam/usage?since=2026-11-02&until=2026-11-01",
                    "--until 2026-11-01 is not after --since 2026-11-02: the period would be empty"
                ),
                ("/api/stores/gangnam/usage?by=week", "by 'week' is not a value it takes: it takes day"),
                ("/api/stores/gangnam/variance?since=1d&since=2d", "since may be given once only"),
                ("/api/stores/gangnam/usage?by=day&by=day", "by may be given once only"),
            ]
            for (uri, message) in cases {
                let answer = try await client.call(.get, uri)
                #expect(answer.status == 400, "\(uri)")
                let json = try JSON(parsing: answer.body)
                #expect(json["error"] == .string("usage"), "\(uri)")
                #expect(json["message"] == .string(message), "\(uri)")
                #expect(json["ok"] == .bool(false))
            }
            let korean = try await client.call(.get, "/api/stores/gangnam/usage?by=week&lang=ko")
            #expect(try JSON(parsing: korean.body)["message"] == .string("by 'week'는 받지 않는 값입니다. 받는 값: day"))
            // `variance` takes no `by`: passed over, as any other name is.
            #expect(try await client.call(.get, "/api/stores/gangnam/variance?by=week").status == 200)
            #expect(try await client.call(.get, "/api/stores/nowhere/usage").status == 404)
        }
    }

    /// The manifest's `dayStarts` reaches the API's periods: a date is 05:00
    /// of that date in the local time zone (the server's, as `juice`'s),
    /// so a make at 01:30 on the 27th is the 26th's; the answers are
    /// `juice`'s.
    @Test func aPeriodsDaysAreTheStoresBusinessDays() async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes", "state"])
            let folder = fixture.folder
            try """
            dayStarts: "05:00"
            stores:
              late: { menu: menu.yaml, inventory: ../state/late.yaml }

            """.write(to: folder.appendingPathComponent("recipes/late.yaml"), atomically: true, encoding: .utf8)
            // 01:30 and 05:30 on 2026-11-27, local time.
            let calendar = Calendar(identifier: .gregorian)
            let formatter = ISO8601DateFormatter()
            let times = [(1, 30), (5, 30)].map { hour, minute in
                formatter.string(
                    from: calendar.date(
                        from: DateComponents(
                            timeZone: .current, year: 2026, month: 11, day: 27, hour: hour, minute: minute))!)
            }
            try """
            {"id":1,"time":"\(times[0])","kind":"make","orders":{"banana":1},"changes":{"banana":-2}}
            {"id":2,"time":"\(times[1])","kind":"make","orders":{"banana":10},"changes":{"banana":-20}}

            """.write(to: folder.appendingPathComponent("state/late.yaml.journal"), atomically: true, encoding: .utf8)
            let manifest = folder.appendingPathComponent("recipes/late.yaml").path
            try await fixture.test(ServerConfiguration(port: 0, stores: .chain(manifestPath: manifest))) { client in
                for (query, arguments, servings) in [
                    ("since=2026-11-27", ["--since", "2026-11-27"], 10.0),
                    ("until=2026-11-27", ["--until", "2026-11-27"], 1),
                    ("since=2026-11-26&until=2026-11-27", ["--since", "2026-11-26", "--until", "2026-11-27"], 1),
                ] {
                    let answer = try await client.call(.get, "/api/stores/late/usage?\(query)")
                    #expect(answer.status == 200, "\(query)")
                    let json = try JSON(parsing: answer.body)
                    #expect(json["recipes"]?["banana"] == .number(servings), "\(query)")
                    let result = try await ServerProcess.juice(
                        ["usage", "--stores", manifest, "--store", "late", "--format", "json"] + arguments,
                        in: folder)
                    #expect(try JSON(parsing: result.stdout) == json, "\(query)")
                }
                let byDay = try JSON(parsing: try await client.call(.get, "/api/stores/late/usage?by=day").body)
                #expect(byDay["days"]?.items.map { $0["day"] } == [.string("2026-11-26"), .string("2026-11-27")])
                let variance = try JSON(
                    parsing: try await client.call(.get, "/api/stores/late/variance?since=2026-11-27").body)
                #expect(variance["fruits"]?.items.first { $0["fruit"] == .string("banana") }?["used"] == .number(20))
            }
        }
    }

    /// `GET /api/chain` is `juice report --stores FILE --format json`, each
    /// store with `lastSynced`: `null` on a counter.
    @Test func chainIsTheBatchReportWithLastSyncedNullOnACounter() async throws {
        try await withChain { fixture, client in
            let answer = try await client.call(.get, "/api/chain")
            #expect(answer.status == 200)
            var chain = try JSON(parsing: answer.body)
            let stores = chain["stores"]?.items ?? []
            #expect(stores.map { $0["store"] } == ["gangnam", "hongdae", "jamsil", "seoulStation"].map(JSON.string))
            #expect(stores.allSatisfy { $0["lastSynced"] == .null })
            chain = Self.withoutLastSynced(chain)
            #expect(chain == (try await Self.juiceJSON(["report"], in: fixture)))

            let korean = Self.withoutLastSynced(
                try JSON(parsing: try await client.call(.get, "/api/chain?lang=ko").body))
            #expect(korean == (try await Self.juiceJSON(["report", "--locale", "ko"], in: fixture)))
        }
    }

    @Test func chainSaysWhenEachStoreLastSyncedFromTheConfiguredSource() async throws {
        let synced = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z
        let source: @Sendable () async -> [String: Date] = { ["hongdae": synced] }
        try await withChain(lastSynced: source) { _, client in
            let chain = try JSON(parsing: try await client.call(.get, "/api/chain").body)
            let times = chain["stores"]?.items.map { $0["lastSynced"] }
            #expect(times == [.null, .string("2026-11-18T11:06:40Z"), .null, .null])
        }
    }

    /// Without a manifest, the chain is the one store, `main`: its report's
    /// members, as `GET .../report` answers them.
    @Test func chainOfOneStoreWithoutAManifestIsThatStore() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory("banana: 5\nkiwi: 2\n")
            try await fixture.test { client in
                let chain = try JSON(parsing: try await client.call(.get, "/api/chain").body)
                let report = try JSON(parsing: try await client.call(.get, "/api/stores/main/report").body)
                #expect(chain["diagnostics"] == .array([]))
                let stores = chain["stores"]?.items ?? []
                #expect(stores.count == 1)
                #expect(stores.first?["store"] == .string("main"))
                #expect(stores.first?["lastSynced"] == .null)
                #expect(stores.first?["recipes"] == report["recipes"])
                #expect(stores.first?["inventory"] == .object(["banana": .number(5), "kiwi": .number(2)]))
                // banana: 5 / 2; kiwiBanana: kiwi 2 / 2, banana 5 / 1.
                #expect(stores.first?["recipes"]?.items.map { $0["servings"] } == [.number(2), .number(1)])
            }
        }
    }

    /// A copy (the head office's): every change is a 405 that says changes
    /// are made at the store, in English and Korean, and nothing changes;
    /// reads answer as before; `/` is the chain page and the store's page is
    /// marked read-only.
    @Test func aReadOnlyServerOffLoopbackNeedsNoTokenAsItChangesNothing() throws {
        let manifest = Repository.root.appendingPathComponent("recipes/stores.yaml").path
        var configuration = ServerConfiguration(host: "0.0.0.0", port: 0, stores: .chain(manifestPath: manifest))
        #expect(throws: ServerStartError.self) { try JuiceApp(configuration) }
        configuration.isReadOnly = true
        #expect(throws: Never.self) { try JuiceApp(configuration) }
    }

    @Test func aReadOnlyServerRefusesEveryChangeWith405() async throws {
        try await withChain(readOnly: true) { fixture, client in
            let stock = try String(
                contentsOf: fixture.folder.appendingPathComponent("state/gangnam.yaml"), encoding: .utf8)
            let changes: [(path: String, body: String)] = [
                ("make", #"{"orders": ["kiwi"]}"#), ("adjust", #"{"changes": ["kiwi=+1"]}"#),
                ("count", #"{"counts": ["kiwi=1"]}"#), ("undo", "{}"),
            ]
            for (path, body) in changes {
                let answer = try await client.execute(
                    uri: "/api/stores/gangnam/\(path)", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: body)
                ) { ($0.status.code, $0.headers[.allow], String(buffer: $0.body)) }
                #expect(answer.0 == 405, "\(path)")
                #expect(answer.1 == "GET, HEAD", "\(path)")
                let json = try JSON(parsing: answer.2)
                #expect(json["error"] == .string("read-only"))
                #expect(
                    json["message"]
                        == .string("this server serves a copy of the stores' stock: changes are made at the store"))
            }
            let korean = try await client.call(
                .post, "/api/stores/gangnam/make?lang=ko", body: #"{"orders": ["kiwi"]}"#)
            #expect(
                try JSON(parsing: korean.body)["message"] == .string("이 서버는 매장 재고의 사본을 보여 줍니다. 재고는 매장에서 바꾸세요"))
            #expect(
                try String(contentsOf: fixture.folder.appendingPathComponent("state/gangnam.yaml"), encoding: .utf8)
                    == stock)
            #expect(try await client.call(.get, "/api/stores/gangnam/report").status == 200)
            let root = try await client.call(.get, "/")
            #expect(root.body.contains(#"<script src="/chain.js"></script>"#))
            let page = try await client.call(.get, "/stores/gangnam")
            #expect(page.body.contains("<html data-read-only lang=\"en\">"))
        }
    }

    @Test func aCounterServesTheStorePageAtTheRootAndTheChainPageAtChain() async throws {
        try await withChain { _, client in
            let root = try await client.call(.get, "/")
            #expect(root.body.contains(#"<script src="/app.js"></script>"#))
            #expect(!root.body.contains("data-read-only"))
            let chain = try await client.call(.get, "/chain")
            #expect(chain.status == 200)
            #expect(chain.body.contains(#"<script src="/chain.js"></script>"#))
            #expect(try await client.call(.get, "/chain.js").contentType == "text/javascript; charset=utf-8")
        }
    }

    /// The chain's JSON without each store's `lastSynced`, which `juice`
    /// does not write.
    private static func withoutLastSynced(_ chain: JSON) -> JSON {
        guard case .object(var members) = chain else { return chain }
        members["stores"] = .array(
            chain["stores"]?.items.map { store in
                guard case .object(var fields) = store else { return store }
                fields["lastSynced"] = nil
                return .object(fields)
            } ?? [])
        return .object(members)
    }
}
