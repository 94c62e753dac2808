import Hummingbird
import JuicePresentation
import NIOCore
import ServiceLifecycle

/// `GET /api/stores/{store}/events`: Server-Sent Events from the store's
/// watch in the ``EventHub``: `inventory` (the report's JSON) at once and
/// after each change, whoever made it; `menu` (the menu's JSON) when the
/// menu or a file it extends changed; `failure` (the failure's JSON) while
/// the files are invalid or cannot be read; a comment every few seconds.
/// Past the hub's stream limit, 503 `busy`.
struct EventStream: Sendable {
    let request: StoreRequest
    let hub: EventHub
    /// The connection it is sent on: the stream ends when it closes.
    let connection: any Channel

    /// The streaming response; it ends when the client goes (its
    /// connection closed, see ``EventStreamHangup``) or the server shuts
    /// down.
    ///
    /// - Parameter isHead: whether the request is a `HEAD`: then no stream
    ///   is opened, and the body, of no known length as the stream's, is
    ///   never written (``HeadWithoutBody`` drops it); past the limit, the
    ///   503 a `GET` would get.
    func response(isHead: Bool = false) -> Response {
        if isHead {
            guard hub.streamCount < hub.settings.maxStreams else { return busy() }
            return Response(status: .ok, headers: Self.headers, body: ResponseBody { _ in })
        }
        guard let subscription = hub.subscribe(request) else { return busy() }
        // At once, not at the stream's next write: the place is free for another.
        connection.closeFuture.whenComplete { _ in subscription.end() }
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            // An endless stream must not hold up the server's shutdown. (Not
            // `cancelOnGracefulShutdown()`: its merge starts tasks of its own
            // for every stream.)
            try await withGracefulShutdownHandler {
                for await text in subscription.events {
                    try await writer.write(ByteBuffer(string: text))
                }
            } onGracefulShutdown: {
                subscription.end()
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: Self.headers, body: body)
    }

    /// The 503 `busy` of a stream past the hub's limit.
    private func busy() -> Response {
        let failure = APIFailure.busy(ServerText.tooManyStreams(hub.settings.maxStreams).text(request.language))
        return JSONAnswer.text(request.json(failure.json), status: failure.status)
    }

    private static let headers: HTTPFields = [
        .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache",
    ]

    /// An event: its name, and each line of `json` as a `data:` line.
    static func event(_ name: String, _ json: String) -> String {
        let data = json.split(separator: "\n", omittingEmptySubsequences: false).map { "data: " + $0 }
        return "event: \(name)\n" + data.joined(separator: "\n") + "\n\n"
    }
}
