import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JuiceServer
import TestSupport
import Testing

/// The `curl` transcript of `Documentation/Counter.md`, asked of the app in
/// process over the repository's `recipes/menu.yaml` and no inventory yet,
/// as `swift run juice-server` in a clone starts: each `$ curl` line of a
/// ` ```console ` block is sent, and every line shown after it must be a
/// line of the answer's body (times of day match any time); a shown
/// `HTTP NNN` line is the status, 200 otherwise. Its `-H` headers are sent,
/// and no other (a change without `-H 'Content-Type: application/json'`
/// is refused, as it is for curl). A `curl -N` (the endless event stream)
/// is not sent.
@Suite struct CounterPageExampleTests {
    /// One request of the transcript.
    struct Request: Sendable, CustomStringConvertible {
        var line: Int
        var text: String
        var method: HTTPRequest.Method
        var uri: String
        var body: String?
        /// The `-H` headers, sent as they are: nothing is added.
        var headers: HTTPFields = [:]
        var status: Int
        var shown: [String]

        var description: String { "Counter.md:\(line): \(text)" }
    }

    @Test func theCurlTranscriptIsWhatTheServerAnswers() async throws {
        let url = Repository.root.appendingPathComponent("Documentation/Counter.md")
        let requests = Self.requests(in: String(decoding: try Data(contentsOf: url), as: UTF8.self))
        #expect(requests.count >= 6)
        try await Fixture.with { fixture in
            try fixture.copyFromRepository(["recipes"])
            let configuration = ServerConfiguration(
                host: "127.0.0.1", port: 0,
                stores: .single(
                    menuPath: fixture.folder.appendingPathComponent("recipes/menu.yaml").path,
                    inventoryPath: fixture.inventoryPath),
                token: nil, lockTimeout: 10)
            try await fixture.test(configuration) { client in
                for request in requests {
                    let answer = try await client.call(
                        request.method, request.uri, body: request.body, headers: request.headers)
                    #expect(answer.status == request.status, "\(request)")
                    let printed = Set(answer.body.split(separator: "\n").map(Self.comparable))
                    for line in request.shown where !line.isEmpty && line != "..." {
                        #expect(
                            printed.contains(Self.comparable(line)),
                            "\(request) did not answer the line shown: \(line)\nanswer: \(answer.body)")
                    }
                }
            }
        }
    }

    /// A line without trailing spaces, its times of day made the same.
    static func comparable(_ line: some StringProtocol) -> String {
        String(line).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            .replacingOccurrences(
                of: "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z", with: "TIME", options: .regularExpression)
    }

    /// The `$ curl` requests of the page's console blocks, in order.
    static func requests(in page: String) -> [Request] {
        var requests: [Request] = []
        var inConsole = false
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("```") {
                inConsole = !inConsole && line == "```console"
                continue
            }
            guard inConsole, line.hasPrefix("$ curl ") else { continue }
            let words = ShellWords(String(line.dropFirst(2))).words
            guard !words.contains("-N") else { continue }
            var request = Request(
                line: index + 1, text: line, method: .get, uri: "", body: nil, status: 200, shown: [])
            var rest = words.dropFirst()[...]
            while let word = rest.popFirst() {
                switch word {
                case "-X": request.method = rest.popFirst() == "POST" ? .post : .get
                case "-d": request.body = rest.popFirst()
                case "-H":
                    let header = rest.popFirst()?.split(separator: ":", maxSplits: 1) ?? []
                    if header.count == 2, let name = HTTPField.Name(String(header[0])) {
                        request.headers[name] = header[1].trimmingCharacters(in: .whitespaces)
                    }
                case "-w": _ = rest.popFirst()
                default:
                    if word.hasPrefix("http://") {
                        request.uri = String(word.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
                    }
                }
            }
            if request.body != nil { request.method = .post }
            for shown in lines[(index + 1)...].prefix(while: { !$0.hasPrefix("$ ") && !$0.hasPrefix("```") }) {
                if let status = shown.firstMatch(of: /^HTTP (\d{3})$/) {
                    request.status = Int(status.output.1) ?? 0
                } else {
                    request.shown.append(shown)
                }
            }
            requests.append(request)
        }
        return requests
    }
}
