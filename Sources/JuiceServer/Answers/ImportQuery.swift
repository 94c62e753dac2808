import Foundation
import Hummingbird
import JuiceMaker
import JuicePresentation
import JuiceTill

/// The options of `POST {store}/import`, as `juice import` takes them:
/// `from` (`square`, `toast` or `csv`; guessed from the header when left
/// out), `dryRun` (`true` or `false`), `columns` (`time=Date,item=Product`),
/// `timeZone` and `location`. The sales map is always the store's own
/// (`recipes/sales.yaml` beside its menu or manifest): a request never
/// names a file of the server. A value given twice, or one the option does
/// not take, is a 400 with the command line's message.
struct ImportQuery: Sendable {
    var format: TillFormat?
    var dryRun = false
    /// `columns`: other headers for the generic format's columns.
    var renamed: [TillColumns.Role: String] = [:]
    /// `timeZone`: the zone of every local time in the export.
    var timeZone: TimeZone?
    /// `location`: only this till location's tickets are taken.
    var location: String?

    /// The name the export is shown by in diagnostics: never a path of the
    /// server's.
    static let shownName = "upload.csv"

    /// The options `request`'s query gives.
    ///
    /// - Parameter language: `en` or `ko`, for the error.
    init(_ request: Request, language: String) throws(APIFailure) {
        let query = request.uri.queryParameters
        let catalogue = Catalogue(language)
        func single(_ name: String) throws(APIFailure) -> String? {
            let values = query.getAll(name)
            guard values.count <= 1 else { throw .usage(ServerText.givenTwice(name).text(language)) }
            return values.first
        }
        if let from = try single("from") {
            guard let format = TillFormat(rawValue: from) else {
                let taken = TillFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw .usage(ServerText.badOption("from", from, taken).text(language))
            }
            self.format = format
        }
        if let dryRun = try single("dryRun") {
            guard let value = Bool(dryRun) else {
                throw .usage(ServerText.badOption("dryRun", dryRun, "true, false").text(language))
            }
            self.dryRun = value
        }
        if let columns = try single("columns") {
            do {
                renamed = try TillColumns.renamed(parsing: columns)
            } catch {
                throw .usage(catalogue(.notAColumn, error.pair, error.columns))
            }
        }
        if let zone = try single("timeZone") {
            guard let timeZone = TillZone.named(zone) else { throw .usage(catalogue(.notATimeZone, zone)) }
            self.timeZone = timeZone
        }
        location = try single("location")
    }
}
