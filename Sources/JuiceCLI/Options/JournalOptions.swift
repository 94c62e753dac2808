import ArgumentParser
import JuiceMaker
import JuicePresentation

/// `--reason`: the reasons a person gives (``JournalEntry/Reason/given``);
/// `expired` is booked by `juice waste --expired` alone.
extension JournalEntry.Reason: ExpressibleByArgument {
    /// The reason `argument` names, if a person may give it.
    public init?(argument: String) {
        guard let reason = Self(rawValue: argument), Self.given.contains(reason) else { return nil }
        self = reason
    }

    /// The reasons a person may give, as `--help` lists them.
    public static var allValueStrings: [String] { given.map(\.rawValue) }
}

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

    /// The period, checked by ``validate()``.
    var period: JournalPeriod { (try? bounds)?.period ?? JournalPeriod() }

    /// The first moment of the period and the moment it ends (excluded),
    /// for a store whose business day starts at `dayStart`.
    func bounds(for dayStart: DayStart) -> (start: JournalTime?, end: JournalTime?) {
        period.bounds(dayStart: dayStart)
    }
}
