import Hummingbird
import NIOCore

/// The context of a request to the counter: Hummingbird's, and the
/// connection the request came on, so that an event stream ends as soon as
/// its connection closes (see ``EventStreamHangup``), not at its next write.
public struct CounterContext: RequestContext {
    /// What Hummingbird keeps of every request.
    public var coreContext: CoreRequestContextStorage
    /// The connection's channel.
    let channel: any Channel

    /// Whether the request came from this machine's loopback (127.0.0.0/8,
    /// `::1`, or IPv4's loopback mapped in IPv6).
    var isFromLoopback: Bool {
        guard let peer = channel.remoteAddress?.ipAddress else { return false }
        let mapped = "::ffff:"
        return ListeningAddress.isLoopback(peer.hasPrefix(mapped) ? String(peer.dropFirst(mapped.count)) : peer)
    }

    /// The context of a request on `source`'s connection.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
