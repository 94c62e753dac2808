import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceMaker
import JuiceServer
import TestSupport
import Testing

/// `openapi.yaml` against the app: the same routes both ways, every status
/// the app answers listed for its operation and every listed one answered,
/// the schemas strict enough to fail, and the journal's words from the
/// journal's enums. (Each in-process API test also checks its answers
/// against the document: see ``DocumentedClient``.)
@Suite struct OpenAPITests {
    /// The app's routes under `/api/`, and `/healthz` and `/metrics`, as
    /// `METHOD /path/{param}`; not the
    /// `HEAD` routes of the streamed answers, as every `GET` answers `HEAD`
    /// (the document says so once).
    static func appRoutes(_ fixture: Fixture) throws -> Set<String> {
        let routes = try JuiceApp(fixture.configuration()).router().routes
        return Set(
            routes.filter { $0.method != .head }.map { "\($0.method.rawValue) \($0.path)" }.filter {
                $0.contains(" /api/") || $0.hasSuffix(" /healthz") || $0.hasSuffix(" /metrics")
            })
    }

    @Test func theAppsAPIRoutesAreTheDocumentsOperations() async throws {
        let document = try OpenAPIDocument.shared()
        let documented = Set(document.operations.map(\.description))
        try await Fixture.with { fixture in
            let routes = try Self.appRoutes(fixture)
            #expect(routes.count >= 8)
            #expect(routes.subtracting(documented).isEmpty, "routed, but not in openapi.yaml")
            #expect(documented.subtracting(routes).isEmpty, "in openapi.yaml, but not routed")
        }
    }

    /// Each operation reaches its handler (whose 404 for an unknown store is
    /// JSON, where the router's own is empty), and each other method on its
    /// path is a 405 whose `Allow` names the document's methods.
    @Test func everyDocumentedOperationIsAnsweredAndNoOtherMethod() async throws {
        let document = try OpenAPIDocument.shared()
        try await Fixture.with { fixture in
            try await fixture.test { client in
                for operation in document.operations {
                    let path = operation.path.replacingOccurrences(of: "{store}", with: "nowhere")
                    // Sent as the document says: an import's export as CSV.
                    let isCSV = operation.requestMediaType == "text/csv"
                    let answer = try await client.call(
                        HTTPRequest.Method(operation.method)!, path, body: isCSV ? Provocation.export : "{}",
                        contentType: operation.requestMediaType ?? "application/json")
                    let type =
                        operation.path == "/metrics"
                        ? "text/plain; version=0.0.4; charset=utf-8" : "application/json; charset=utf-8"
                    #expect(answer.contentType == type, "\(operation)")
                    #expect(answer.status == (path.contains("nowhere") ? 404 : 200), "\(operation)")
                    #expect(answer.body.contains("\"ok\" : false") == path.contains("nowhere"), "\(operation)")
                }
                for path in Set(document.operations.map(\.path)) {
                    let methods = document.operations.filter { $0.path == path }.map(\.method)
                    for other in Self.methods where !methods.contains(other) {
                        let uri = path.replacingOccurrences(of: "{store}", with: "main")
                        try await client.execute(uri: uri, method: HTTPRequest.Method(other)!) { response in
                            #expect(response.status == .methodNotAllowed, "\(other) \(path)")
                            #expect(response.headers[.allow] == methods.joined(separator: ", "), "\(other) \(path)")
                        }
                    }
                }
            }
        }
    }

    /// The methods tried on every path.
    static let methods = ["GET", "POST", "PUT", "DELETE", "PATCH"]

    /// Every way the code can fail a request (RequestBody, HostCheck,
    /// ChangeCheck, TokenMiddleware, MethodNotAllowed, StoreRequest's failures through
    /// `Failure.httpStatus`), each tried on every operation of the real
    /// server in process, over a socket: whatever status each answers must
    /// be listed for the operation, and every status listed must be
    /// answered by one of them, so that the document lists neither less
    /// nor more than the app does. Each answer's body is checked too.
    @Test func everyStatusTheAppAnswersIsDocumentedAndEveryDocumentedOneIsAnswered() async throws {
        let document = try OpenAPIDocument.shared()
        var answered: [OpenAPIDocument.Operation: [Int: [String]]] = [:]
        // Without an address off loopback, the provocations that need one
        // are left out, and so is the check that every documented status
        // is answered (only they get some).
        let provocations = Provocation.all.filter { !$0.offLoopback || OffLoopback.address != nil }
        for provocation in provocations {
            let seen = try await provocation.run(document)
            answered.merge(seen) { $0.merging($1) { $0 + $1 } }
        }
        let isEveryProvocation = provocations.count == Provocation.all.count
        for operation in document.operations {
            let statuses = answered[operation] ?? [:]
            for (status, causes) in statuses.sorted(by: { $0.key < $1.key })
            where !operation.statuses.contains(status) {
                Issue.record(
                    "\(operation) answers \(status) (\(causes.joined(separator: ", "))); openapi.yaml does not list it")
            }
            for status in operation.statuses.sorted() where isEveryProvocation && statuses[status] == nil {
                Issue.record("openapi.yaml lists \(status) for \(operation), and no provocation gets it")
            }
        }
    }

    /// The validator is not a yes-man: a wrong type, a missing required key
    /// and an unknown key where `additionalProperties` is false each fail,
    /// named by their path.
    @Test(arguments: [
        (
            #"{"ok": "yes", "entry": 1, "diagnostics": [], "surprise": 1}"#,
            [
                #"$: no "inventory", which is required"#, #"$.ok: string "yes", the schema says boolean"#,
                "$.surprise: a member the schema does not allow",
            ]
        ),
        (
            #"{"ok": false, "entry": 0, "inventory": {"kiwi": -1, "lime": 1.5}, "diagnostics": [{"file": "m.yaml"}]}"#,
            [
                "$.diagnostics[0]: no \"line\", which is required",
                "$.diagnostics[0]: no \"column\", which is required",
                "$.diagnostics[0]: no \"severity\", which is required",
                "$.diagnostics[0]: no \"code\", which is required",
                "$.diagnostics[0]: no \"message\", which is required",
                "$.entry: 0 is less than the minimum 1",
                "$.inventory.kiwi: -1 is less than the minimum 0",
                "$.inventory.lime: number 1.5, the schema says integer",
                "$.ok: false is not one of [true]",
            ]
        ),
        (
            #"{"ok": true, "inventory": {"kiwi": 3}, "diagnostics": null}"#,
            [#"$: no "entry", which is required"#, "$.diagnostics: null, and the schema is not nullable"]
        ),
        (#"{"ok": true, "entry": 3, "inventory": {"kiwi": 3}, "undoes": 2, "diagnostics": []}"#, []),
    ])
    func theValidatorRejectsWhatTheSchemaDoesNotAllow(body: String, expected: [String]) throws {
        let document = try OpenAPIDocument.shared()
        let schema = JSON.object(["$ref": .string("#/components/schemas/Transaction")])
        #expect(document.validator.problems(try JSON(parsing: body), schema).sorted() == expected.sorted())
    }

    /// An answer outside what the document lists for its operation is
    /// caught as a whole: status, header and content type.
    @Test func anAnswerTheDocumentDoesNotListIsCaught() throws {
        let document = try OpenAPIDocument.shared()
        let json = ["content-type": "application/json; charset=utf-8"]
        let failure = #"{"ok": false, "error": "usage", "diagnostics": []}"#
        let cases: [(APIAnswer, String)] = [
            (.init(method: "GET", uri: "/api/stores", status: 404, headers: json, body: failure), "does not list 404"),
            (.init(method: "PUT", uri: "/api/stores/main/make", status: 405, headers: json, body: failure), "no Allow"),
            (
                .init(method: "GET", uri: "/api/stores", status: 200, headers: [:], body: #"{"stores": []}"#),
                "content type none"
            ),
            (.init(method: "GET", uri: "/api/elsewhere", status: 200, headers: json, body: "{}"), "no such path"),
            (.init(method: "PUT", uri: "/api/stores", status: 404, headers: json, body: failure), "no 405 for it"),
        ]
        for (answer, problem) in cases {
            let problems = document.problems(answer)
            #expect(problems.count == 1 && problems.first?.contains(problem) == true, "\(problems)")
        }
        let routerNotFound = APIAnswer(method: "GET", uri: "/api/elsewhere", status: 404, headers: [:], body: "")
        #expect(document.problems(routerNotFound).isEmpty)
    }

    /// Each schema keyword in the document is one the validator checks or
    /// an annotation: a keyword it does not know (a `oneOf`, a `maxItems`)
    /// would otherwise pass every answer unchecked.
    @Test func everySchemaKeywordIsOneTheValidatorKnows() throws {
        let document = try OpenAPIDocument.shared()
        var unknown: [String] = []
        var count = 0
        for (path, schema) in Self.schemas(in: document.root) {
            count += 1
            for key in schema.object?.keys.sorted() ?? []
            where !SchemaValidator.checked.contains(key) && !SchemaValidator.annotations.contains(key) {
                unknown.append("\(path).\(key)")
            }
        }
        #expect(count > 50)
        #expect(unknown.isEmpty, "the validator does not check these keywords")
    }

    /// Every schema object in the document, by where it is: those of the
    /// components, of each parameter, request and response, and the ones
    /// nested in them.
    static func schemas(in root: JSON) -> [(String, JSON)] {
        var found: [(String, JSON)] = []
        var stack: [(String, JSON)] = []
        for (name, schema) in root["components"]?["schemas"]?.object ?? [:] {
            stack.append(("#/components/schemas/\(name)", schema))
        }
        // Every `schema:` member anywhere else in the document.
        var nodes: [(String, JSON)] = [("#", root)]
        while let next = nodes.popLast() {
            let (path, node) = next
            for (key, value) in node.object ?? [:] where path != "#/components/schemas" {
                if key == "schema" {
                    stack.append(("\(path)/schema", value))
                } else {
                    nodes.append(("\(path)/\(key)", value))
                }
            }
            for (index, item) in (node.array ?? []).enumerated() { nodes.append(("\(path)/\(index)", item)) }
        }
        while let next = stack.popLast() {
            let (path, schema) = next
            found.append((path, schema))
            for (name, property) in schema["properties"]?.object ?? [:] {
                stack.append(("\(path)/properties/\(name)", property))
            }
            if let items = schema["items"] { stack.append(("\(path)/items", items)) }
            if case .object = schema["additionalProperties"] {
                stack.append(("\(path)/additionalProperties", schema["additionalProperties"]!))
            }
        }
        return found
    }

    /// The document's lists of the journal's words (the adjust reasons, in
    /// the request and in the log; the entry kinds) are the journal's own
    /// enums, not text that can drift from them. The log's reasons have
    /// `expired` (SPEC 18: expired lots thrown out) and `sale` too (an
    /// imported sale's `make`, SPEC 17), which no request gives.
    @Test func theJournalsWordsAreTheJournalsEnums() throws {
        let document = try OpenAPIDocument.shared()
        let expected = [
            "reason": JournalEntry.Reason.given.map(\.rawValue),
            "kind": JournalEntry.Kind.allCases.map(\.rawValue),
        ]
        var found: [String: Int] = [:]
        for (path, schema) in Self.schemas(in: document.root) {
            for (name, words) in expected {
                guard let property = schema["properties"]?[name], let list = property["enum"]?.array else { continue }
                found[name, default: 0] += 1
                let logged = name == "reason" && path.contains("/Log/")
                let journalOnly = ["expired", "sale"]
                #expect(list.compactMap(\.string) == words + (logged ? journalOnly : []), "\(path)/properties/\(name)")
                #expect(list.allSatisfy { $0 == .null || $0.string != nil }, "\(path)/properties/\(name)")
            }
        }
        #expect(found == ["reason": 2, "kind": 1])
    }
}
