import Hummingbird
import JuicePresentation
import ServiceLifecycle

/// `GET /api/stores/{store}/events`: Server-Sent Events, an `inventory`
/// event with the store's report (the JSON of `GET .../report`) at once and
/// each time the inventory file changes, whoever changed it; a `failure`
/// event with the failure's JSON while the files cannot be read; a comment
/// every 15 s so that a closed connection is noticed.
struct EventStream: Sendable {
    let request: StoreRequest
    let language: RequestLanguage

    /// How often the file is looked at.
    static let pollInterval = Duration.milliseconds(250)
    /// How often a quiet stream says it is alive, in polls.
    static let keepAlivePolls = 60

    /// The streaming response; it ends when the client goes.
    func response() -> Response {
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: 1000\n\n"))
            var last: InventoryStamp?
            var polls = 0
            // An endless stream must not hold up the server's shutdown.
            while !Task.isShuttingDownGracefully {
                let stamp = request.address.inventoryPath.flatMap { InventoryStamp(path: $0) }
                if polls == 0 || stamp != last {
                    last = stamp
                    try await writer.write(ByteBuffer(string: await event()))
                } else if polls % Self.keepAlivePolls == 0 {
                    try await writer.write(ByteBuffer(string: ": alive\n\n"))
                }
                polls += 1
                try await Task.sleep(for: Self.pollInterval)
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache"],
            body: body)
    }

    /// The event for the store as it is now.
    private func event() async -> String {
        let catalogue = Catalogue(language.code)
        let (name, json): (String, String)
        do {
            let report = try await Blocking.run { [request] () throws(APIFailure) in try request.report() }
            (name, json) = ("inventory", report)
        } catch {
            (name, json) = ("failure", JSONText.render(error.json, catalogue: catalogue))
        }
        let data = json.split(separator: "\n", omittingEmptySubsequences: false).map { "data: " + $0 }
        return "event: \(name)\n" + data.joined(separator: "\n") + "\n\n"
    }
}
