import Foundation
import HummingbirdTesting
import JuiceServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A way to make requests fail (or not), tried on every operation of the
/// document against the server in process, over a loopback socket.
struct Provocation: Sendable {
    var name: String
    /// The store the paths name.
    var store = "main"
    /// The body of each request: every member any `POST` reads, as the
    /// decoders pass over the members they do not know (but for the routes
    /// of ``closedMembers``, which are sent only theirs, and an import,
    /// which is sent ``export``); any other body is sent to every route as
    /// it is, an import's too.
    var body = Self.everyMember
    /// Headers sent with every request, beside the usual ones.
    var headers: [String: String] = [:]
    var token: String?
    /// Whether another holder keeps the inventory's lock.
    var holdsLock = false
    /// Requests made first: `POST` paths under the store, with their bodies.
    var before: [(String, String)] = []
    /// Whether the methods each path does not take are asked, rather than
    /// the documented ones.
    var otherMethods = false
    /// The query of every request: the log's paging, say.
    var query = ""
    /// Whether the requests come from off loopback: the real server
    /// listens on every address (with ``token``), and is asked at this
    /// machine's first address off loopback (the one it tells a tablet to
    /// open).
    var offLoopback = false
    /// Changes the fixture's files first.
    var prepare: @Sendable (Fixture) throws -> Void = { _ in }
    /// Changes the server's configuration.
    var configure: @Sendable (inout ServerConfiguration) -> Void = { _ in }

    /// The default ``body``.
    static let everyMember = #"{"orders": ["banana"], "changes": ["kiwi=+1"], "counts": ["kiwi=3"], "order": 1}"#

    /// The body of an import (a till's export, `text/csv`): a sale of a
    /// name the fixture has no sales map for, held back.
    static let export = "time,item,quantity\n2026-11-28T10:00:00Z,Banana Juice,1\n"

    /// The members each route whose body is closed takes (any other is a
    /// 400), by the path's last part.
    static let closedMembers: [String: Set<String>] = [
        "order": [], "receive": ["order", "arrived"], "cancel": ["order"], "waste-expired": [],
    ]

    /// `body` as sent to `path`: a JSON object sent to a route of
    /// ``closedMembers`` keeps only that route's members.
    func body(for path: String) -> String {
        if path.hasSuffix("/import"), body == Self.everyMember { return Self.export }
        guard let route = path.split(separator: "/").last, let members = Self.closedMembers[String(route)],
            let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        else { return body }
        let kept = object.filter { members.contains($0.key) }
        guard let data = try? JSONSerialization.data(withJSONObject: kept, options: .sortedKeys) else { return body }
        return String(decoding: data, as: UTF8.self)
    }

    static let all: [Provocation] = [
        Provocation(name: "as asked"),
        Provocation(name: "an unknown store", store: "nowhere"),
        Provocation(name: "another method", otherMethods: true),
        Provocation(name: "no token", token: "s3cret"),
        Provocation(name: "no token, off loopback", token: "s3cret", offLoopback: true),
        Provocation(name: "a page of another site", headers: ["Origin": "http://evil.example"]),
        Provocation(name: "a form's body", headers: ["Content-Type": "text/plain;charset=UTF-8"]),
        Provocation(name: "another host name (DNS rebinding)", headers: ["Host": "evil.example:8080"]),
        Provocation(name: "a Host that is no host and port", headers: ["Host": "localhost:abc"]),
        Provocation(
            name: "a body over the limit", body: "[" + String(repeating: "1,", count: 40_000) + "1]",
            configure: { $0.importLimit = $0.bodyLimit }),
        Provocation(name: "not the JSON expected", body: "not json"),
        Provocation(name: "a log page out of range", query: "?limit=1001&before=0"),
        Provocation(name: "a period that is no time", query: "?since=soon"),
        Provocation(name: "an import's option it does not take", query: "?from=clover"),
        Provocation(name: "an order past what a total holds") { fixture in
            // 11 lines of 10^18 each: more than an Int holds.
            let fruits = (0..<11).map { "f\($0)" }
            try Data(
                ("fruits:\n"
                    + fruits.map { "  \($0): { stock: 0, cost: 1000000000, par: 1000000000, supplier: s }\n" }
                    .joined() + "suppliers:\n  s: { minimum: 0 }\n"
                    + "recipes:\n  all: { \(fruits.map { "\($0): 1" }.joined(separator: ", ")) }\n").utf8
            ).write(to: URL(fileURLWithPath: fixture.menuPath))
        },
        Provocation(name: "an invalid menu") {
            try Data("fruits: 3\n".utf8).write(to: URL(fileURLWithPath: $0.menuPath))
        },
        Provocation(name: "an invalid inventory") { try $0.writeInventory("banana: -1\nkiwi: 3\n") },
        Provocation(name: "no menu file") { try FileManager.default.removeItem(atPath: $0.menuPath) },
        Provocation(name: "a lock held elsewhere", holdsLock: true),
        Provocation(
            name: "a server too busy",
            configure: {
                $0.maxStreams = 0
                $0.storeQueueLimit = 0
                $0.importsAtOnce = 0
            }),
        Provocation(
            name: "beyond the stock", body: #"{"orders": ["kiwiBanana=9"], "changes": ["kiwi=-99"], "id": 1}"#,
            before: [("make", #"{"orders": ["banana"]}"#), ("undo", "")]),
        // Order 1 placed: received as asked (the receive is before the
        // cancel in the document), then refused to the cancel.
        Provocation(name: "an order placed", before: [("order", "{}")], prepare: Self.menuWithPar),
        // Order 1 placed and cancelled: receiving it is refused (409 `cancelled`).
        Provocation(
            name: "an order placed and cancelled", before: [("order", "{}"), ("cancel", #"{"order": 1}"#)],
            prepare: Self.menuWithPar),
        // Order 1 placed, a receive refused for what it says arrived: the cancel withdraws it.
        Provocation(
            name: "an order placed and a bad arrival",
            body:
                #"{"orders": ["banana"], "changes": ["kiwi=+1"], "counts": ["kiwi=3"], "order": 1, "arrived": ["nothing=1"]}"#,
            before: [("order", "{}")], prepare: Self.menuWithPar),
    ]

    /// The fixture's menu with a par for kiwi: `order` places 1 pack.
    static func menuWithPar(_ fixture: Fixture) throws {
        try Data(
            Fixture.menu.replacingOccurrences(of: "stock: 3 }", with: "stock: 3, par: 20, pack: 20 }").utf8
        ).write(to: URL(fileURLWithPath: fixture.menuPath))
    }

    /// Asks every operation (or every other method) once, each answer
    /// checked against the document; the statuses each operation
    /// answered, with this provocation's name.
    func run(_ document: OpenAPIDocument) async throws -> [OpenAPIDocument.Operation: [Int: [String]]] {
        try await Fixture.with { fixture in
            try prepare(fixture)
            var descriptor: Int32 = -1
            if holdsLock {
                descriptor = open(fixture.inventoryPath + ".lock", O_CREAT | O_RDWR, 0o644)
                #expect(flock(descriptor, LOCK_EX) == 0)
            }
            defer { if descriptor >= 0 { close(descriptor) } }
            var configuration = fixture.configuration(token: token, lockTimeout: holdsLock ? 0.3 : 10)
            configure(&configuration)
            let results = Results()
            /// Every operation (or every other method) asked of the server
            /// at `address` and `port`.
            @Sendable func askAll(_ port: Int, at address: String) async throws {
                for (path, body) in before {
                    let answer = try await Self.ask(
                        port, "POST", "/api/stores/\(store)/\(path)", body: body, address: address)
                    #expect(answer.status == 200, "\(name): \(path) first")
                }
                for operation in document.operations {
                    let uri = operation.path.replacingOccurrences(of: "{store}", with: store) + query
                    let methods =
                        otherMethods
                        ? OpenAPITests.methods.filter { method in
                            !document.operations.contains { $0.path == operation.path && $0.method == method }
                        } : [operation.method]
                    for method in methods {
                        var headers = headers
                        if let type = operation.requestMediaType, !headers.keys.contains("Content-Type") {
                            headers["Content-Type"] = type
                        }
                        let answer = try await Self.ask(
                            port, method, uri, body: method == "GET" ? nil : body(for: operation.path),
                            headers: headers, address: address)
                        for problem in document.problems(answer) {
                            Issue.record("\(name): openapi.yaml does not describe the answer: \(problem)")
                        }
                        await results.add(operation, answer.status, "\(name): \(method)")
                    }
                }
            }
            if offLoopback {
                // The real binary on every address (the test framework's
                // server listens on loopback alone), asked at the address it
                // tells a tablet to open.
                let server = try ServerProcess(
                    in: fixture.folder,
                    arguments: [
                        "--menu", fixture.menuPath, "--inventory", fixture.inventoryPath, "--host", "0.0.0.0",
                        "--token", token ?? "",
                    ])
                let address = try #require(server.firstLine.firstMatch(of: #/open http://([0-9.]+):/#)?.output.1)
                try await askAll(server.port, at: String(address))
                #expect(server.stop() == 0)
            } else {
                let app = try JuiceApp(configuration)
                try await app.application().test(.live) { client in
                    try await askAll(try #require(client.port), at: "127.0.0.1")
                }
            }
            return await results.statuses
        }
    }

    /// The statuses answered, gathered from the test client's closure.
    private actor Results {
        var statuses: [OpenAPIDocument.Operation: [Int: [String]]] = [:]
        func add(_ operation: OpenAPIDocument.Operation, _ status: Int, _ cause: String) {
            statuses[operation, default: [:]][status, default: []].append(cause)
        }
    }

    /// One request over a new connection, off the cooperative pool (its
    /// reads block): the answer, of an event stream its first event.
    static func ask(
        _ port: Int, _ method: String, _ uri: String, body: String?, headers: [String: String] = [:],
        address: String = "127.0.0.1"
    ) async throws -> APIAnswer {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        let client = try LoopbackClient(
                            port: port, address: address, timeout: 30, checksAnswers: false)
                        try client.send(method, uri, body: body, headers: headers)
                        let status = try client.status()
                        var text: String
                        if client.headers["content-type"]?.hasPrefix("text/event-stream") == true {
                            let event = client.event()
                            text =
                                event.map { event in
                                    "event: \(event.name)\n"
                                        + event.data.split(separator: "\n", omittingEmptySubsequences: false).map {
                                            "data: \($0)\n"
                                        }.joined() + "\n"
                                } ?? ""
                        } else {
                            text = client.rest()
                        }
                        return APIAnswer(method: method, uri: uri, status: status, headers: client.headers, body: text)
                    })
            }
        }
    }
}
