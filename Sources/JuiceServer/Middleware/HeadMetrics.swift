import Hummingbird

/// Counts a `HEAD` in the requests' metrics as any request: swift-metrics'
/// middleware records a request once its answer's body is written, and a
/// server writes no body for `HEAD`, so its count never came and its
/// active request was never taken off. Outside ``HeadWithoutBody`` and the
/// metrics' middleware, it writes the answer's empty body (which runs what
/// they added to it) to nowhere, then answers as they did.
struct HeadMetrics<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .head else { return response }
        try await response.body.write(Nowhere())
        // The same empty body ``HeadWithoutBody`` gave it.
        return Response(status: response.status, headers: response.headers, body: ResponseBody())
    }

    /// A body's writer that keeps nothing: a `HEAD`'s body is empty.
    private struct Nowhere: ResponseBodyWriter {
        mutating func write(_ buffer: ByteBuffer) async throws {}
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
