import Hummingbird

/// Answers `HEAD` with no body whatever answers it: the routes' own `HEAD`
/// (their `GET`'s answer, which the router makes with
/// `autoGenerateHeadEndpoints`) and every refusal (421, 404, 405), whose
/// JSON would otherwise be sent where HTTP allows none.
struct HeadWithoutBody<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        return request.method == .head ? response.createHeadResponse() : response
    }
}
