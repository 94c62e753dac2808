import JuiceMaker

/// The period of `log`, `usage` and `variance` as a user gives it: `since`
/// and `until`, each a date, an RFC 3339 time, `today`, `yesterday` or
/// `Nd`, checked alike for `juice`'s options and the server's query
/// parameters; each store reads it by its business day (see
/// ``JournalPeriod``).
package struct PeriodBounds: Sendable {
    /// A bound that is no time, or an end not after the start: the usage
    /// error's message.
    package struct Problem: Error, Sendable {
        package let message: String
    }

    /// The period, its bounds checked.
    package let period: JournalPeriod

    /// Reads and checks the bounds (an end not after the start, by local
    /// midnight's days).
    ///
    /// - Parameters:
    ///   - names: how the message names the bounds (`--since`, or the
    ///     query's `since`).
    /// - Throws: ``Problem`` in `catalogue`'s language: a bound that is not
    ///   a time, or contradictory bounds (a mistake, as `mix --min` above
    ///   `--max` is).
    package init(
        since: String?, until: String?, names: (since: String, until: String) = ("--since", "--until"),
        catalogue: Catalogue
    ) throws(Problem) {
        period = JournalPeriod(since: since, until: until)
        for (name, value) in [(names.since, since), (names.until, until)] {
            guard let value else { continue }
            guard JournalTime(parsingBound: value, now: period.now) != nil else {
                throw Problem(message: catalogue(.notATime, name, value))
            }
        }
        let (start, end) = period.bounds(dayStart: .midnight)
        if let start, let end, let since, let until, end <= start {
            throw Problem(message: catalogue(.emptyPeriod, since, until))
        }
    }

    /// The first moment of the period and the moment it ends (excluded),
    /// for a store whose business day starts at `dayStart`.
    package func bounds(dayStart: DayStart) -> (start: JournalTime?, end: JournalTime?) {
        period.bounds(dayStart: dayStart)
    }
}
