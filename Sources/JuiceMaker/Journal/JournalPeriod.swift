/// A period as a person names it (`--since`, `--until`): each bound a
/// date, an RFC 3339 time, `today`, `yesterday` or `Nd`, made moments by a
/// store's business day (see ``DayStart``), so that each store of a chain
/// reads it by its own.
public struct JournalPeriod: Sendable, Hashable {
    /// The first bound as written (included), if any.
    public var since: String?
    /// The last bound as written (excluded), if any.
    public var until: String?
    /// The moment `today` is taken from.
    public var now: JournalTime

    /// A period of these bounds, `today` taken from `now`.
    public init(since: String? = nil, until: String? = nil, now: JournalTime = .now) {
        self.since = since
        self.until = until
        self.now = now
    }

    /// The first moment of the period and the moment it ends (excluded),
    /// for business days starting at `dayStart`; `nil` for a bound not
    /// given, or one that is no time (see
    /// ``JournalTime/init(parsingBound:now:dayStart:)``).
    public func bounds(dayStart: DayStart) -> (start: JournalTime?, end: JournalTime?) {
        let moment = { (text: String?) in text.flatMap { JournalTime(parsingBound: $0, now: now, dayStart: dayStart) } }
        return (moment(since), moment(until))
    }
}
