import Hummingbird

/// Counts each served store's makes and refused makes (see
/// ``CounterMetrics``): the answers of `POST /api/stores/{store}/make`,
/// refusals of the checks before it included. A store the server does not
/// serve is not counted (its name would make a metric of any text sent).
struct MakeCounting: RouterMiddleware {
    /// Whether a store is served now, by name.
    let isServed: @Sendable (String) -> Bool

    func handle(
        _ request: Request, context: CounterContext, next: (Request, CounterContext) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .post, request.uri.path.hasSuffix("/make"),
            let store = context.parameters.get("store"), isServed(store)
        else { return response }
        if response.status == .ok {
            CounterMetrics.make(store: store)
        } else {
            CounterMetrics.makeRefused(store: store, status: response.status.code)
        }
        return response
    }
}
