import ArgumentParser
import JuiceMaker
import JuicePresentation

extension JournalEntry.Reason: ExpressibleByArgument {}

extension JournalEntry.Kind: ExpressibleByArgument {}

/// `--by day`: a row per local day, for `log` and `usage`.
enum PeriodGrouping: String, CaseIterable, ExpressibleByArgument {
    case day
}

/// `--since` and `--until`: the period of `log`, `usage` and `variance`,
/// each a date, an RFC 3339 time, `today`, `yesterday` or `Nd`; an end
/// not after the start is a usage error.
struct PeriodOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Output.catalogue(.sinceOption), valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp(Output.catalogue(.untilOption), valueName: "time"))
    var until: String?

    func validate() throws {
        for (option, value) in [("--since", since), ("--until", until)] {
            if let value, JournalTime(parsingBound: value) == nil {
                throw ValidationError(Output.catalogue(.notATime, option, value))
            }
        }
        // Contradictory bounds are a mistake, as `mix --min` above `--max` is.
        if let start, let end, let since, let until, end <= start {
            throw ValidationError(Output.catalogue(.emptyPeriod, since, until))
        }
    }

    /// The first moment of the period, if bounded.
    var start: JournalTime? { since.flatMap { JournalTime(parsingBound: $0) } }
    /// The moment the period ends (excluded), if bounded.
    var end: JournalTime? { until.flatMap { JournalTime(parsingBound: $0) } }
}
