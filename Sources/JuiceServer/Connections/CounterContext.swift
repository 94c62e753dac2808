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

    /// The context of a request on `source`'s connection.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
