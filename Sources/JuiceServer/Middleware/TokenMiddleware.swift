import Hummingbird

/// Lets a request that changes stock (every `POST`), and one for
/// `/metrics` from off loopback, through only with `Authorization: Bearer
/// TOKEN`, when the server has a token; the others get 401 and the JSON of
/// the failure.
struct TokenMiddleware: RouterMiddleware {
    /// The token; `nil` lets every request through.
    let token: String?

    func handle(
        _ request: Request, context: CounterContext, next: (Request, CounterContext) async throws -> Response
    ) async throws -> Response {
        guard let token else { return try await next(request, context) }
        let text: ServerText
        if request.method == .post {
            text = .needsToken
        } else if request.uri.path == "/metrics", !context.isFromLoopback {
            text = .metricsNeedToken
        } else {
            return try await next(request, context)
        }
        if let given = request.headers[.authorization], Self.same(given, "Bearer " + token) {
            return try await next(request, context)
        }
        var response = APIFailure.refusal(.unauthorized, "unauthorized", text, request)
        response.headers[.wwwAuthenticate] = "Bearer"
        return response
    }

    /// Compares in a time that depends on the lengths only, so that the
    /// token cannot be guessed a byte at a time from response times.
    private static func same(_ given: String, _ expected: String) -> Bool {
        let (lhs, rhs) = (Array(given.utf8), Array(expected.utf8))
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
