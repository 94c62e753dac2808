import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client closed its side while an event stream
/// was answered on it: the server accepts half-closed connections (a client
/// may send its request and close its side), so without this a stream
/// whose client went away would keep its descriptor until its next write.
/// Closed, the stream ends at once and frees its place (``EventStream``).
final class EventStreamHangup: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    /// Whether the request being answered asks for events.
    private var isEventStream = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            let path = head.path?.split(separator: "?", maxSplits: 1).first ?? ""
            isEventStream = path.hasSuffix("/events")
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if isEventStream, case .some(.inputClosed) = event as? ChannelEvent {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
