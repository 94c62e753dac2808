/// What a language server does with the calls of an initialized session:
/// the protocol's life cycle (`initialize`, `shutdown`, `exit`) is kept by
/// ``Connection``, which calls this for the rest.
public protocol LanguageServer: AnyObject {
    /// Answers `initialize`: the `result` (capabilities and server info).
    func initialize(_ params: JSON) throws(ResponseError) -> JSON
    /// Answers a request; ``ErrorCode/methodNotFound`` for one it does not know.
    func handle(request method: String, params: JSON?) throws(ResponseError) -> JSON
    /// Takes a notification; one it does not know is ignored.
    func handle(notification method: String, params: JSON?)
}
