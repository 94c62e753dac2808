import JuiceMaker

/// The question `juice mix` asks of a menu and a stock: what to make as
/// large as possible, within which bounds per recipe, and how long to
/// search.
public struct MixRequest: Sendable, Hashable {
    /// What to make as large as possible.
    public var objective: MixObjective
    /// The fewest servings of each recipe named (orders already promised),
    /// by recipe id.
    public var minimum: [String: Int]
    /// The most servings of each recipe named (the day's demand), by
    /// recipe id.
    public var maximum: [String: Int]
    /// The most seconds the solver searches before it answers with the
    /// best mix found and the gap.
    public var timeLimit: Double
    /// The relative gap (from 0 to 1) at which the search may stop before
    /// proving the best: `(bound - value) / value`. A gap below one unit of
    /// the objective always ends the search as proven optimal, whatever
    /// this is.
    public var gapTolerance: Double
    /// The business day the mix is for: lots best before it have expired
    /// and make nothing; lots best before it or the day after are
    /// expiring (``MixObjective/fresh``). `nil`: every lot counts, and none
    /// is expiring.
    public var today: CalendarDate?

    /// The time limit `juice mix` uses unless told otherwise: ten seconds.
    public static let defaultTimeLimit = 10.0

    /// The gap tolerance `juice mix` uses unless told otherwise: 0.0001
    /// (0.01 %). Small menus are always solved to a gap of 0 long before
    /// it matters: under it, a servings total below 10,000 must be exact.
    /// On large menus with prices (revenue in the millions) it lets the
    /// search stop at a mix within 0.01 % of the best instead of spending
    /// the whole time limit to prove the last unit.
    public static let defaultGapTolerance = 0.0001

    /// A request; by default the most servings, unbounded, with the default
    /// time limit and gap tolerance, every lot counted.
    public init(
        objective: MixObjective = .servings, minimum: [String: Int] = [:], maximum: [String: Int] = [:],
        timeLimit: Double = defaultTimeLimit, gapTolerance: Double = defaultGapTolerance, today: CalendarDate? = nil
    ) {
        self.objective = objective
        self.minimum = minimum
        self.maximum = maximum
        self.timeLimit = timeLimit
        self.gapTolerance = gapTolerance
        self.today = today
    }
}
