import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JuiceServer
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every endpoint and status code of the API, in process: exact JSON,
/// exact stock in the file after each change.
@Suite struct APITests {
    static let emptyDiagnostics = "\"diagnostics\" : [\n\n  ]"

    @Test func storesListsTheOneStoreAsMain() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.get, "/api/stores")
                #expect(answer.status == 200)
                #expect(answer.contentType == "application/json; charset=utf-8")
                #expect(answer.body == "{\n  \"stores\" : [\n    \"main\"\n  ]\n}\n")
            }
        }
    }

    /// No inventory yet: the menu's initial stock, and a warning that says
    /// so, never a silent stock that looks counted.
    @Test func reportStartsFromTheMenusInitialStockAndSaysSo() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.get, "/api/stores/main/report")
                #expect(answer.status == 200)
                #expect(
                    answer.body == """
                        {
                          "diagnostics" : [
                            {
                              "code" : "missing-file",
                              "column" : 1,
                              "file" : "\(fixture.inventoryPath)",
                              "line" : 1,
                              "message" : "the inventory does not exist yet: the stock is the menu's initial stock until the first change writes it",
                              "severity" : "warning"
                            }
                          ],
                          "inventory" : {
                            "banana" : 10,
                            "kiwi" : 3
                          },
                          "recipes" : [
                            {
                              "id" : "banana",
                              "limitedBy" : [
                                "banana"
                              ],
                              "missing" : {

                              },
                              "name" : "Banana Juice",
                              "servings" : 5,
                              "uses" : {
                                "banana" : 2
                              }
                            },
                            {
                              "id" : "kiwiBanana",
                              "limitedBy" : [
                                "kiwi"
                              ],
                              "missing" : {

                              },
                              "name" : "Kiwi Banana Juice",
                              "servings" : 1,
                              "uses" : {
                                "banana" : 1,
                                "kiwi" : 2
                              }
                            }
                          ]
                        }

                        """)
            }
        }
    }

    @Test func makeTakesTheFruitAndStoresTheStock() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(
                    .post, "/api/stores/main/make", body: #"{"orders": ["banana=2", "kiwiBanana"]}"#)
                #expect(answer.status == 200)
                #expect(
                    answer.body == """
                        {
                          \(Self.emptyDiagnostics),
                          "entry" : 1,
                          "inventory" : {
                            "banana" : 5,
                            "kiwi" : 1
                          },
                          "ok" : true
                        }

                        """)
                #expect(fixture.stock() == "banana: 5\nkiwi: 1\n")
                let report = try await client.call(.get, "/api/stores/main/report")
                #expect(report.body.contains("\"inventory\" : {\n    \"banana\" : 5,\n    \"kiwi\" : 1\n  }"))
            }
        }
    }

    @Test func makeBeyondTheStockIsRefusedWithWhatIsMissing() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(
                    .post, "/api/stores/main/make", body: #"{"orders": ["kiwiBanana=2"]}"#)
                #expect(answer.status == 409)
                #expect(
                    answer.body == """
                        {
                          \(Self.emptyDiagnostics),
                          "error" : "insufficient-stock",
                          "missing" : {
                            "kiwi" : 1
                          },
                          "ok" : false
                        }

                        """)
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    @Test(arguments: [
        (#"{"orders": ["lemonade"]}"#, "unknown recipe 'lemonade'"),
        (#"{"orders": []}"#, "give at least one order"),
        (#"{"orders": "banana"}"#, "\\\"orders\\\" has the wrong type"),
        (#"{"order": ["banana"]}"#, "no \\\"orders\\\""),
        ("not json", "not JSON"),
        (#"{"orders": ["banana=99999999999999999999999"]}"#, "banana=99999999999999999999999"),
    ])
    func badOrdersAreUsageErrors(body: String, message: String) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.post, "/api/stores/main/make", body: body)
                #expect(answer.status == 400)
                #expect(answer.body.contains("\"error\" : \"usage\""))
                #expect(answer.body.contains(message), "\(answer.body)")
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let orders = Array(repeating: "\"banana\"", count: 10_000).joined(separator: ",")
                let answer = try await client.call(.post, "/api/stores/main/make", body: "{\"orders\": [\(orders)]}")
                #expect(answer.status == 413)
                #expect(answer.body.contains("\"message\" : \"the request body is larger than 65536 bytes\""))
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    @Test func anUnknownStoreIs404WithTheKnownOnes() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                for path in ["report", "menu", "log", "events"] {
                    let answer = try await client.call(.get, "/api/stores/mian/\(path)")
                    #expect(answer.status == 404)
                    #expect(
                        answer.body == """
                            {
                              \(Self.emptyDiagnostics),
                              "error" : "usage",
                              "message" : "no store 'mian' in juice-server (did you mean 'main'?); its stores: main",
                              "ok" : false
                            }

                            """)
                }
                let answer = try await client.call(.post, "/api/stores/nope/make", body: #"{"orders": ["banana"]}"#)
                #expect(answer.status == 404)
            }
        }
    }

    /// A known path asked with a method it does not take: 405 and `Allow`,
    /// not the 404 of a path that does not exist.
    @Test(arguments: [
        (HTTPRequest.Method.put, "/api/stores", "GET"),
        (.delete, "/api/stores/main/report", "GET"),
        (.post, "/api/stores/main/events", "GET"),
        (.get, "/api/stores/main/make", "POST"),
        (HTTPRequest.Method("QUERY")!, "/api/stores/main/undo", "POST"),
    ])
    func aMethodAPathDoesNotTakeIs405(method: HTTPRequest.Method, uri: String, allowed: String) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                try await client.execute(uri: uri, method: method) { response in
                    #expect(response.status == .methodNotAllowed)
                    #expect(response.headers[.allow] == allowed)
                    #expect(
                        String(buffer: response.body) == """
                            {
                              \(Self.emptyDiagnostics),
                              "error" : "usage",
                              "message" : "this path does not take \(method.rawValue): it takes \(allowed)",
                              "ok" : false
                            }

                            """)
                }
                let elsewhere = try await client.call(method, "/api/nothing")
                #expect(elsewhere.status == 404)
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    /// `null` for an optional member is the member left out, as the
    /// OpenAPI document says.
    @Test func aNullReasonOrIdIsTheDefault() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let adjust = try await client.call(
                    .post, "/api/stores/main/adjust", body: #"{"changes": ["kiwi=+2"], "reason": null}"#)
                #expect(adjust.status == 200)
                #expect(fixture.stock() == "banana: 10\nkiwi: 5\n")
                let log = try await client.call(.get, "/api/stores/main/log")
                #expect(log.body.contains(#""kind":"adjust","reason":"correction","changes":{"kiwi":2}}"#))
                let undo = try await client.call(.post, "/api/stores/main/undo", body: #"{"id": null}"#)
                #expect(undo.status == 200)
                #expect(fixture.stock() == "banana: 10\nkiwi: 3\n")
            }
        }
    }

    @Test func adjustRecordsItsReasonAndLogListsIt() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(
                    .post, "/api/stores/main/adjust", body: #"{"changes": ["kiwi=+5"], "reason": "delivery"}"#)
                #expect(answer.status == 200)
                #expect(answer.body.contains("\"inventory\" : {\n    \"banana\" : 10,\n    \"kiwi\" : 8\n  }"))
                #expect(fixture.stock() == "banana: 10\nkiwi: 8\n")
                let log = try await client.call(.get, "/api/stores/main/log")
                #expect(log.status == 200)
                let entries = log.body.split(separator: "\n").filter { $0.contains("\"kind\":\"adjust\"") }
                #expect(entries.count == 1)
                #expect(entries.first?.contains(#""reason":"delivery","changes":{"kiwi":5}}"#) == true)
                #expect(log.body.hasSuffix("  ],\n  \"next\" : null,\n  \"diagnostics\" : [\n  ]\n}\n"))
            }
        }
    }

    @Test func adjustBelowZeroIsRefusedAndAnUnknownReasonIsAUsageError() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let below = try await client.call(.post, "/api/stores/main/adjust", body: #"{"changes": ["kiwi=-4"]}"#)
                #expect(below.status == 409)
                #expect(below.body.contains("\"error\" : \"negative-stock\""))
                #expect(below.body.contains("\"missing\" : {\n    \"kiwi\" : 1\n  }"))
                let reason = try await client.call(
                    .post, "/api/stores/main/adjust", body: #"{"changes": ["kiwi=+1"], "reason": "gift"}"#)
                #expect(reason.status == 400)
                #expect(
                    reason.body.contains("'gift' is no reason for an adjustment: delivery, waste, count, correction"))
                // The journal's own reason, booked by throwing out expired lots, is no request's.
                let expired = try await client.call(
                    .post, "/api/stores/main/adjust", body: #"{"changes": ["kiwi=-1"], "reason": "expired"}"#)
                #expect(expired.status == 400)
                #expect(
                    expired.body.contains(
                        "'expired' is no reason for an adjustment: delivery, waste, count, correction\""))
                let none = try await client.call(.post, "/api/stores/main/adjust", body: #"{"changes": []}"#)
                #expect(none.status == 400)
                #expect(fixture.inventoryText() == nil)
            }
        }
    }

    /// The stock screen's Count is `POST .../adjust` for `count`: every
    /// fruit it names is counted, the one whose number matches the book too.
    @Test func anAdjustForCountRecordsEveryFruitItNamesAsCounted() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let body = #"{"changes": ["kiwi=10", "banana=9"], "reason": "count"}"#
                let answer = try await client.call(.post, "/api/stores/main/adjust", body: body)
                #expect(answer.status == 200)
                let log = try await client.call(.get, "/api/stores/main/log")
                let counts = log.body.split(separator: "\n").filter { $0.contains(#""reason":"count""#) }
                #expect(counts.count == 1)
                #expect(
                    counts.first?.contains(
                        #""reason":"count","counted":{"banana":9,"kiwi":10},"changes":"#)
                        == true, "\(log.body)")
            }
        }
    }

    /// `POST .../count`: one `count` entry that keeps every number stated;
    /// a retry with its key counts once; a count that is not `FRUIT=N` is
    /// a usage error.
    @Test func countIsOneEntryKeepingEveryNumberAndItsKeyCountsOnce() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "count-1"]
                let body = #"{"counts": ["kiwi=2", "banana=10"]}"#
                let answer = try await client.call(.post, "/api/stores/main/count", body: body, headers: key)
                #expect(answer.status == 200)
                #expect(answer.body.contains("\"inventory\" : {\n    \"banana\" : 10,\n    \"kiwi\" : 2\n  }"))
                #expect(fixture.stock() == "banana: 10\nkiwi: 2\n")
                let again = try await client.call(.post, "/api/stores/main/count", body: body, headers: key)
                #expect(again.status == 200 && again.body == answer.body)
                let log = try await client.call(.get, "/api/stores/main/log")
                let counts = log.body.split(separator: "\n").filter { $0.contains(#""reason":"count""#) }
                #expect(counts.count == 1)
                #expect(
                    counts.first?.contains(
                        #""reason":"count","key":"count-1","counted":{"banana":10,"kiwi":2},"changes":{"kiwi":-1}}"#)
                        == true)
                for bad in [#"{"counts": ["kiwi=+1"]}"#, #"{"counts": []}"#, #"{"changes": ["kiwi=1"]}"#] {
                    let refused = try await client.call(.post, "/api/stores/main/count", body: bad)
                    #expect(refused.status == 400, "\(bad)")
                }
                #expect(fixture.stock() == "banana: 10\nkiwi: 2\n")
            }
        }
    }

    @Test func undoReversesTheLatestChange() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                _ = try await client.call(.post, "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
                #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
                let undo = try await client.call(.post, "/api/stores/main/undo")
                #expect(undo.status == 200)
                #expect(undo.body.contains("\"inventory\" : {\n    \"banana\" : 10,\n    \"kiwi\" : 3\n  }"))
                #expect(undo.body.contains("\"undoes\" : 1"))
                #expect(fixture.stock() == "banana: 10\nkiwi: 3\n")
                let again = try await client.call(.post, "/api/stores/main/undo", body: #"{"id": 1}"#)
                #expect(again.status == 409)
                #expect(again.body.contains("\"error\" : \"refused\""))
                let zero = try await client.call(.post, "/api/stores/main/undo", body: #"{"id": 0}"#)
                #expect(zero.status == 400)
                let missing = try await client.call(.post, "/api/stores/main/undo", body: #"{"id": 99}"#)
                #expect(missing.status == 400)
                let huge = try await client.call(.post, "/api/stores/main/undo", body: #"{"id": 1e400}"#)
                #expect(huge.status == 400)
            }
        }
    }

    @Test func anInvalidInventoryIs422WithItsDiagnostics() async throws {
        try await Fixture.with { fixture in
            try fixture.writeInventory("banana: -1\nkiwi: 3\n")
            try await fixture.test { client in
                for (method, path, body) in [
                    (HTTPRequest.Method.get, "report", nil), (.post, "make", #"{"orders": ["banana"]}"#),
                ] {
                    let answer = try await client.call(method, "/api/stores/main/\(path)", body: body)
                    #expect(answer.status == 422)
                    #expect(answer.body.contains("\"error\" : \"invalid-data\""))
                    #expect(answer.body.contains("\"line\" : 1"))
                }
                #expect(fixture.stock() == "banana: -1\nkiwi: 3\n")
            }
        }
    }

    @Test func aLockHeldElsewhereIs503() async throws {
        try await Fixture.with { fixture in
            let lockPath = fixture.inventoryPath + ".lock"
            let descriptor = open(lockPath, O_CREAT | O_RDWR, 0o644)
            #expect(descriptor >= 0)
            #expect(flock(descriptor, LOCK_EX) == 0)
            defer { close(descriptor) }
            try await fixture.test(fixture.configuration(lockTimeout: 0.3)) { client in
                let answer = try await client.call(.post, "/api/stores/main/make", body: #"{"orders": ["banana"]}"#)
                #expect(answer.status == 503)
                #expect(answer.body.contains("\"error\" : \"locked\""))
            }
            #expect(fixture.inventoryText() == nil)
        }
    }

    @Test func theTokenGuardsChangesOnly() async throws {
        try await Fixture.with { fixture in
            try await fixture.test(fixture.configuration(token: "s3cret")) { client in
                let body = #"{"orders": ["banana"]}"#
                let without = try await client.call(.post, "/api/stores/main/make", body: body)
                #expect(without.status == 401)
                #expect(without.body.contains("\"error\" : \"unauthorized\""))
                let wrong = try await client.call(
                    .post, "/api/stores/main/make", body: body, headers: [.authorization: "Bearer s3cre"])
                #expect(wrong.status == 401)
                #expect(fixture.inventoryText() == nil)
                let right = try await client.call(
                    .post, "/api/stores/main/make", body: body, headers: [.authorization: "Bearer s3cret"])
                #expect(right.status == 200)
                #expect(fixture.stock() == "banana: 8\nkiwi: 3\n")
                #expect(try await client.call(.get, "/api/stores/main/report").status == 200)
            }
        }
    }

    @Test func anotherAddressNeedsAToken() async throws {
        try await Fixture.with { fixture in
            #expect(throws: ServerStartError.self) { try JuiceApp(fixture.configuration(host: "0.0.0.0")) }
            #expect(throws: ServerStartError.self) { try JuiceApp(fixture.configuration(host: "0.0.0.0", token: "")) }
            _ = try JuiceApp(fixture.configuration(host: "0.0.0.0", token: "s3cret"))
        }
    }

    @Test func koreanFromTheQueryOrAcceptLanguage() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let query = try await client.call(.get, "/api/stores/main/menu?lang=ko")
                #expect(query.body.contains("\"name\" : \"바나나쥬스\""))
                let header = try await client.call(
                    .get, "/api/stores/main/report", headers: [.acceptLanguage: "ko-KR,ko;q=0.9,en;q=0.8"])
                #expect(header.body.contains("\"name\" : \"키바쥬스\""))
                let refused = try await client.call(
                    .post, "/api/stores/main/make?lang=ko", body: #"{"orders": ["lemonade"]}"#)
                #expect(refused.status == 400)
                #expect(refused.body.contains("'lemonade'"))
                #expect(!refused.body.contains("unknown recipe"))
            }
        }
    }

    /// Why a body is not the JSON expected is said in the answer's language.
    @Test(arguments: [
        (#"{"orders": "banana"}"#, #"요청 본문이 올바른 JSON이 아닙니다: \"orders\" 항목의 형식이 맞지 않습니다"#),
        (#"{"order": ["banana"]}"#, #"요청 본문이 올바른 JSON이 아닙니다: \"orders\" 항목이 없습니다"#),
    ])
    func aBodyThatIsNotTheJSONExpectedIsSaidInKorean(body: String, message: String) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(
                    .post, "/api/stores/main/make", body: body, headers: [.acceptLanguage: "ko"])
                #expect(answer.status == 400)
                #expect(answer.body.contains(#""message" : "\#(message)""#), "\(answer.body)")
            }
        }
    }

    /// The report's JSON is written by the streaming writer: its
    /// diagnostics too must be in the request's language, not the process's.
    @Test(
        arguments: [
            ("/api/stores/main/report?lang=ko", [:]),
            ("/api/stores/main/report", [.acceptLanguage: "ko-KR,ko;q=0.9"]),
        ] as [(String, HTTPFields)])
    func theReportsWarningsAreInTheRequestsLanguage(uri: String, headers: HTTPFields) async throws {
        try await Fixture.with { fixture in
            // A fruit no recipe uses: an `unused-fruit` warning.
            let menu = Fixture.menu.replacingOccurrences(
                of: "recipes:", with: "  lime: { name: { en: Lime, ko: 라임 }, stock: 4 }\nrecipes:")
            try Data(menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            try await fixture.test { client in
                let korean = try await client.call(.get, uri, headers: headers)
                let english = try await client.call(.get, "/api/stores/main/report?lang=en")
                #expect(korean.status == 200)
                #expect(
                    try Self.messages(korean.body) == [
                        "unused-fruit: 과일 'lime'을 쓰는 레시피가 없습니다",
                        "missing-file: 재고 파일이 아직 없습니다: 첫 변경이 파일을 쓸 때까지 재고는 메뉴의 초기 재고입니다",
                    ])
                #expect(
                    try Self.messages(english.body) == [
                        "unused-fruit: fruit 'lime' is used by no recipe",
                        "missing-file: the inventory does not exist yet: the stock is the menu's initial stock until the first change writes it",
                    ])
            }
        }
    }

    /// The `code: message` of each diagnostic of a JSON answer.
    static func messages(_ json: String) throws -> [String] {
        struct Answer: Decodable {
            struct Diagnostic: Decodable {
                var code: String
                var message: String
            }
            var diagnostics: [Diagnostic]
        }
        return try JSONDecoder().decode(Answer.self, from: Data(json.utf8)).diagnostics.map {
            "\($0.code): \($0.message)"
        }
    }

    @Test func menuListsFruitsAndRecipes() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.get, "/api/stores/main/menu")
                #expect(answer.status == 200)
                #expect(
                    answer.body.hasPrefix(
                        """
                        {
                          \(Self.emptyDiagnostics),
                          "fruits" : [
                            {
                              "id" : "banana",
                              "name" : "Banana",
                              "stock" : 10
                            },
                        """))
            }
        }
    }

    /// A menu's supply terms and suppliers, as `juice menu --format json`
    /// gives them (and as the API's document says: every answer is
    /// checked against it).
    @Test func menuListsSupplyTermsAndSuppliers() async throws {
        try await Fixture.with { fixture in
            try Data(SupplyExample.menu.utf8).write(to: URL(fileURLWithPath: fixture.menuPath))
            try await fixture.test { client in
                let answer = try await client.call(.get, "/api/stores/main/menu")
                #expect(answer.status == 200)
                let menu = try JSON(parsing: answer.body)
                #expect(
                    menu["fruits"]?[1] == [
                        "id": "banana", "name": "Banana", "stock": 10, "cost": 200, "par": 20, "reorder": 8, "pack": 6,
                        "supplier": "farm",
                    ])
                #expect(menu["suppliers"]?.items.map { $0["id"] } == ["farm", "market"])
            }
        }
    }

    @Test(arguments: [
        ("/", "text/html; charset=utf-8", "<script src=\"/app.js\"></script>"),
        ("/stores/main", "text/html; charset=utf-8", "<dialog id=\"alert\""),
        ("/app.js", "text/javascript; charset=utf-8", "나왔습니다! 맛있게 드세요!"),
        ("/app.css", "text/css; charset=utf-8", ".juices"),
        ("/openapi.yaml", "application/yaml; charset=utf-8", "/api/stores/{store}/make:"),
    ])
    func thePageAndTheDocumentAreServed(path: String, type: String, content: String) async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let answer = try await client.call(.get, path)
                #expect(answer.status == 200)
                #expect(answer.contentType == type)
                #expect(answer.body.contains(content))
            }
        }
    }

    @Test func aChangeWithItsKeyIsMadeOnceAndAnsweredAgainAsTheFirstTime() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                let key: HTTPFields = [HTTPField.Name("Idempotency-Key")!: "tap-7"]
                let make = #"{"orders": ["banana"]}"#
                let first = try await client.call(.post, "/api/stores/main/make", body: make, headers: key)
                #expect(first.status == 200)
                _ = try await client.call(.post, "/api/stores/main/adjust", body: #"{"changes": ["kiwi=+1"]}"#)
                let again = try await client.call(.post, "/api/stores/main/make", body: make, headers: key)
                #expect(again.status == 200 && again.body == first.body)
                #expect(fixture.stock() == "banana: 8\nkiwi: 4\n")

                let other = try await client.call(
                    .post, "/api/stores/main/make", body: #"{"orders": ["kiwiBanana"]}"#, headers: key)
                #expect(other.status == 422 && other.body.contains(#""error" : "key-reused""#))
                for bad in ["", "tap 7", String(repeating: "k", count: 65)] {
                    let answer = try await client.call(
                        .post, "/api/stores/main/make", body: make, headers: [HTTPField.Name("Idempotency-Key")!: bad])
                    #expect(answer.status == 400, "\(bad)")
                }
                #expect(fixture.stock() == "banana: 8\nkiwi: 4\n")
                let log = try await client.call(.get, "/api/stores/main/log")
                #expect(log.body.contains(#""key":"tap-7","changes":{"banana":-2}}"#))
            }
        }
    }

    @Test func theLogIsPagedNewestFirstAndABadPageIsAUsageError() async throws {
        try await Fixture.with { fixture in
            try await fixture.test { client in
                for _ in 1...5 {
                    _ = try await client.call(.post, "/api/stores/main/adjust", body: #"{"changes": ["kiwi=+1"]}"#)
                }
                func page(_ query: String) async throws -> (ids: [Int], next: String) {
                    let answer = try await client.call(.get, "/api/stores/main/log" + query)
                    #expect(answer.status == 200)
                    let ids = answer.body.split(separator: "\n").compactMap { line in
                        line.firstMatch(of: /\{"id":(\d+),/).flatMap { Int($0.output.1) }
                    }
                    let next = answer.body.firstMatch(of: /"next" : (\w+)/).map { String($0.output.1) } ?? ""
                    return (ids, next)
                }
                #expect(try await page("") == ([5, 4, 3, 2, 1], "null"))
                #expect(try await page("?limit=2") == ([5, 4], "4"))
                #expect(try await page("?limit=2&before=4") == ([3, 2], "2"))
                #expect(try await page("?limit=2&before=2") == ([1], "null"))
                for query in [
                    "?limit=0", "?limit=-1", "?limit=1001", "?limit=x", "?before=0", "?before=x", "?limit=1&limit=2",
                ] {
                    let answer = try await client.call(.get, "/api/stores/main/log" + query)
                    #expect(answer.status == 400 && answer.body.contains(#""error" : "usage""#), "\(query)")
                }
            }
        }
    }

    /// A store whose inventory's folder was moved away: said in the report,
    /// and a change refused with 503, not made in a folder re-created.
    @Test func aStoreWhoseFolderIsGoneWarnsAndRefusesChanges() async throws {
        try await Fixture.with { fixture in
            let shop = fixture.folder.appendingPathComponent("shop")
            try FileManager.default.createDirectory(at: shop, withIntermediateDirectories: false)
            let inventory = shop.appendingPathComponent("inventory.yaml").path
            let configuration = ServerConfiguration(
                host: "127.0.0.1", port: 0, stores: .single(menuPath: fixture.menuPath, inventoryPath: inventory),
                token: nil, lockTimeout: 10)
            try await fixture.test(configuration) { client in
                let make = #"{"orders": ["banana"]}"#
                #expect(try await client.call(.post, "/api/stores/main/make", body: make).status == 200)
                let fresh = try await client.call(.get, "/api/stores/main/report")
                #expect(fresh.body.contains(Self.emptyDiagnostics))
                try FileManager.default.moveItem(at: shop, to: fixture.folder.appendingPathComponent("moved"))
                let report = try await client.call(.get, "/api/stores/main/report")
                #expect(report.status == 200)
                #expect(
                    try Self.messages(report.body) == [
                        "missing-file: the inventory's folder does not exist (moved or removed?): the stock shown is the menu's initial stock, and no change can be made until the folder is back"
                    ])
                let refused = try await client.call(.post, "/api/stores/main/make", body: make)
                #expect(refused.status == 503 && refused.body.contains(#""error" : "cannot-write""#))
                #expect(refused.body.contains("does not exist: create it (mkdir -p "))
                #expect(!FileManager.default.fileExists(atPath: shop.path))
            }
        }
    }
}
