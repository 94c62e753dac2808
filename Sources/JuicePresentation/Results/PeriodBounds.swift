import JuiceMaker

/// The period of `log`, `usage` and `variance` as a user gives it: `since`
/// and `until`, each a date, an RFC 3339 time, `today`, `yesterday` or
/// `Nd`, checked alike for `juice`'s options and the server's query
/// parameters.
package struct PeriodBounds: Sendable {
    /// A bound that is no time, or an end not after the start: the usage
    /// error's message.
    package struct Problem: Error, Sendable {
        package let message: String
    }

    /// The first moment of the period, if bounded.
    package let start: JournalTime?
    /// The moment the period ends (excluded), if bounded.
    package let end: JournalTime?

    /// Reads and checks the bounds.
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
        var bounds: [JournalTime?] = []
        for (name, value) in [(names.since, since), (names.until, until)] {
            guard let value else {
                bounds.append(nil)
                continue
            }
            guard let time = JournalTime(parsingBound: value) else {
                throw Problem(message: catalogue(.notATime, name, value))
            }
            bounds.append(time)
        }
        (start, end) = (bounds[0], bounds[1])
        if let start, let end, let since, let until, end <= start {
            throw Problem(message: catalogue(.emptyPeriod, since, until))
        }
    }
}
