import Hummingbird
import JuiceMaker
import JuicePresentation

/// A request that failed: its status and the JSON of the failure, the same
/// object `juice --format json` writes, but for the server's files, which it
/// names without their absolute paths (``ShownPaths``).
struct APIFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var json: FailureJSON

    init(status: HTTPResponse.Status, json: FailureJSON) {
        self.status = status
        self.json = ShownPaths().shown(json)
    }

    /// A failure of the command line's kinds, said in `context`'s language.
    init(_ failure: Failure, context: FailureContext) {
        self.init(
            status: HTTPResponse.Status(code: failure.httpStatus), json: FailureRenderer(context: context).json(failure)
        )
    }

    /// A failure of the store service, said in `context`'s language: a
    /// store the server does not serve is 404, the rest as
    /// ``Failure/httpStatus`` says.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    init(_ error: StoreError, making: Bool, context: FailureContext) {
        let failure = Failure(error, making: making, catalogue: context.catalogue)
        let status: HTTPResponse.Status =
            if case .noSuchStore = error { .notFound } else { HTTPResponse.Status(code: failure.httpStatus) }
        self.init(status: status, json: FailureRenderer(context: context).json(failure))
    }

    /// The answer to a request refused before any route: `status`, and the
    /// failure named `error` with `text` in the request's language.
    static func refusal(
        _ status: HTTPResponse.Status, _ error: String, _ text: ServerText, _ request: Request
    ) -> Response {
        let language = RequestLanguage(request)
        let failure = APIFailure(status: status, json: FailureJSON(error: error, message: text.text(language.code)))
        return JSONAnswer.failure(failure, language: language)
    }

    /// The server cannot take the request now (a store's line or the
    /// event streams are full): status 503, error `busy`.
    static func busy(_ message: String) -> APIFailure {
        APIFailure(status: .serviceUnavailable, json: FailureJSON(error: "busy", message: message))
    }

    /// A bad request: the JSON of a usage error, status 400.
    static func usage(_ message: String) -> APIFailure {
        APIFailure(status: .badRequest, json: FailureJSON(error: "usage", message: message))
    }
}
