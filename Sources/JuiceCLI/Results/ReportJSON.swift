import JuiceMaker

/// The JSON of `juice report`.
struct ReportJSON: Encodable {
    struct Recipe: Encodable {
        var id: String
        var name: String
        var uses: [String: Int]
        var servings: Int
        var limitedBy: [String]
        var missing: [String: Int]
    }

    var inventory: StockJSON
    var recipes: [Recipe]
    var diagnostics: [Diagnostic]
}

/// The JSON of `juice report --stores`.
struct BatchReportJSON: Encodable {
    struct Store: Encodable {
        var store: String
        var inventory: StockJSON
        var recipes: [ReportJSON.Recipe]
        var diagnostics: [Diagnostic]
    }

    var stores: [Store]
    /// The manifest's own problems.
    var diagnostics: [Diagnostic]
}
