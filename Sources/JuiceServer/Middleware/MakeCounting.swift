import Hummingbird

/// Counts each served store's makes and refused makes (see
/// ``CounterMetrics``): the answers of `POST /api/stores/{store}/make`,
/// refusals of the checks before it included. A store the server does not
/// serve is not counted (its name would make a metric of any text sent).
struct MakeCounting: RouterMiddleware {
    /// The stores served now, by name.
    let stores: @Sendable () -> [String]

    func handle(
        _ request: Request, context: CounterContext, next: (Request, CounterContext) async throws -> Response
    ) async throws -> Response {
        let response = try await next(request, context)
        guard request.method == .post, request.uri.path.hasSuffix("/make"),
            let store = context.parameters.get("store"), stores().contains(store)
        else { return response }
        if response.status == .ok {
            CounterMetrics.make(store: store)
        } else {
            CounterMetrics.makeRefused(store: store, status: response.status.code)
        }
        return response
    }
}
