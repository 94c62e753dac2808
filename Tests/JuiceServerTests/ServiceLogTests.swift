import Foundation
import TestSupport
import Testing

/// The real `juice-server`'s log on stderr (SPEC 19): a line per request
/// and per change, as text or JSON, and never the token nor a body.
@Suite(.serialized) struct ServiceLogTests {
    static let token = "tok-7Qx91Zr"
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml", "--token", token]

    /// Runs the server with `arguments` over `fixture`, makes four changes
    /// with bodies (one refused for its recipe, one for its token), stops
    /// it, and gives its whole stderr.
    private func log(_ fixture: Fixture, _ arguments: [String]) async throws -> String {
        let path = fixture.folder.appendingPathComponent("stderr.txt")
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        let errors = try FileHandle(forWritingTo: path)
        let server = try ServerProcess(in: fixture.folder, arguments: Self.files + arguments, errors: errors)
        let bearer = ["Authorization": "Bearer \(Self.token)"]
        for (body, status, headers) in [
            (#"{"orders": ["kiwiBanana"]}"#, 200, bearer),
            (#"{"orders": ["secretSauce42"]}"#, 400, bearer),
            (#"{"orders": ["kiwiBanana"]}"#, 401, ["Authorization": "Bearer wrongWrong55"]),
        ] {
            let client = try LoopbackClient(port: server.port)
            try client.send("POST", "/api/stores/main/make", body: body, headers: headers)
            #expect(try client.status() == status)
            _ = client.rest()
        }
        let adjust = try LoopbackClient(port: server.port)
        try adjust.send(
            "POST", "/api/stores/main/adjust", body: #"{"changes": ["kiwi=+7"], "reason": "delivery"}"#,
            headers: bearer)
        #expect(try adjust.status() == 200)
        _ = adjust.rest()
        #expect(server.stop() == 0)
        try errors.close()
        return try String(contentsOf: path, encoding: .utf8)
    }

    /// What no line of `log` may hold: the token (the right one and a wrong
    /// one), and any text of the bodies.
    private func expectNothingSecret(_ log: String) {
        for secret in [Self.token, "wrongWrong55", "kiwiBanana", "secretSauce42", "kiwi=+7", "delivery", "orders"] {
            #expect(!log.contains(secret), "\(secret) in the log:\n\(log)")
        }
    }

    @Test func theTextLogHasALinePerRequestAndPerChangeAndNoSecret() async throws {
        try await Fixture.with { fixture in
            let log = try await log(fixture, [])
            expectNothingSecret(log)
            let lines = log.split(separator: "\n").map(String.init)
            let requests = lines.filter { $0.hasSuffix(" request") }
            #expect(requests.count == 4, "\(log)")
            let make = "method=POST route=/api/stores/{store}/make seconds="
            #expect(requests[0].contains(make) && requests[0].contains(" status=200 store=main [JuiceServer] request"))
            #expect(requests[1].contains(make) && requests[1].contains(" status=400 store=main [JuiceServer] request"))
            #expect(requests[2].contains(make) && requests[2].contains(" status=401 store=main [JuiceServer] request"))
            let changes = lines.filter { $0.hasSuffix(" change") }
            #expect(changes.count == 2, "\(log)")
            #expect(changes[0].hasSuffix(" info juice-server: entry=1 kind=make store=main [JuiceServer] change"))
            #expect(changes[1].hasSuffix(" info juice-server: entry=2 kind=adjust store=main [JuiceServer] change"))
        }
    }

    @Test func theJSONLogIsAnObjectALineAndNoSecret() async throws {
        try await Fixture.with { fixture in
            let log = try await log(fixture, ["--log-format", "json"])
            expectNothingSecret(log)
            let records = try log.split(separator: "\n").map { try JSON(parsing: String($0)) }
            #expect(records.allSatisfy { $0["time"]?.string != nil && $0["label"] == "juice-server" })
            let requests = records.filter { $0["message"] == "request" }
            #expect(requests.count == 4)
            #expect(requests.first?["method"] == "POST")
            #expect(requests.first?["route"] == "/api/stores/{store}/make")
            #expect(requests.first?["status"] == "200")
            #expect(requests.first?["store"] == "main")
            #expect(requests.first?["seconds"]?.string.flatMap(Double.init) != nil)
            let changes = records.filter { $0["message"] == "change" }
            #expect(
                changes.map { [$0["entry"], $0["kind"], $0["store"]] } == [
                    ["1", "make", "main"], ["2", "adjust", "main"],
                ])
        }
    }
}
