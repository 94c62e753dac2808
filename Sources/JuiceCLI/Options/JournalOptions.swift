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
        do {
            _ = try bounds
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The period, checked.
    private var bounds: PeriodBounds {
        get throws(PeriodBounds.Problem) { try PeriodBounds(since: since, until: until, catalogue: Output.catalogue) }
    }

    /// The first moment of the period, if bounded.
    var start: JournalTime? { (try? bounds)?.start }
    /// The moment the period ends (excluded), if bounded.
    var end: JournalTime? { (try? bounds)?.end }
}
