import Hummingbird
import JuiceMaker
import JuicePresentation

/// The options of `GET {store}/usage` and `{store}/variance`, as `juice
/// usage` and `juice variance` take them: `since` and `until` (checked
/// as the command line checks `--since` and `--until`, with the same
/// messages) and, for the usage, `by=day`. A value given twice, or any
/// other `by`, is a 400.
struct PeriodQuery: Sendable {
    var period: PeriodBounds
    /// `by=day`: the usage of each business day.
    var byDay = false

    /// The options `request`'s query gives.
    ///
    /// - Parameters:
    ///   - takesBy: whether `by` is an option here (the usage's).
    ///   - language: `en` or `ko`, for the error.
    init(_ request: Request, takesBy: Bool, language: String) throws(APIFailure) {
        let query = request.uri.queryParameters
        let since = try Self.single("since", in: query, language: language)
        let until = try Self.single("until", in: query, language: language)
        do {
            period = try PeriodBounds(
                since: since, until: until, names: ("since", "until"), catalogue: Catalogue(language))
        } catch {
            throw .usage(error.message)
        }
        guard takesBy, let by = try Self.single("by", in: query, language: language) else { return }
        guard by == "day" else { throw .usage(ServerText.badOption("by", by, "day").text(language)) }
        byDay = true
    }

    /// The one value of `name`, if given.
    private static func single(_ name: String, in query: Parameters, language: String) throws(APIFailure) -> String? {
        let values = query.getAll(name)
        guard values.count <= 1 else { throw .usage(ServerText.givenTwice(name).text(language)) }
        return values.first
    }
}
