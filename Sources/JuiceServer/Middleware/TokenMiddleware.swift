import Hummingbird

/// Lets a request that changes stock (every `POST`) through only with
/// `Authorization: Bearer TOKEN`, when the server has a token; the
/// others get 401 and the JSON of the failure.
struct TokenMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The token; `nil` lets every request through.
    let token: String?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let token, request.method == .post else { return try await next(request, context) }
        if let given = request.headers[.authorization], Self.same(given, "Bearer " + token) {
            return try await next(request, context)
        }
        var response = APIFailure.refusal(.unauthorized, "unauthorized", .needsToken, request)
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
