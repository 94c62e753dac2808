import Hummingbird

/// Lets a request that changes stock (every `POST` of the API's routes,
/// in whose group it is) through only when a
/// page of another site could not have sent it: its `Origin`, when it has
/// one, is the server's own (else 403), and its body is declared
/// `application/json` (else 415), which no form and no `no-cors` fetch of
/// another site can send without the browser asking first.
///
/// The server's own origin is `http://` or `https://` and the `Host` the
/// request was sent to, which ``HostCheck`` has found to name the server:
/// the browser writes both, so they are equal exactly when the page that
/// sent the request was served from the address it sends to (the same
/// name and port), whatever port the server listens on or a proxy in
/// front of it shows.
///
/// A change whose body may be empty (placing an order, an undo) is let
/// through without a `Content-Type` when its body is empty: there is no
/// body to declare, and a page of another site still sends its `Origin`.
///
/// A change whose body is not JSON (an import's till export, `text/csv`)
/// must be declared as that type instead: like JSON's, no form and no
/// `no-cors` fetch of another site can send it unasked.
struct ChangeCheck<Context: RequestContext>: RouterMiddleware {
    /// The last part of the paths whose body may be empty (`order` of
    /// `/api/stores/main/order`).
    let routesTakingNoBody: Set<String>
    /// The media type of the routes whose body is not JSON, by the last
    /// part of their paths (`import`: `text/csv`).
    var mediaTypes: [String: String] = [:]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        if let origin = request.headers[.origin], !Self.isSameOrigin(origin, authority: request.head.authority) {
            return APIFailure.refusal(.forbidden, "forbidden", .otherOrigin(origin), request)
        }
        let mediaType = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        let route = Self.route(request.uri.path)
        if let expected = route.flatMap({ mediaTypes[$0] }) {
            guard mediaType?.lowercased() == expected else {
                return APIFailure.refusal(
                    .unsupportedMediaType, "unsupported-media-type", .notMediaType(expected, mediaType), request)
            }
            return try await next(request, context)
        }
        if mediaType == nil, let route, routesTakingNoBody.contains(route) {
            // Empty, or it cannot be taken undeclared.
            var request = request
            if (try? await request.collectBody(upTo: 0)) != nil { return try await next(request, context) }
            return APIFailure.refusal(.unsupportedMediaType, "unsupported-media-type", .notJSON(nil), request)
        }
        guard mediaType?.lowercased() == "application/json" else {
            return APIFailure.refusal(.unsupportedMediaType, "unsupported-media-type", .notJSON(mediaType), request)
        }
        return try await next(request, context)
    }

    /// The route of a store's `path` (`order` of `/api/stores/STORE/order`);
    /// `nil` for any other path.
    private static func route(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 5 ? String(parts[4]) : nil
    }

    /// Whether `origin` (`http://127.0.0.1:8080`) is of the page served at
    /// `authority` (the request's `Host`): the same text after the scheme,
    /// letters in any case.
    static func isSameOrigin(_ origin: String, authority: String?) -> Bool {
        guard let authority else { return false }
        let lowered = origin.lowercased()
        return ["http://", "https://"].contains { lowered == $0 + authority.lowercased() }
    }
}
