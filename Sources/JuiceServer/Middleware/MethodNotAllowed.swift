import Hummingbird

/// Answers a method that an API path does not take with 405, the methods
/// it takes in `Allow` and the usual error JSON, rather than the router's
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
        // A path may take more than one method (`order`: GET and POST).
        let methods = routes.filter { $0.matches(request.uri.path) }.map(\.method)
        guard !methods.isEmpty, !methods.contains(request.method) else {
            return try await next(request, context)
        }
        let allowed = methods.map(\.rawValue).joined(separator: ", ")
        var response = APIFailure.refusal(
            .methodNotAllowed, "usage", .methodNotAllowed(request.method.rawValue, allowed), request)
        response.headers[.allow] = allowed
        return response
    }
}
