import Hummingbird

/// Answers `HEAD` with no body whatever answers it: the routes' own `HEAD`
/// (their `GET`'s answer, which the router makes with
/// `autoGenerateHeadEndpoints`, or, for a streamed answer, the route
/// itself) and every refusal (421, 404, 405), whose JSON would otherwise
/// be sent where HTTP allows none.
///
/// The headers are those `GET` sends, framing included: a streamed answer
/// (the log, the event stream) has no length, so its `HEAD` says none
/// either, where an empty body would say `Content-Length: 0`; HTTP/1.1
/// then says `Transfer-Encoding: chunked`, as for the `GET`. The body is
/// never started.
struct HeadWithoutBody<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .head else { return response }
        var head = response.createHeadResponse()
        if response.body.contentLength == nil { head.headers[.contentLength] = nil }
        return head
    }
}
