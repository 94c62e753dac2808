import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// The server's HTTP/1 connections: Hummingbird's (which closes a
/// connection idle for the idle timeout), with ``RequestHeadDeadline`` first
/// in each pipeline, ``HostOptionalMark`` right after the HTTP/1 decoder
/// and ``EventStreamHangup`` after the conversion to Hummingbird's requests.
struct CounterChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let headTimeout: TimeAmount

    /// The server that answers with `responder`, under `configuration`'s
    /// timeouts.
    static func server(_ configuration: ServerConfiguration) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            CounterChannel(
                http1: HTTP1Channel(
                    responder: responder,
                    configuration: .init(
                        additionalChannelHandlers: [EventStreamHangup()],
                        idleTimeout: TimeAmount(configuration.idleTimeout))),
                headTimeout: TimeAmount(configuration.headTimeout))
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHandler(RequestHeadDeadline(timeout: headTimeout), position: .first)
            try pipeline.addHandler(
                HostOptionalMark(),
                position: .after(try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)))
            try channel.syncOptions?.setOption(ChannelOptions.recvAllocator, value: Self.receiveBuffers)
            return value
        }
    }

    /// The buffers a connection reads into. A connection keeps its last one
    /// while it waits (an event stream, for hours): NIO's default starts at
    /// 2 KB, where a request's head takes a few hundred bytes; this one
    /// starts at 512 bytes and grows, as NIO's does, when a read fills it.
    static let receiveBuffers = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 512, maximum: 65536)

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
