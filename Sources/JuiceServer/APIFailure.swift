import HTTPTypes
import JuiceCLI
import JuiceMaker

/// A request that failed: its status and the JSON of the failure, the same
/// object `juice --format json` writes.
struct APIFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var json: FailureJSON

    init(status: HTTPResponse.Status, json: FailureJSON) {
        self.status = status
        self.json = json
    }

    /// A failure of the command line's kinds, said in `context`'s language.
    init(_ failure: Failure, context: FailureContext) {
        self.init(status: failure.httpStatus, json: FailureRenderer(context: context).json(failure))
    }

    /// A failure of the store service, said in `context`'s language: a
    /// store the server does not serve is 404, the rest as
    /// ``Failure/httpStatus`` says.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    init(_ error: StoreError, making: Bool, context: FailureContext) {
        let failure = Failure(error, making: making, catalogue: context.catalogue)
        let status: HTTPResponse.Status = if case .noSuchStore = error { .notFound } else { failure.httpStatus }
        self.init(status: status, json: FailureRenderer(context: context).json(failure))
    }

    /// A bad request: the JSON of a usage error, status 400.
    static func usage(_ message: String) -> APIFailure {
        APIFailure(status: .badRequest, json: FailureJSON(error: "usage", message: message))
    }
}

extension Failure {
    /// The HTTP status of a failure: 409 a refusal for stock, 400 a usage
    /// error, 422 invalid data, 503 a lock that stayed held (or a solver
    /// that cannot be loaded, which the API does not use), 500 a file the
    /// server cannot read or write.
    var httpStatus: HTTPResponse.Status {
        switch self {
        case .insufficientStock, .minimumsShort, .negativeStock, .aboveMaximum, .refused: return .conflict
        case .usage: return .badRequest
        case .invalidData: return .unprocessableContent
        case .locked, .unavailable: return .serviceUnavailable
        case .missingFile, .cannotWrite, .io: return .internalServerError
        }
    }
}
