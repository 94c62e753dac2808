import ArgumentParser
import JuiceMaker
import JuicePresentation

extension JournalEntry.Reason: ExpressibleByArgument {}

extension JournalEntry.Kind: ExpressibleByArgument {}

/// `--since` and `--until`: the period of `log` and `usage`.
struct PeriodOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Output.catalogue(.sinceOption), valueName: "time"))
    var since: String?

    @Option(help: ArgumentHelp(Output.catalogue(.untilOption), valueName: "time"))
    var until: String?

    func validate() throws {
        for (option, value) in [("--since", since), ("--until", until)] {
            if let value, JournalTime(parsing: value) == nil {
                throw ValidationError(Output.catalogue(.notATime, option, value))
            }
        }
    }

    /// The first moment of the period, if bounded.
    var start: JournalTime? { since.flatMap(JournalTime.init(parsing:)) }
    /// The moment the period ends (excluded), if bounded.
    var end: JournalTime? { until.flatMap(JournalTime.init(parsing:)) }
}
