import Hummingbird

/// On a server that serves a copy of the stores (``ServerConfiguration/isReadOnly``):
/// answers every request of the API's group that is not a `GET` or `HEAD`
/// (every change) with 405, `Allow: GET, HEAD`, and a JSON error
/// (`read-only`) saying that changes are made at the store.
struct ReadOnly<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method != .get, request.method != .head else { return try await next(request, context) }
        var response = APIFailure.refusal(.methodNotAllowed, "read-only", .readOnly, request)
        response.headers[.allow] = "GET, HEAD"
        return response
    }
}
