import NIOCore

/// Closes a connection whose request head does not arrive in time: from
/// the connection's start, or from the first byte of a request after the
/// last answer, to the blank line that ends the head. Slow or stalled
/// clients (partial headers) so cannot hold a connection, and a descriptor.
///
/// It reads the bytes before the HTTP decoder, first in the pipeline, and
/// only looks for the end of a head: a line break after an empty line.
/// Bytes after a head (its body) are not looked at; the first bytes read
/// after an answer has begun start the next head.
final class RequestHeadDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private enum State {
        /// Reading a head; `atLineStart` when the last byte ended a line.
        case head(atLineStart: Bool)
        /// The head is read; `answered` once the answer has begun.
        case request(answered: Bool)
    }

    private let timeout: TimeAmount
    private var state = State.head(atLineStart: false)
    private var deadline: Scheduled<Void>?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startClock(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopClock()
    }

    func channelActive(context: ChannelHandlerContext) {
        startClock(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopClock()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .request(answered: true) = state {
            state = .head(atLineStart: false)
        }
        if case .head(var atLineStart) = state {
            startClock(context)
            let bytes = unwrapInboundIn(data).readableBytesView
            for byte in bytes where byte != UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\n") {
                    if atLineStart {
                        stopClock()
                        state = .request(answered: false)
                        break
                    }
                    atLineStart = true
                } else {
                    atLineStart = false
                }
            }
            if case .head = state { state = .head(atLineStart: atLineStart) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .request = state { state = .request(answered: true) }
        context.write(data, promise: promise)
    }

    /// Starts the clock unless it runs.
    private func startClock(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let channel = context.channel
        deadline = context.eventLoop.scheduleTask(in: timeout) { channel.close(promise: nil) }
    }

    private func stopClock() {
        deadline?.cancel()
        deadline = nil
    }
}
