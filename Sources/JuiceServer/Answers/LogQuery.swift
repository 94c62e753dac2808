import Hummingbird
import JuiceMaker

/// The paging of `GET {store}/log`: `limit` (1 to
/// ``JournalPage/maximumLimit``, default ``JournalPage/defaultLimit``) and
/// `before` (an entry's id: the page holds older entries only). Anything
/// else, or either given twice, is a 400.
struct LogQuery: Sendable {
    var limit = JournalPage.defaultLimit
    var before: Int?

    /// The largest `before` taken: JSON's largest safe integer, so that
    /// every id a client can hold in a number is one (2^53 - 1).
    static let largestID = 9_007_199_254_740_991

    /// The paging `request`'s query asks for.
    ///
    /// - Parameter language: `en` or `ko`, for the error.
    init(_ request: Request, language: String) throws(APIFailure) {
        let query = request.uri.queryParameters
        if let text = try Self.single("limit", in: query, language: language) {
            guard let limit = Int(text), (1...JournalPage.maximumLimit).contains(limit) else {
                throw .usage(ServerText.badLimit(text).text(language))
            }
            self.limit = limit
        }
        if let text = try Self.single("before", in: query, language: language) {
            guard let before = Int(text), (1...Self.largestID).contains(before) else {
                throw .usage(ServerText.badBefore(text).text(language))
            }
            self.before = before
        }
    }

    private static func single(_ name: String, in query: Parameters, language: String) throws(APIFailure) -> String? {
        let values = query.getAll(name)
        guard values.count <= 1 else {
            let text = values.joined(separator: ",")
            throw .usage((name == "limit" ? ServerText.badLimit(text) : ServerText.badBefore(text)).text(language))
        }
        return values.first
    }
}
