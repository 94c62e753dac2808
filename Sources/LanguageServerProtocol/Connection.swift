/// One session with a client: reads messages, keeps the life cycle of LSP
/// 3.17 and answers every request, a JSON-RPC error for what is wrong,
/// never a crash.
public final class Connection<Source: ByteSource> {
    /// Where a session is in its life.
    enum State {
        case starting, running, shuttingDown
    }

    private var reader: MessageReader<Source>
    private let writer: MessageWriter
    private let server: any LanguageServer
    private var state = State.starting

    /// A session that reads `reader` and writes to `writer`.
    public init(reader: MessageReader<Source>, writer: MessageWriter, server: any LanguageServer) {
        self.reader = reader
        self.writer = writer
        self.server = server
    }

    /// Serves until `exit` or the end of the input: the process's exit
    /// status then, 0 after `shutdown`, 1 otherwise (LSP 3.17).
    public func run() -> Int32 {
        while true {
            switch reader.next() {
            case .end:
                return state == .shuttingDown ? 0 : 1
            case .invalid(let error):
                writer.send(MessageWriter.response(to: nil, .failure(error)))
            case .content(let bytes):
                if let status = take(bytes) { return status }
            }
        }
    }

    /// Answers one message's content (a message or a batch); the exit
    /// status when it was `exit`.
    private func take(_ bytes: [UInt8]) -> Int32? {
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            writer.send(MessageWriter.response(to: nil, .failure(error)))
            return nil
        }
        guard case .array(let batch) = json else {
            let (answer, status) = answer(json)
            if let answer { writer.send(answer) }
            return status
        }
        guard !batch.isEmpty else {
            writer.send(MessageWriter.response(to: nil, .failure(ResponseError(.invalidRequest, "an empty batch"))))
            return nil
        }
        var answers: [JSON] = []
        for element in batch {
            let (answer, status) = answer(element)
            if let answer { answers.append(answer) }
            if let status {
                if !answers.isEmpty { writer.send(.array(answers)) }
                return status
            }
        }
        if !answers.isEmpty { writer.send(.array(answers)) }
        return nil
    }

    /// The answer to one message (`nil` for a notification) and, for
    /// `exit`, the exit status.
    private func answer(_ json: JSON) -> (JSON?, Int32?) {
        let message: Message
        do {
            message = try Message(json)
        } catch {
            return (MessageWriter.response(to: error.id, .failure(error.error)), nil)
        }
        switch message {
        case .response:
            return (nil, nil)
        case .notification(let method, let params):
            if method == "exit" { return (nil, state == .shuttingDown ? 0 : 1) }
            // Before initialize, notifications are dropped (LSP 3.17).
            if state == .running { server.handle(notification: method, params: params) }
            return (nil, nil)
        case .request(let id, let method, let params):
            return (MessageWriter.response(to: id, result(of: method, params)), nil)
        }
    }

    private func result(of method: String, _ params: JSON?) -> Result<JSON, ResponseError> {
        switch (state, method) {
        case (.starting, "initialize"):
            do {
                let result = try server.initialize(params ?? [:])
                state = .running
                return .success(result)
            } catch {
                return .failure(error)
            }
        case (.starting, _):
            return .failure(ResponseError(.serverNotInitialized, "the server is not initialized yet"))
        case (.running, "initialize"):
            return .failure(ResponseError(.invalidRequest, "the server is initialized already"))
        case (.running, "shutdown"):
            state = .shuttingDown
            return .success(.null)
        case (.running, _):
            do {
                return .success(try server.handle(request: method, params: params))
            } catch {
                return .failure(error)
            }
        case (.shuttingDown, _):
            return .failure(ResponseError(.invalidRequest, "the server is shutting down"))
        }
    }
}
