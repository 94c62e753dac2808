import NIOCore
import NIOHTTP1

/// Marks the head of an HTTP/1.0 request with ``name`` before HTTP/1 is
/// converted to the version-less request Hummingbird routes: only such a
/// request may come without `Host` (RFC 9112), which ``HostCheck`` asks.
/// The mark a client sends itself is removed from every request.
final class HostOptionalMark: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// The header field of the mark.
    static let name = "Juice-HTTP-1-0"

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.remove(name: Self.name)
        if head.version.major < 1 || head.version == .http1_0 { head.headers.add(name: Self.name, value: "1") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
