/// The output formats of `juice report`.
package enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, csv, markdown
}

/// The output formats of `juice make` and `juice adjust`.
package enum TransactionFormat: String, CaseIterable, Sendable {
    case text, json
}

/// The output formats of `juice plan`, `mix`, `log` and `usage`.
package enum TableFormat: String, CaseIterable, Sendable {
    case text, json, csv
}

/// The output formats of `juice validate`.
package enum ValidateFormat: String, CaseIterable, Sendable {
    case text, json, github
}
