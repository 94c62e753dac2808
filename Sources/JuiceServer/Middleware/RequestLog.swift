import Hummingbird
import Logging

/// A line of the log per request (SPEC 19), once it is answered: its
/// method, route (the path as routed, `/api/stores/{store}/make`; `none`
/// when no route took it), status, time taken in seconds and store. Never
/// a header (the token) nor a body.
struct RequestLog<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let taken = ContinuousClock.now - start
        var metadata: Logger.Metadata = [
            "method": "\(request.method)", "route": "\(context.endpointPath ?? "none")",
            "status": "\(response.status.code)",
            "seconds": "\(Double(taken.components.attoseconds) / 1e18 + Double(taken.components.seconds))",
        ]
        if let store = context.parameters.get("store") {
            // As sent, but that a control character (a line's end) cannot
            // forge a line of the log.
            metadata["store"] = "\(String(store.map { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 ? "?" : $0 }))"
        }
        logger.info("request", metadata: metadata)
        return response
    }
}
