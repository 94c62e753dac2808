import Hummingbird
import JuicePresentation

/// Responses whose body is JSON: pretty-printed with sorted keys, as
/// `juice --format json` writes it, messages in the request's language.
enum JSONAnswer {
    /// A JSON response of `value`.
    static func ok(_ value: some Encodable, language: RequestLanguage) -> Response {
        text(JSONText.render(value, catalogue: Catalogue(language.code)), status: .ok)
    }

    /// The response to a failed request.
    static func failure(_ failure: APIFailure, language: RequestLanguage) -> Response {
        text(JSONText.render(failure.json, catalogue: Catalogue(language.code)), status: failure.status)
    }

    /// A response of JSON text already made.
    static func text(_ json: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: json + "\n")))
    }
}
