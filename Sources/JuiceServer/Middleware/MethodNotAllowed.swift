import Hummingbird

/// Answers a method that an API path does not take with 405, the method it
/// takes in `Allow` and the usual error JSON, rather than the router's
/// empty 404, which would say that the path does not exist.
///
/// Added after every route, it sees only the requests no route took.
struct MethodNotAllowed<Context: RequestContext>: RouterMiddleware {
    /// An API path (`/api/stores/{store}/make`, a `{...}` segment standing
    /// for any) and the method it takes.
    struct Route: Sendable {
        let segments: [Substring]
        let method: HTTPRequest.Method

        init(_ path: String, _ method: HTTPRequest.Method) {
            segments = path.split(separator: "/")
            self.method = method
        }

        /// Whether `path` is this route's, whatever the method.
        func matches(_ path: String) -> Bool {
            let given = path.split(separator: "/")
            return given.count == segments.count
                && zip(segments, given).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }

    let routes: [Route]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let route = routes.first(where: { $0.matches(request.uri.path) }), route.method != request.method else {
            return try await next(request, context)
        }
        var response = APIFailure.refusal(
            .methodNotAllowed, "usage", .methodNotAllowed(request.method.rawValue, route.method.rawValue), request)
        response.headers[.allow] = route.method.rawValue
        return response
    }
}
