import ArgumentParser

/// The output formats of `juice report`.
enum ReportFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, csv, markdown
}

/// The output formats of `juice make` and `juice adjust`.
enum TransactionFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json
}

/// The output formats of `juice plan`, `mix`, `log` and `usage`.
package enum TableFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, csv
}

/// The output formats of `juice validate`.
enum ValidateFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, github
}
