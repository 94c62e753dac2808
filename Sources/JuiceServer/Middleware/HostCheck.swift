import Hummingbird

/// Answers 421 to a request whose `Host` names another server than this
/// one: a page of another site whose name an attacker pointed at this
/// machine (DNS rebinding) reads and changes nothing. A request without
/// `Host` (HTTP/1.0, never a browser's) is let through.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    /// The names the server answers to, lowercased, IPv6 addresses in
    /// brackets (``ListeningAddress/hostNames`` and `--allow-host`).
    let names: Set<String>

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let authority = request.head.authority, !names.contains(Self.name(of: authority)) else {
            return try await next(request, context)
        }
        return APIFailure.refusal(.misdirectedRequest, "misdirected", .misdirected(authority), request)
    }

    /// The host of an authority (`Host: Example.com.:8080`), without its
    /// port and final dot, lowercased; an IPv6 address keeps its brackets.
    static func name(of authority: String) -> String {
        var host =
            if authority.hasPrefix("[") {
                authority.firstIndex(of: "]").map { authority[...$0] } ?? authority[...]
            } else {
                authority.prefix { $0 != ":" }
            }
        if host.hasSuffix(".") { host = host.dropLast() }
        return host.lowercased()
    }
}
