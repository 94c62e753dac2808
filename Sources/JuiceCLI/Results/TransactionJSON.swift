import JuiceMaker

/// The JSON of a successful `make` or `adjust`.
struct TransactionJSON: Encodable {
    var ok = true
    var dryRun: Bool?
    var before: StockJSON?
    var inventory: StockJSON
    var diagnostics: [Diagnostic]
}
