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
        var response = try await next(request, context)
        guard request.method == .head else { return response }
        let written = response.body
        try await written.write(Nowhere())
        // Set as the metrics' middleware sets it: a body of the same length
        // leaves the headers as they are (a stream's `HEAD` says no length).
        response.body = ResponseBody(contentLength: written.contentLength) { writer in try await writer.finish(nil) }
        return response
    }

    /// A body's writer that keeps nothing: a `HEAD`'s body is empty.
    private struct Nowhere: ResponseBodyWriter {
        mutating func write(_ buffer: ByteBuffer) async throws {}
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
