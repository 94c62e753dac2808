import ArgumentParser
import JuicePresentation

// The output formats are chosen with `--format`.
extension ReportFormat: ExpressibleByArgument {}
extension TransactionFormat: ExpressibleByArgument {}
extension TableFormat: ExpressibleByArgument {}
extension ValidateFormat: ExpressibleByArgument {}
