#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes messages with their `Content-Length` header.
public final class MessageWriter: @unchecked Sendable {
    private let sink: ([UInt8]) -> Void

    /// A writer that hands each framed message to `sink`.
    public init(sink: @escaping ([UInt8]) -> Void) {
        self.sink = sink
    }

    /// A writer to a file descriptor (standard output); a write that fails
    /// (the client gone) is dropped: the next read finds the end.
    public convenience init(descriptor: Int32) {
        self.init { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Writes `message` framed.
    public func send(_ message: JSON) {
        let content = message.encoded()
        sink(Array("Content-Length: \(content.count)\r\n\r\n".utf8) + content)
    }

    /// Sends a notification.
    public func notify(_ method: String, _ params: JSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// The response to `id` (`nil`: a message whose id could not be read).
    static func response(to id: MessageID?, _ outcome: Result<JSON, ResponseError>) -> JSON {
        var members: [String: JSON] = ["jsonrpc": "2.0", "id": id?.json ?? .null]
        switch outcome {
        case .success(let result): members["result"] = result
        case .failure(let error): members["error"] = error.json
        }
        return .object(members)
    }
}
