import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceServer
import Testing

/// What keeps a page of another site away from the stock (SPEC 12), in
/// process: a change must be declared JSON (415) from the server's own
/// origin (403), every request's `Host` must name the server (421), the
/// body's JSON is strict; and the headers, `HEAD`, and error bodies
/// without the server's absolute paths.
@Suite struct RequestSafetyTests {
    static let make = "/api/stores/main/make"
    static let order = #"{"orders": ["banana"]}"#

    /// A form (`text/plain`, `application/x-www-form-urlencoded`,
    /// `multipart/form-data`) or a `no-cors` fetch cannot send JSON's type
    /// without the browser asking first; none of them changes the stock.
    @Test(arguments: [
        "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data",
        "application/jsonp", nil,
    ])
    func aChangeNotDeclaredJSONIs415(contentType: String?) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                for path in ["make", "adjust", "undo"] {
                    let answer = try await client.call(
                        .post, "/api/stores/main/\(path)", body: #"{"orders": ["banana"], "changes": ["kiwi=+1"]}"#,
                        contentType: contentType)
                    #expect(answer.status == 415, "\(path)")
                    #expect(answer.body.contains(#""error" : "unsupported-media-type""#))
                    #expect(answer.body.contains("Content-Type: application/json"))
                }
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])
    func jsonWithAnyCharsetParameterIsAChange(contentType: String) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.post, Self.make, body: Self.order, contentType: contentType)
                #expect(answer.status == 200)
                #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
            }
        }
    }

    /// The in-process client sends `Host: localhost`: the server's own
    /// origin is `http://localhost` (or `https://`, behind a proxy).
    @Test(arguments: [
        ("http://localhost", 200), ("https://localhost", 200), ("HTTP://LOCALHOST", 200),
        ("http://localhost:9999", 403), ("http://127.0.0.1", 403), ("http://evil.example", 403), ("null", 403),
        ("http://localhost.evil.example", 403),
    ])
    func aChangeFromAnotherOriginIs403(origin: String, status: Int) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.post, Self.make, body: Self.order, headers: [.origin: origin])
                #expect(answer.status == status)
                #expect(fixture.stock() == (status == 200 ? "banana: 8\nkiwi: 3\n" : nil))
                if status == 403 { #expect(answer.body.contains(#""error" : "forbidden""#)) }
                // Reading stays open to any origin: the browser keeps the answer from it.
                let report = try await client.call(.get, "/api/stores/main/report", headers: [.origin: origin])
                #expect(report.status == 200)
            }
        }
    }

    /// Over a socket, where `Host` is the client's to say: the names of the
    /// server pass, with any port and in any case; any other is 421, the
    /// page included (a rebound name must not even load it).
    @Test func aHostThatDoesNotNameTheServerIs421() async throws {
        try await Fixture.with { fixture in
            var configuration = fixture.configuration()
            configuration.allowedHosts = ["Counter.Shop", "fe80::1"]
            let app = try JuiceApp(configuration)
            try await app.application().test(.live) { client in
                let port = try #require(client.port)
                let named = [
                    "localhost", "localhost:\(port)", "LOCALHOST.", "127.0.0.1:\(port)", "[::1]:\(port)", "[::1]",
                    "counter.shop", "counter.shop:80", "[fe80::1]:\(port)",
                ]
                for host in named {
                    let answer = try await Provocation.ask(
                        port, "GET", "/api/stores/main/report", body: nil, headers: ["Host": host])
                    #expect(answer.status == 200, "\(host)")
                }
                for host in ["evil.example", "evil.example:\(port)", "127.0.0.2", "localhost.evil.example", "[::2]"] {
                    for (method, path, body) in [
                        ("GET", "/", nil), ("GET", "/api/stores/main/log", nil),
                        ("POST", Self.make, Self.order), ("POST", "/api/stores/main/undo", "{}"),
                    ] {
                        let answer = try await Provocation.ask(port, method, path, body: body, headers: ["Host": host])
                        #expect(answer.status == 421, "\(host) \(method) \(path)")
                        #expect(answer.body.contains(#""error" : "misdirected""#))
                        #expect(
                            answer.headers["content-security-policy"] == "default-src 'self'; frame-ancestors 'none'")
                    }
                }
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    /// Over a socket, the request written as it is: a `Host` that is not
    /// one host and port, given twice (either of them the server's name),
    /// or missing from an HTTP/1.1 request is 400 (RFC 9112), said in the
    /// request's language, the page included; an HTTP/1.0 request may come
    /// without `Host`, and a mark of HTTP/1.0 sent by the client is no
    /// excuse for an HTTP/1.1 one.
    @Test func aMalformedTwiceOrMissingHostIs400() async throws {
        try await Fixture.with { fixture in
            try await JuiceApp(fixture.configuration()).application().test(.live) { client in
                let port = try #require(client.port)
                let refused: [(fields: String, english: String, korean: String)] = [
                    (
                        "Host: localhost:\(port) evil\r\n",
                        "Host 'localhost:\(port) evil' is not a host and port (such as 127.0.0.1:8080)",
                        "Host 'localhost:\(port) evil'은 호스트와 포트가 아닙니다 (예: 127.0.0.1:8080)"
                    ),
                    (
                        "Host: localhost:abc\r\n",
                        "Host 'localhost:abc' is not a host and port (such as 127.0.0.1:8080)",
                        "Host 'localhost:abc'는 호스트와 포트가 아닙니다 (예: 127.0.0.1:8080)"
                    ),
                    ("Host: localhost\r\nHost: evil.example\r\n", "Host may be sent once only", "Host는 한 번만 보낼 수 있습니다"),
                    ("Host: evil.example\r\nHost: localhost\r\n", "Host may be sent once only", "Host는 한 번만 보낼 수 있습니다"),
                    ("", "an HTTP/1.1 request must send Host", "HTTP/1.1 요청에는 Host가 있어야 합니다"),
                    ("Juice-HTTP-1-0: 1\r\n", "an HTTP/1.1 request must send Host", "HTTP/1.1 요청에는 Host가 있어야 합니다"),
                ]
                for (fields, english, korean) in refused {
                    for (path, language, message) in [
                        ("/api/stores/main/report", "en", english), ("/", "ko", korean),
                        ("/api/stores/main/make", "en", english),
                    ] {
                        let method = path.hasSuffix("make") ? "POST" : "GET"
                        let answer = try await Self.send(
                            port,
                            "\(method) \(path) HTTP/1.1\r\n\(fields)Accept-Language: \(language)\r\n"
                                + "Content-Type: application/json\r\nContent-Length: \(Self.order.utf8.count)\r\n"
                                + "Connection: close\r\n\r\n\(Self.order)")
                        #expect(answer.status == 400, "\(fields) \(path)")
                        #expect(answer.body.contains(#""error" : "usage""#), "\(fields) \(path)")
                        #expect(
                            answer.body.contains(#""message" : "\#(message)""#), "\(fields) \(path): \(answer.body)")
                    }
                }
                let withoutHost = try await Self.send(port, "GET /api/stores/main/report HTTP/1.0\r\n\r\n")
                #expect(withoutHost.status == 200)
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    /// The status and body of `request`, sent to the server at `port` as
    /// it is.
    private static func send(_ port: Int, _ request: String) async throws -> (status: Int, body: String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        let client = try LoopbackClient(port: port, timeout: 30, checksAnswers: false)
                        try client.send(raw: request)
                        let status = try client.status()
                        return (status, client.rest())
                    })
            }
        }
    }

    /// Foundation's `JSONDecoder` takes each of these; the body is JSON
    /// as RFC 8259 says, or a 400 that names the byte where it stops being.
    @Test(arguments: [
        (#"{"orders": ["banana",]}"#, 21), (#"{"orders": ["banana"],}"#, 22), (#"{"orders": ["banana"]} x"#, 23),
        (#"{"orders": ["banana"]} // one"#, 23), (#"{'orders': ['banana']}"#, 1),
        (#"{"orders": ["banana"], "id": NaN}"#, 29),
    ])
    func aBodyThatIsNotStrictJSONIs400(body: String, byte: Int) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.post, Self.make, body: body)
                #expect(answer.status == 400)
                #expect(answer.body.contains("the request body is not JSON from byte \(byte + 1) on"), "\(answer.body)")
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeadersAndTheAPINoStore() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                for (path, isAPI) in [
                    ("/", false), ("/app.js", false), ("/stores/main", false), ("/nowhere", false),
                    ("/api/stores", true), ("/api/stores/main/report", true), ("/api/stores/nowhere/report", true),
                ] {
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(
                            response.headers[.contentSecurityPolicy] == "default-src 'self'; frame-ancestors 'none'",
                            "\(path)")
                        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                        #expect(response.headers[.init("Referrer-Policy")!] == "no-referrer", "\(path)")
                        #expect((response.headers[.cacheControl] == "no-store") == isAPI, "\(path)")
                    }
                }
                try await client.execute(uri: Self.make, method: .post, headers: [.contentType: "text/plain"]) {
                    #expect($0.status == .unsupportedMediaType)
                    #expect($0.headers[.cacheControl] == "no-store")
                }
            }
        }
    }

    /// The page under its policy: every script and style is a file of its
    /// own, none inline, which `default-src 'self'` would block.
    @Test func thePageHasNoInlineScriptOrStyle() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let page = try await client.call(.get, "/").body
                #expect(page.contains(#"<script src="/app.js"></script>"#))
                #expect(page.firstMatch(of: /<script(?![^>]*\bsrc=)[^>]*>/) == nil)
                #expect(page.firstMatch(of: /<style|\sstyle=|\son[a-z]+=|javascript:/) == nil)
            }
        }
    }

    /// `HEAD` answers as `GET`, with no body: the page, the API's reports,
    /// its refusals (a 404 here; a 405 says `HEAD` where `GET`'s says
    /// `GET`, so its length differs). The log is streamed, so its `GET`
    /// has no length, and neither has its `HEAD`.
    @Test(arguments: [
        "/", "/app.css", "/stores/main", "/openapi.yaml", "/api/stores", "/api/stores/main/report",
        "/api/stores/main/menu", "/api/stores/main/log", "/api/stores/nowhere/report", "/nowhere",
    ])
    func headAnswersAsGetWithoutABody(path: String) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let get = try await client.execute(uri: path, method: .get) { $0 }
                try await client.execute(uri: path, method: .head) { head in
                    #expect(head.status == get.status)
                    #expect(head.body.readableBytes == 0)
                    #expect(head.headers[.contentType] == get.headers[.contentType])
                    if path.hasSuffix("/log") { #expect(get.headers[.contentLength] == nil) }
                    #expect(head.headers[.contentLength] == get.headers[.contentLength])
                }
            }
        }
    }

    @Test func headOfTheEventStreamIsItsHeadersOnly() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                try await client.execute(uri: "/api/stores/main/events", method: .head) { head in
                    #expect(head.status == .ok)
                    #expect(head.headers[.contentType] == "text/event-stream; charset=utf-8")
                    #expect(head.headers[.contentLength] == nil)
                    #expect(head.body.readableBytes == 0)
                }
            }
        }
    }

    /// The menu's diagnostics (422) and a missing file (500) name the
    /// server's files by name, never by the absolute path it was given.
    @Test func errorsDoNotShowTheServersAbsolutePaths() async throws {
        try await Fixture.with { fixture in
            // Invalid from the start: nothing valid to fall back on.
            try Data("fruits: 3\n".utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            try await fixture.test { client in
                let invalid = try await client.call(.get, "/api/stores/main/report")
                #expect(invalid.status == 422)
                #expect(invalid.body.contains(#""file" : "menu.yaml""#), "\(invalid.body)")
                try FileManager.default.removeItem(atPath: fixture.menuPath)
                let missing = try await client.call(.post, Self.make, body: Self.order)
                #expect(missing.status == 500)
                #expect(missing.body.contains("menu.yaml"), "\(missing.body)")
                for answer in [invalid, missing] {
                    #expect(!answer.body.contains(fixture.folder.path), "\(answer.body)")
                }
            }
        }
    }

    /// A file inside the server's working directory, given by its absolute
    /// path, is named relative to that directory (the real server, whose
    /// working directory is the fixture's).
    @Test func aFileInsideTheWorkingDirectoryIsNamedRelativeToIt() async throws {
        try await Fixture.with { fixture in
            let sub = fixture.folder.appendingPathComponent("sub")
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let menu = sub.appendingPathComponent("menu.yaml")
            try Data("fruits: 3\n".utf8).write(to: menu)
            let server = try ServerProcess(
                in: fixture.folder, arguments: ["--menu", menu.path, "--inventory", fixture.inventoryPath])
            let client = try LoopbackClient(port: server.port)
            try client.send("GET", "/api/stores/main/report")
            #expect(try client.status() == 422)
            let body = client.rest()
            #expect(body.contains(#""file" : "sub/menu.yaml""#), "\(body)")
            #expect(!body.contains(fixture.folder.path), "\(body)")
            #expect(server.stop() == 0)
        }
    }
}
