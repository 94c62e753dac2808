import Foundation
import Hummingbird
import HummingbirdTesting
import JuiceMaker
import JuiceServer
import Testing

/// `openapi.yaml` against the app: the same routes both ways, every status
/// the app answers listed for its operation and every listed one answered,
/// the schemas strict enough to fail, and the journal's words from the
/// journal's enums. (Each in-process API test also checks its answers
/// against the document: see ``DocumentedClient``.)
@Suite struct OpenAPITests {
    /// The validator is not a yes-man: a wrong type, a missing required key
    /// and an unknown key where `additionalProperties` is false each fail,
    /// named by their path.
    @Test(arguments: [
        (
            #"{"ok": "yes", "diagnostics": [], "surprise": 1}"#,
            [
                #"$: no "inventory", which is required"#, #"$.ok: string "yes", the schema says boolean"#,
                "$.surprise: a member the schema does not allow",
            ]
        ),
        (
            #"{"ok": false, "inventory": {"kiwi": -1, "lime": 1.5}, "diagnostics": [{"file": "m.yaml"}]}"#,
            [
                "$.diagnostics[0]: no \"line\", which is required",
                "$.diagnostics[0]: no \"column\", which is required",
                "$.diagnostics[0]: no \"severity\", which is required",
                "$.diagnostics[0]: no \"code\", which is required",
                "$.diagnostics[0]: no \"message\", which is required",
                "$.inventory.kiwi: -1 is less than the minimum 0",
                "$.inventory.lime: number 1.5, the schema says integer",
                "$.ok: false is not one of [true]",
            ]
        ),
        (
            #"{"ok": true, "inventory": {"kiwi": 3}, "diagnostics": null}"#,
            ["$.diagnostics: null, and the schema is not nullable"]
        ),
        (#"{"ok": true, "inventory": {"kiwi": 3}, "undoes": 2, "diagnostics": []}"#, []),
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
    /// enums, not text that can drift from them.
    @Test func theJournalsWordsAreTheJournalsEnums() throws {
        let document = try OpenAPIDocument.shared()
        let expected = [
            "reason": JournalEntry.Reason.allCases.map(\.rawValue),
            "kind": JournalEntry.Kind.allCases.map(\.rawValue),
        ]
        var found: [String: Int] = [:]
        for (path, schema) in Self.schemas(in: document.root) {
            for (name, words) in expected {
                guard let property = schema["properties"]?[name], let list = property["enum"]?.array else { continue }
                found[name, default: 0] += 1
                #expect(list.compactMap(\.string) == words, "\(path)/properties/\(name)")
                #expect(list.allSatisfy { $0 == .null || $0.string != nil }, "\(path)/properties/\(name)")
            }
        }
        #expect(found == ["reason": 2, "kind": 1])
    }
}
