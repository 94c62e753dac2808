import Hummingbird
import JuicePresentation
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

    /// The streaming response; it ends when the client goes (noticed at the
    /// next write) or the server shuts down.
    func response() -> Response {
        guard let events = hub.subscribe(request) else {
            let failure = APIFailure.busy(ServerText.tooManyStreams(hub.settings.maxStreams).text(request.language))
            return JSONAnswer.text(request.json(failure.json), status: failure.status)
        }
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            // An endless stream must not hold up the server's shutdown.
            for await text in events.cancelOnGracefulShutdown() {
                try await writer.write(ByteBuffer(string: text))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: body)
    }

    /// An event: its name, and each line of `json` as a `data:` line.
    static func event(_ name: String, _ json: String) -> String {
        let data = json.split(separator: "\n", omittingEmptySubsequences: false).map { "data: " + $0 }
        return "event: \(name)\n" + data.joined(separator: "\n") + "\n\n"
    }
}
