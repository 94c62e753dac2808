import HTTPTypes
import Hummingbird

/// Answers 400 to a request whose `Host` is not one host and port (RFC
/// 9112: given twice, not of its form, or missing from an HTTP/1.1
/// request), and 421 to one whose `Host` names another server than this
/// one: a page of another site whose name an attacker pointed at this
/// machine (DNS rebinding) reads and changes nothing. An HTTP/1.0 request
/// (never a browser's) may come without `Host` (``HostOptionalMark``).
struct HostCheck<Context: RequestContext>: RouterMiddleware {
    /// The names the server answers to, lowercased, IPv6 addresses in
    /// brackets (``ListeningAddress/hostNames`` and `--allow-host`).
    let names: Set<String>

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let authority = request.head.authority else {
            guard request.headers[.hostOptionalMark] != nil else {
                return APIFailure.refusal(.badRequest, "usage", .noHost, request)
            }
            return try await next(request, context)
        }
        guard request.headers[.host] == nil else {
            return APIFailure.refusal(.badRequest, "usage", .hostTwice, request)
        }
        guard Self.isHostAndPort(authority) else {
            return APIFailure.refusal(.badRequest, "usage", .badHost(authority), request)
        }
        guard names.contains(Self.name(of: authority)) else {
            return APIFailure.refusal(.misdirectedRequest, "misdirected", .misdirected(authority), request)
        }
        return try await next(request, context)
    }

    /// Whether `authority` is of `Host`'s form (RFC 9110's `uri-host [ ":"
    /// port ]`): a name of letters, digits and the other characters a
    /// URI's host may hold, or the same and colons in brackets (an IPv6
    /// address, with its zone), then digits after a colon.
    static func isHostAndPort(_ authority: String) -> Bool {
        let bytes = Array(authority.utf8)
        var index = 0
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1,
                bytes[1..<close].allSatisfy({ isNameByte($0) || $0 == UInt8(ascii: ":") })
            else { return false }
            index = close + 1
        } else {
            while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
                guard isNameByte(bytes[index]) else { return false }
                index += 1
            }
        }
        guard index < bytes.count else { return true }
        guard bytes[index] == UInt8(ascii: ":") else { return false }
        return bytes[(index + 1)...].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// A byte a URI's `reg-name` may hold: unreserved, sub-delims, `%`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "-._~!$&'()*+,;=%".utf8.contains(byte)
        }
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

extension HTTPField.Name {
    /// `Host`: the first is a request's authority, a second stays among its
    /// fields.
    fileprivate static let host = HTTPField.Name("Host")!
    /// ``HostOptionalMark``'s.
    fileprivate static let hostOptionalMark = HTTPField.Name(HostOptionalMark.name)!
}
