import Foundation
import Hummingbird

/// The language of one request's answer: `?lang=` when given, else the
/// first of `Accept-Language` that the catalogue speaks, else English.
struct RequestLanguage: Sendable, Equatable {
    /// `en` or `ko`.
    let code: String

    /// The languages answers are given in.
    static let supported = ["en", "ko"]

    init(query: String?, acceptLanguage: String?) {
        if let query, Self.supported.contains(query) {
            code = query
            return
        }
        // `ko-KR,ko;q=0.9,en;q=0.8`: browsers list them best first.
        let primaries = (acceptLanguage ?? "").split(separator: ",").map { range in
            let tag = range.split(separator: ";").first ?? ""
            let language = tag.split(separator: "-").first ?? ""
            return language.trimmingCharacters(in: .whitespaces).lowercased()
        }
        code = primaries.first { Self.supported.contains($0) } ?? "en"
    }

    /// The language of `request`: its `lang` query item, else its
    /// `Accept-Language`.
    init(_ request: Request) {
        self.init(query: request.uri.queryParameters.get("lang"), acceptLanguage: request.headers[.acceptLanguage])
    }
}
