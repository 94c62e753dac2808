import Foundation
import TestSupport
import Testing

/// `GET /healthz` and `GET /metrics` of the real `juice-server` (SPEC 19):
/// the health of every store, the metrics' exact counts after known
/// traffic, and the token `/metrics` needs off loopback.
@Suite(.serialized) struct HealthAndMetricsTests {
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]

    /// `method path` on the server at `port` (and `address`): the status
    /// and the body.
    private func call(
        _ port: Int, _ method: String, _ path: String, body: String? = nil, address: String = "127.0.0.1",
        headers: [String: String] = [:]
    ) throws -> (status: Int, body: String) {
        let client = try LoopbackClient(port: port, address: address)
        try client.send(method, path, body: body, headers: headers)
        return (try client.status(), client.rest())
    }

    /// The samples of a scrape, by name and labels as written
    /// (`juice_makes_total{store="main"}`).
    private func samples(_ text: String) -> [String: String] {
        var samples: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            samples[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return samples
    }

    @Test func aScrapeAfterKnownTrafficCountsItExactly() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let make = #"{"orders": ["banana"]}"#
            #expect(try call(server.port, "POST", "/api/stores/main/make", body: make).status == 200)
            #expect(try call(server.port, "POST", "/api/stores/main/make", body: make).status == 200)
            // Two kiwis short.
            let short = #"{"orders": ["kiwiBanana=2"]}"#
            #expect(try call(server.port, "POST", "/api/stores/main/make", body: short).status == 409)
            #expect(try call(server.port, "POST", "/api/stores/nowhere/make", body: make).status == 404)
            #expect(try call(server.port, "GET", "/api/stores/main/report").status == 200)
            let events = try LoopbackClient(port: server.port)
            try events.send("GET", "/api/stores/main/events")
            #expect(try events.status() == 200)
            #expect(events.event()?.name == "inventory")

            // A request is counted once its answer is written: the scrape
            // waits for the last one.
            let made = #"juice_http_requests_total{route="/api/stores/{store}/make",method="POST",status="#
            var scraped: [String: String] = [:]
            let deadline = ContinuousClock.now + .seconds(30)
            repeat {
                let scrape = try call(server.port, "GET", "/metrics")
                #expect(scrape.status == 200)
                scraped = samples(scrape.body)
                if scraped[#"\#(made)"404"}"#] == "1" { break }
                try await Task.sleep(for: .milliseconds(100))
            } while ContinuousClock.now < deadline
            #expect(scraped[#"\#(made)"200"}"#] == "2")
            #expect(scraped[#"\#(made)"409"}"#] == "1")
            #expect(scraped[#"\#(made)"404"}"#] == "1")
            #expect(
                scraped[#"juice_http_requests_total{route="/api/stores/{store}/report",method="GET",status="200"}"#]
                    == "1")
            #expect(scraped[#"juice_makes_total{store="main"}"#] == "2")
            #expect(scraped[#"juice_make_refusals_total{store="main",status="409"}"#] == "1")
            // The store not served is no store of the metrics.
            #expect(!scraped.keys.contains { $0.contains("nowhere") })
            #expect(scraped[#"juice_store_wait_seconds_count{store="main",kind="change"}"#] == "3")
            #expect(scraped[#"juice_store_wait_seconds_count{store="main",kind="read"}"#] == "1")
            #expect(scraped["juice_event_streams_open"] == "1.0")
            // No database: no metric of one.
            #expect(!scraped.keys.contains { $0.hasPrefix("juice_database_up") || $0.hasPrefix("juice_sync_") })
            #expect(server.stop() == 0)
        }
    }

    /// A server writes no body for `HEAD`, which is when the metrics'
    /// middleware counts a request: `HEAD`s went uncounted, and each one
    /// stayed active for ever.
    @Test func aHeadIsCountedAndNoLongerActiveOnceAnswered() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            for _ in 0..<3 { #expect(try call(server.port, "HEAD", "/api/stores/main/report").status == 200) }
            #expect(try call(server.port, "HEAD", "/nothing").status == 404)
            let head = #"juice_http_requests_total{route="/api/stores/{store}/report",method="HEAD",status="200"}"#
            var scraped: [String: String] = [:]
            let deadline = ContinuousClock.now + .seconds(30)
            repeat {
                scraped = samples(try call(server.port, "GET", "/metrics").body)
                if scraped[head] == "3" { break }
                try await Task.sleep(for: .milliseconds(100))
            } while ContinuousClock.now < deadline
            #expect(scraped[head] == "3")
            #expect(scraped[#"juice_http_requests_total{route="NotFound",method="HEAD",status="404"}"#] == "1")
            #expect(scraped[#"juice_http_active_requests{method="HEAD"}"#] == "0.0")
            #expect(server.stop() == 0)
        }
    }

    @Test func healthIsOkUntilAStoresFilesStandInvalid() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let healthy = try call(server.port, "GET", "/healthz")
            #expect(healthy.status == 200)
            #expect(healthy.body == "{\n  \"problems\" : [\n\n  ],\n  \"status\" : \"ok\"\n}\n")

            try Data("fruits: [\n".utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            let failing = try call(server.port, "GET", "/healthz")
            #expect(failing.status == 503)
            let answer = try JSON(parsing: failing.body)
            #expect(answer["status"] == "failing")
            #expect(answer["problems"]?.items.count == 1)
            #expect(answer["problems"]?[0]?["store"] == "main")
            #expect(answer["problems"]?[0]?["problem"] == "invalid")
            let message = answer["problems"]?[0]?["message"]?.string ?? ""
            #expect(message.hasPrefix("the files of store main are invalid since "))
            #expect(message.hasSuffix(" (juice validate lists the problems)"))
            #expect(!failing.body.contains(fixture.folder.path))

            try Data(Fixture.menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            #expect(try call(server.port, "GET", "/healthz").status == 200)
            #expect(server.stop() == 0)
        }
    }

    /// A store whose inventory's folder is removed cannot save a change:
    /// the health says so (every make would be refused) until it is back.
    @Test func healthFailsWhileAnInventorysFolderIsGone() async throws {
        try await Fixture.with { fixture in
            let shop = fixture.folder.appendingPathComponent("shop")
            try FileManager.default.createDirectory(at: shop, withIntermediateDirectories: true)
            let server = try ServerProcess(
                in: fixture.folder, arguments: ["--menu", "menu.yaml", "--inventory", "shop/inventory.yaml"])
            #expect(try call(server.port, "GET", "/healthz").status == 200)

            try FileManager.default.removeItem(at: shop)
            let failing = try call(server.port, "GET", "/healthz")
            #expect(failing.status == 503)
            let answer = try JSON(parsing: failing.body)
            #expect(
                answer["problems"]
                    == .array([
                        .object([
                            "store": "main", "problem": "unsavable",
                            "message": .string(
                                "store main cannot save a change: the folder of its inventory is gone or cannot be written"
                            ),
                        ])
                    ]))
            #expect(!failing.body.contains(fixture.folder.path))
            #expect(
                try call(server.port, "POST", "/api/stores/main/make", body: #"{"orders": ["banana"]}"#).status != 200)

            try FileManager.default.createDirectory(at: shop, withIntermediateDirectories: true)
            #expect(try call(server.port, "GET", "/healthz").status == 200)
            #expect(server.stop() == 0)
        }
    }

    /// A chain's manifest broken or removed while the server runs: the
    /// stores read before are still served, and the health says since when
    /// the manifest cannot be read, until it can again.
    @Test func healthFailsWhileTheManifestCannotBeRead() async throws {
        try await Fixture.with { fixture in
            let manifest = fixture.folder.appendingPathComponent("stores.yaml")
            let text = "stores:\n  main: { menu: menu.yaml, inventory: inventory.yaml }\n"
            try Data(text.utf8).write(to: manifest)
            let server = try ServerProcess(in: fixture.folder, arguments: ["--stores", "stores.yaml"])
            #expect(try call(server.port, "GET", "/healthz").status == 200)

            try Data("stores: [\n".utf8).write(to: manifest)
            let broken = try call(server.port, "GET", "/healthz")
            #expect(broken.status == 503)
            let problems = try JSON(parsing: broken.body)["problems"]?.items ?? []
            #expect(problems.count == 1)
            #expect(problems.first?["problem"] == "manifest")
            #expect(problems.first?["store"] == nil)
            let message = problems.first?["message"]?.string ?? ""
            #expect(message.hasPrefix("the manifest cannot be read since "))
            #expect(message.hasSuffix(": the stores read before are served (juice validate says why)"))
            #expect(try call(server.port, "GET", "/api/stores/main/report").status == 200)
            // No path is said to whoever asks (the health needs no token).
            #expect(!broken.body.contains(fixture.folder.path))
            // The same moment is said while the file stays broken, and
            // when it is removed.
            try FileManager.default.removeItem(at: manifest)
            let gone = try JSON(parsing: try call(server.port, "GET", "/healthz").body)
            #expect(gone["problems"]?.items.first?["message"]?.string == message)

            try Data(text.utf8).write(to: manifest)
            #expect(try call(server.port, "GET", "/healthz").status == 200)
            #expect(server.stop() == 0)
        }
    }

    @Test(.enabled(if: OffLoopback.address != nil, OffLoopback.skipped))
    func offLoopbackTheMetricsNeedTheTokenAndHealthDoesNot() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(
                in: fixture.folder, arguments: Self.files + ["--host", "0.0.0.0", "--token", "s3cret"])
            #expect(try call(server.port, "GET", "/metrics").status == 200)
            #expect(try call(server.port, "GET", "/healthz").status == 200)
            // The address a tablet opens: this machine's, off loopback.
            let address = try #require(server.firstLine.firstMatch(of: #/open http://([0-9.]+):/#)?.output.1)
            let refused = try call(server.port, "GET", "/metrics", address: String(address))
            #expect(refused.status == 401)
            #expect(refused.body.contains("the metrics need the token off loopback: Authorization: Bearer TOKEN"))
            let allowed = try call(
                server.port, "GET", "/metrics", address: String(address),
                headers: ["Authorization": "Bearer s3cret"])
            #expect(allowed.status == 200)
            #expect(allowed.body.contains("# TYPE juice_http_requests_total counter"))
            #expect(try call(server.port, "GET", "/healthz", address: String(address)).status == 200)
            #expect(server.stop() == 0)
        }
    }
}
