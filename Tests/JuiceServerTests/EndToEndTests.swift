import Foundation
import TestSupport
import Testing

/// The real `juice-server` on a free loopback port, beside real `juice`
/// processes on the same files.
@Suite(.serialized) struct EndToEndTests {
    static let files = ["--menu", "menu.yaml", "--inventory", "inventory.yaml"]

    @Test func aMakeIsStoredAndAJuiceAdjustArrivesAsAnEvent() async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let make = try LoopbackClient(port: server.port)
            try make.send("POST", "/api/stores/main/make", body: #"{"orders": ["banana=2"]}"#)
            #expect(try make.status() == 200)
            #expect(make.rest().contains("\"banana\" : 6"))
            #expect(fixture.stock() == "banana: 6\nkiwi: 3\n")

            // Events come within 250 ms (the poll); the read's bound is a
            // guard against a hang, not a measure of speed.
            let events = try LoopbackClient(port: server.port)
            try events.send("GET", "/api/stores/main/events")
            #expect(try events.status() == 200)
            let first = events.event()
            #expect(first?.name == "inventory")
            #expect(first?.data.contains("\"banana\" : 6") == true)

            let adjust = try await ServerProcess.juice(
                ["adjust", "kiwi=+5", "--reason", "delivery"] + Self.files, in: fixture.folder)
            #expect(adjust.status == 0)
            let next = events.event()
            #expect(next?.name == "inventory")
            #expect(next?.data.contains("\"kiwi\" : 8") == true)
            #expect(server.stop() == 0)
        }
    }

    @Test(arguments: [
        ("report", ["report", "--format", "json"]), ("menu", ["menu", "--format", "json", "--menu", "menu.yaml"]),
        ("log", ["log", "--format", "json"]),
    ])
    func answersAreTheCommandLinesJSON(path: String, command: [String]) async throws {
        let files = command.contains("--menu") ? [] : Self.files
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            _ = try await ServerProcess.juice(["make", "kiwiBanana"] + Self.files, in: fixture.folder)
            let client = try LoopbackClient(port: server.port)
            try client.send("GET", "/api/stores/main/\(path)")
            #expect(try client.status() == 200)
            let cli = try await ServerProcess.juice(command + files, in: fixture.folder)
            #expect(cli.status == 0)
            // The API's log is a page: `juice log`'s entries (one here, so in
            // either order) and `next`.
            let expected =
                path == "log"
                ? cli.stdout.replacingOccurrences(
                    of: "\n  \"diagnostics\" :", with: "\n  \"next\" : null,\n  \"diagnostics\" :")
                : cli.stdout
            #expect(client.rest() == expected)
            #expect(server.stop() == 0)
        }
    }

    /// What changes the stock answers as `juice ... --format json` does,
    /// byte for byte, refusals included: the server on one copy of the
    /// files, `juice` on another, after the same change before.
    @Test(arguments: [
        ("make", #"{"orders": ["banana=2"]}"#, ["make", "banana=2"], 200 as Int, 0 as Int32),
        ("make", #"{"orders": ["kiwiBanana=2"]}"#, ["make", "kiwiBanana=2"], 409, 1),
        ("make", #"{"orders": ["mango"]}"#, ["make", "mango"], 400, 64),
        (
            "adjust", #"{"changes": ["kiwi=+5"], "reason": "delivery"}"#,
            ["adjust", "kiwi=+5", "--reason", "delivery"],
            200, 0
        ),
        ("adjust", #"{"changes": ["kiwi=-9"]}"#, ["adjust", "kiwi=-9"], 409, 1),
        ("undo", "{}", ["undo"], 200, 0), ("undo", #"{"id": 7}"#, ["undo", "7"], 400, 64),
    ])
    func changesAnswerAsTheCommandLinesJSON(
        path: String, body: String, command: [String], status: Int, exitStatus: Int32
    ) async throws {
        try await Fixture.with { served in
            try await Fixture.with { local in
                for fixture in [served, local] {
                    #expect(
                        try await ServerProcess.juice(["make", "kiwiBanana"] + Self.files, in: fixture.folder).status
                            == 0)
                }
                let server = try ServerProcess(in: served.folder, arguments: Self.files)
                let client = try LoopbackClient(port: server.port)
                try client.send("POST", "/api/stores/main/\(path)", body: body)
                #expect(try client.status() == status)
                let cli = try await ServerProcess.juice(command + Self.files + ["--format", "json"], in: local.folder)
                #expect(cli.status == exitStatus)
                #expect(client.rest() == cli.stdout)
                #expect(served.stock() == local.stock())
                #expect(server.stop() == 0)
            }
        }
    }

    /// On the wire, `HEAD` of a streamed answer (the log, the event stream)
    /// sends the headers its `GET` sends, framing included (chunked in
    /// HTTP/1.1, no `Content-Length: 0`), and nothing after them: no body,
    /// no stream started, the connection closed at once.
    @Test(arguments: ["log", "events"])
    func headOfAStreamedAnswerSendsItsGetsHeaders(path: String) async throws {
        try await Fixture.with { fixture in
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let get = try LoopbackClient(port: server.port)
            try get.send("GET", "/api/stores/main/\(path)", version: "1.1")
            #expect(try get.status() == 200)
            let head = try LoopbackClient(port: server.port)
            try head.send("HEAD", "/api/stores/main/\(path)", version: "1.1")
            #expect(try head.status() == 200)
            #expect(head.headers["content-length"] == nil)
            #expect(head.headers["transfer-encoding"] == "chunked")
            let type = path == "log" ? "application/json; charset=utf-8" : "text/event-stream; charset=utf-8"
            #expect(head.headers["content-type"] == type)
            #expect(head.headers.filter { $0.key != "date" } == get.headers.filter { $0.key != "date" })
            #expect(head.line() == nil, "nothing after the headers")
            #expect(server.stop() == 0)
        }
    }

    @Test func theExampleChainIsServedByStoreName() async throws {
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes"])
            let server = try ServerProcess(in: fixture.folder, arguments: ["--stores", "recipes/stores.yaml"])
            let client = try LoopbackClient(port: server.port)
            try client.send("GET", "/api/stores")
            #expect(try client.status() == 200)
            #expect(
                client.rest()
                    == "{\n  \"stores\" : [\n    \"gangnam\",\n    \"hongdae\",\n    \"jamsil\",\n    \"seoulStation\"\n  ]\n}\n"
            )
            let noInventory = try LoopbackClient(port: server.port)
            try noInventory.send("POST", "/api/stores/seoulStation/make", body: #"{"orders": ["banana"]}"#)
            #expect(try noInventory.status() == 400)
            #expect(server.stop() == 0)
        }
    }

    /// A default menu that cannot be read (a dangling link) is refused as
    /// `juice` refuses it (66, missing-file), never taken for the built-in
    /// menu, whose stock a change would then write over the store's.
    @Test func aDanglingDefaultMenuIsRefusedNotReplacedByTheBuiltInMenu() async throws {
        try await Fixture.with { fixture in
            let recipes = fixture.folder.appendingPathComponent("recipes")
            try FileManager.default.createDirectory(at: recipes, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: recipes.appendingPathComponent("menu.yaml").path, withDestinationPath: "gone.yaml")
            let server = try ServerProcess(in: fixture.folder, arguments: [])
            let report = try LoopbackClient(port: server.port)
            try report.send("GET", "/api/stores/main/report")
            #expect(try report.status() == 500)
            let cli = try await ServerProcess.juice(["report", "--format", "json"], in: fixture.folder)
            #expect(cli.status == 66)
            #expect(report.rest() == cli.stdout)
            #expect(cli.stdout.contains(#""error" : "missing-file""#))
            let make = try LoopbackClient(port: server.port)
            try make.send("POST", "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
            #expect(try make.status() == 500)
            #expect(
                !FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("inventory.yaml").path))
            #expect(server.stop() == 0)
        }
    }

    @Test func anotherAddressWithoutATokenDoesNotStart() async throws {
        guard let binary = ServerProcess.binary("juice-server") else { throw ClientError("no juice-server binary") }
        let result = try await RunningProcess.run(
            executable: binary, arguments: ["--host", "0.0.0.0", "--port", "0"],
            directory: FileManager.default.temporaryDirectory,
            environment: BuiltProduct.environment(["JUICE_TOKEN": nil]),
            timeout: 600
        )
        #expect(result.exitCode == 78)
        #expect(result.stderr.contains("listening on 0.0.0.0 needs a token"))
    }

    /// An option of one value given twice is a usage error naming it, as
    /// in `juice`: the argument parser kept the last `--port` silently.
    @Test func anOptionOfOneValueGivenTwiceDoesNotStart() async throws {
        guard let binary = ServerProcess.binary("juice-server") else { throw ClientError("no juice-server binary") }
        let result = try await RunningProcess.run(
            executable: binary, arguments: ["--port", "0", "--port=1"],
            directory: FileManager.default.temporaryDirectory,
            environment: BuiltProduct.environment(["JUICE_TOKEN": nil]),
            timeout: 600
        )
        #expect(result.exitCode == 64)
        #expect(
            result.stderr.hasPrefix("Error: --port is given 2 times (0, 1): it takes one value; give it once\n"),
            "\(result.stderr)")
    }

    /// A retry with the same `Idempotency-Key` makes one juice: after the
    /// server restarts (the key is in the journal, not in memory), and from
    /// two requests at once (the key is looked up under the store's lock).
    @Test func aRetryWithItsKeyMakesOneJuiceAcrossARestartAndAtOnce() async throws {
        @Sendable func make(_ port: Int, key: String) throws -> (Int, String) {
            let client = try LoopbackClient(port: port)
            try client.send(
                "POST", "/api/stores/main/make", body: #"{"orders": ["banana"]}"#, headers: ["Idempotency-Key": key])
            return (try client.status(), client.rest())
        }
        try await Fixture.with { fixture in
            var server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let first = try make(server.port, key: "tap-1")
            #expect(first.0 == 200 && first.1.contains("\"banana\" : 8"))
            #expect(server.stop() == 0)

            server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let port = server.port
            #expect(try make(port, key: "tap-1") == first)
            async let one = Task.detached { try make(port, key: "tap-2") }.value
            async let two = Task.detached { try make(port, key: "tap-2") }.value
            let (a, b) = try await (one, two)
            #expect(a == b && a.0 == 200 && a.1.contains("\"banana\" : 6"))
            #expect(server.stop() == 0)

            #expect(fixture.stock() == "banana: 6\nkiwi: 3\n")
            let journal = try String(contentsOfFile: fixture.inventoryPath + ".journal", encoding: .utf8)
            let keys = journal.split(separator: "\n").map { $0.contains(#""key":"tap-1""#) ? "tap-1" : "tap-2" }
            #expect(keys == ["tap-1", "tap-2"])
        }
    }

    /// Issue 32: one change to a store whose journal ends at the largest id
    /// killed the server (an overflow trap) and every store it served. It
    /// is an invalid journal now (422, the line named), and the server
    /// answers the next request.
    @Test func aChangeAfterTheLargestJournalIDIs422AndTheServerGoesOn() async throws {
        try await Fixture.with { fixture in
            #expect(try await ServerProcess.juice(["adjust", "kiwi=+1"] + Self.files, in: fixture.folder).status == 0)
            let journal = try String(contentsOfFile: fixture.inventoryPath + ".journal", encoding: .utf8)
            try Data(journal.replacing(#""id":1,"#, with: #""id":9223372036854775807,"#).utf8).write(
                to: URL(fileURLWithPath: fixture.inventoryPath + ".journal"))
            try fixture.writeInventory(
                try #require(fixture.inventoryText()).replacing(
                    "# journal: entry 1,", with: "# journal: entry 9223372036854775807,"))
            let server = try ServerProcess(in: fixture.folder, arguments: Self.files)
            let adjust = try LoopbackClient(port: server.port)
            try adjust.send("POST", "/api/stores/main/adjust", body: #"{"changes": ["banana=+1"]}"#)
            #expect(try adjust.status() == 422)
            let body = adjust.rest()
            #expect(body.contains(#""error" : "invalid-data""#), "\(body)")
            #expect(
                body.contains(#""message" : "entry 9223372036854775807 is out of order: the next entry must be 1""#),
                "\(body)")
            let report = try LoopbackClient(port: server.port)
            try report.send("GET", "/api/stores/main/report")
            #expect(try report.status() == 200)
            #expect(report.rest().contains(#""kiwi" : 4"#))
            #expect(fixture.stock() == "banana: 10\nkiwi: 4\n")
            #expect(server.stop() == 0)
        }
    }
}
