import HTTPTypes
import Hummingbird

/// The headers every answer carries so that a browser keeps the page to
/// itself: `Content-Security-Policy: default-src 'self'; frame-ancestors
/// 'none'` (only the server's own scripts and styles, and no frame of it on
/// another page), `X-Content-Type-Options: nosniff`, `Referrer-Policy:
/// no-referrer`, and on the API `Cache-Control: no-store` (stock is never
/// answered from a cache). An error the router throws (its 404) is made an
/// answer here, so that it carries them too.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    /// The page's policy, in Hummingbird's terms.
    static var policy: ContentSecurityPolicy { [.defaultSrc(.self), .frameAncestors(.none)] }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.contentSecurityPolicy] = Self.policy.description
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        if request.uri.path.hasPrefix("/api/") { response.headers[.cacheControl] = "no-store" }
        return response
    }
}

extension HTTPField.Name {
    /// `Referrer-Policy`, which HTTPTypes does not name.
    fileprivate static var referrerPolicy: Self { Self("Referrer-Policy")! }
}
