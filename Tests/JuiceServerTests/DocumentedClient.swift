import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The in-process test client of every API test (``Fixture/test(_:_:)``
/// hands it out): it passes each request on, and records an issue for each
/// way the answer differs from what `openapi.yaml` says of it (status,
/// headers, content type, body schema), so that a test that checks one
/// field still checks the whole answer against the document.
struct DocumentedClient: TestClientProtocol {
    let client: any TestClientProtocol

    func executeRequest(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?
    ) async throws -> TestResponse {
        let response = try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
        let answer = APIAnswer(
            method: method.rawValue, uri: uri, status: response.status.code,
            headers: Dictionary(response.headers.map { ($0.name.canonicalName, $0.value) }) { first, _ in first },
            body: String(buffer: response.body))
        for problem in try OpenAPIDocument.shared().problems(answer) {
            Issue.record("openapi.yaml does not describe the answer: \(problem)")
        }
        return response
    }

    var port: Int? { client.port }
}
