import Foundation
import MarkedYAML
import TestSupport

/// The API's description, `Sources/JuiceServer/Public/openapi.yaml`, read
/// with the project's own YAML module: its operations, and whether an
/// answer is one that the document describes.
struct OpenAPIDocument: Sendable {
    /// One path and method of the document.
    struct Operation: Sendable, Hashable, CustomStringConvertible {
        /// The path as the document writes it: `/api/stores/{store}/make`.
        var path: String
        /// `GET`, `POST`, ...
        var method: String
        /// The response objects by status (`"200"`), `$ref`s followed.
        var responses: [String: JSON]
        /// The media type its request body is sent as (`text/csv` for an
        /// import); `nil` without a body.
        var requestMediaType: String? = nil

        var description: String { "\(method) \(path)" }

        /// The statuses listed, as numbers.
        var statuses: Set<Int> { Set(responses.keys.compactMap { Int($0) }) }

        /// Whether `path` (without its query) is an instance of this one's.
        func matches(_ path: String) -> Bool {
            let template = self.path.split(separator: "/")
            let given = path.split(separator: "/")
            return template.count == given.count
                && zip(template, given).allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") || $0 == $1 }
        }
    }

    /// Where the document is in the package.
    static let file = Repository.root.appendingPathComponent("Sources/JuiceServer/Public/openapi.yaml")

    /// The methods an OpenAPI 3.0 path item may hold.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// What each event of an event stream carries in its `data`, as the
    /// `events` operation's description says in words.
    static let eventData = ["inventory": "#/components/schemas/Report", "failure": "#/components/schemas/Failure"]

    /// The whole document.
    let root: JSON
    /// Every operation, in the document's order of paths.
    let operations: [Operation]

    var validator: SchemaValidator { SchemaValidator(document: root) }

    /// The document in the package, read once.
    static func shared() throws -> OpenAPIDocument { try loaded.get() }

    private static let loaded = Result { () throws(DocumentError) -> OpenAPIDocument in
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw DocumentError("\(file.path) cannot be read")
        }
        return try OpenAPIDocument(text: text)
    }

    /// Reads a document.
    ///
    /// - Throws: ``DocumentError`` for a YAML problem or no `paths`.
    init(text: String) throws(DocumentError) {
        let stream = YAMLStream(text: text)
        if let problem = stream.problems.first {
            throw DocumentError("openapi.yaml:\(problem.mark): \(problem.message)")
        }
        guard let node = stream.documents.first?.root, stream.documents.count == 1 else {
            throw DocumentError("openapi.yaml is not one YAML document")
        }
        // The paths in source order: the order of `JSON`'s objects is lost.
        let pathOrder = node.pairs?.first { $0.key.scalar?.text == "paths" }?.value.pairs?.compactMap(
            \.key.scalar?.text)
        root = JSON(yaml: node)
        guard let paths = root["paths"]?.object, let pathOrder else { throw DocumentError("openapi.yaml has no paths") }
        let validator = SchemaValidator(document: root)
        operations = pathOrder.flatMap { path in
            Self.methods.compactMap { method -> Operation? in
                guard let operation = paths[path]?[method] else { return nil }
                let responses = (operation["responses"]?.object ?? [:]).mapValues(validator.resolved)
                return Operation(
                    path: path, method: method.uppercased(), responses: responses,
                    requestMediaType: operation["requestBody"]?["content"]?.keys.first)
            }
        }
    }

    /// What is wrong with `answer` for the document: a status it does not
    /// list for the operation, a header it requires and the answer lacks, a
    /// content type or a body it does not describe. Empty for an answer
    /// it describes, and for one outside the API (the page, `/openapi.yaml`,
    /// the router's empty 404 for a path that is nobody's).
    func problems(_ answer: APIAnswer) -> [String] {
        let path = String(answer.uri.prefix { $0 != "?" })
        let candidates = operations.filter { $0.matches(path) }
        let request = "\(answer.method) \(answer.uri) → \(answer.status)"
        guard !candidates.isEmpty else {
            let routerNotFound = answer.status == 404 && answer.body.isEmpty
            return path.hasPrefix("/api/") && !routerNotFound ? ["\(request): the document has no such path"] : []
        }
        // `HEAD` answers as the path's `GET` does, headers and all, without a body.
        let isHead = answer.method == "HEAD"
        if let operation = candidates.first(where: { $0.method == (isHead ? "GET" : answer.method) }) {
            guard let response = operation.responses[String(answer.status)] else {
                return ["\(request): the document does not list \(answer.status) for \(operation)"]
            }
            guard isHead else { return problems(answer, response).map { "\(request): \($0)" } }
            return (headerProblems(answer, response) + (answer.body.isEmpty ? [] : ["a body, and HEAD has none"]))
                .map { "\(request): \($0)" }
        }
        // A method the path does not take: the 405 its operations describe.
        guard answer.status == 405, let response = candidates.lazy.compactMap({ $0.responses["405"] }).first else {
            return ["\(request): the document has no \(answer.method) here, and no 405 for it"]
        }
        return problems(answer, response).map { "\(request): \($0)" }
    }

    /// The problems of an answer for the response object the document
    /// gives for its operation and status.
    private func problems(_ answer: APIAnswer, _ response: JSON) -> [String] {
        let problems = headerProblems(answer, response)
        guard let content = response["content"]?.object else {
            return problems + (answer.body.isEmpty ? [] : ["a body, and the document describes none"])
        }
        let type = answer.headers["content-type"]?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let type, let schema = content[type]?["schema"] else {
            return problems + ["content type \(type ?? "none"), the document says \(content.keys.sorted())"]
        }
        switch type {
        case "application/json":
            guard let json = try? JSON(parsing: answer.body) else { return problems + ["the body is not JSON"] }
            return problems + validator.problems(json, schema)
        case "text/event-stream":
            return problems + eventProblems(answer.body, schema)
        default:
            return problems
        }
    }

    /// The headers the document requires of the response and the answer lacks.
    private func headerProblems(_ answer: APIAnswer, _ response: JSON) -> [String] {
        (response["headers"]?.object ?? [:]).sorted { $0.key < $1.key }.compactMap { name, header in
            header["required"] == .bool(true) && answer.headers[name.lowercased()] == nil
                ? "no \(name) header, which the document requires" : nil
        }
    }

    /// The problems of each complete event of a Server-Sent Events text:
    /// `{"event", "data"}` for the document's schema, the data for
    /// ``eventData``'s.
    private func eventProblems(_ text: String, _ schema: JSON) -> [String] {
        var problems: [String] = []
        let blocks = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").dropLast()
        for (index, block) in blocks.enumerated() {
            var name = "message"
            var data: [String] = []
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event:") { name = line.dropFirst(6).trimmingCharacters(in: .whitespaces) }
                if line.hasPrefix("data:") { data.append(String(line.dropFirst(line.hasPrefix("data: ") ? 6 : 5))) }
            }
            guard !data.isEmpty else { continue }
            let text = data.joined(separator: "\n")
            let event = JSON.object(["event": .string(name), "data": .string(text)])
            problems += validator.problems(event, schema, at: "event[\(index)]")
            guard let reference = Self.eventData[name] else { continue }
            guard let json = try? JSON(parsing: text) else {
                problems.append("event[\(index)].data: not JSON")
                continue
            }
            problems += validator.problems(json, .object(["$ref": .string(reference)]), at: "event[\(index)].data")
        }
        return problems
    }
}

/// One answer of the server, as the checks see it.
struct APIAnswer: Sendable {
    /// `GET`, `POST`, ...
    var method: String
    /// The path and query asked for.
    var uri: String
    var status: Int
    /// By lowercased name.
    var headers: [String: String]
    /// The body, or for an endless event stream the part read.
    var body: String
}

/// The document cannot be read.
struct DocumentError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
