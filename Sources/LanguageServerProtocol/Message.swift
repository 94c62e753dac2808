/// A request's id: a number or a string, as the client chose.
public enum MessageID: Sendable, Hashable {
    case number(Int)
    case string(String)

    /// The id of `json`, `nil` when it is neither a whole number nor a string.
    init?(_ json: JSON) {
        if let number = json.integer {
            self = .number(number)
        } else if let text = json.string {
            self = .string(text)
        } else {
            return nil
        }
    }

    var json: JSON {
        switch self {
        case .number(let value): .integer(value)
        case .string(let value): .string(value)
        }
    }
}

/// One JSON-RPC 2.0 message, told apart by its members.
public enum Message: Sendable, Hashable {
    /// A call that wants an answer.
    case request(id: MessageID, method: String, params: JSON?)
    /// A call that wants none.
    case notification(method: String, params: JSON?)
    /// An answer to a call this side made (the server makes none, and
    /// ignores them).
    case response(id: MessageID?)

    /// The message `json` is.
    ///
    /// - Throws: ``ResponseError`` with code ``ErrorCode/invalidRequest``,
    ///   and the request's id when one could be read (else `nil`).
    public init(_ json: JSON) throws(InvalidMessage) {
        guard case .object(let members) = json else {
            throw InvalidMessage(id: nil, error: ResponseError(.invalidRequest, "a message is a JSON object"))
        }
        let id = members["id"].flatMap(MessageID.init)
        guard members["jsonrpc"] == "2.0" else {
            throw InvalidMessage(id: id, error: ResponseError(.invalidRequest, "\"jsonrpc\" must be \"2.0\""))
        }
        if members["result"] != nil || members["error"] != nil, members["method"] == nil {
            self = .response(id: id)
            return
        }
        guard let method = members["method"]?.string else {
            throw InvalidMessage(id: id, error: ResponseError(.invalidRequest, "\"method\" must be a string"))
        }
        let params = members["params"]
        switch params {
        case nil, .null?, .object?, .array?: break
        default:
            throw InvalidMessage(
                id: id, error: ResponseError(.invalidRequest, "\"params\" must be an object or an array"))
        }
        guard let idValue = members["id"], idValue != .null else {
            self = .notification(method: method, params: params)
            return
        }
        guard let id else {
            throw InvalidMessage(
                id: nil, error: ResponseError(.invalidRequest, "\"id\" must be a whole number or a string"))
        }
        self = .request(id: id, method: method, params: params)
    }
}

/// A message that is not one, with the id to answer it by when it had one.
public struct InvalidMessage: Error, Sendable {
    /// The id of the message, when it had one that can be read.
    public var id: MessageID?
    /// What is wrong with it.
    public var error: ResponseError
}
