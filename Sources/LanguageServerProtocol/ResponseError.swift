/// The codes of JSON-RPC 2.0 and LSP 3.17 errors this server answers with.
public enum ErrorCode: Int, Sendable {
    /// The message is not JSON, or its header cannot be read.
    case parseError = -32700
    /// JSON that is not a request, a notification or a response; or a
    /// message over the size limit; or a request after `shutdown`.
    case invalidRequest = -32600
    /// A request for a method the server does not know.
    case methodNotFound = -32601
    /// Parameters of the wrong shape.
    case invalidParams = -32602
    /// A fault of the server.
    case internalError = -32603
    /// A request before `initialize`.
    case serverNotInitialized = -32002
    /// A request the server could not answer for the document's state.
    case requestFailed = -32803
}

/// A JSON-RPC error: the `error` member of a response.
public struct ResponseError: Error, Sendable, Hashable {
    /// The error's code (see ``ErrorCode``).
    public var code: Int
    /// What is wrong, in one sentence.
    public var message: String
    /// More about it, if anything.
    public var data: JSON?

    /// An error with a known code.
    public init(_ code: ErrorCode, _ message: String, data: JSON? = nil) {
        self.code = code.rawValue
        self.message = message
        self.data = data
    }

    /// The error as a response's `error` member.
    public var json: JSON {
        var members: [String: JSON] = ["code": .integer(code), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }
}
