/// How the search for the best mix ended.
public enum MixStatus: String, Sendable, Hashable, CaseIterable {
    /// The mix is proven best: no other mix has a larger value (gap 0).
    case optimal
    /// The time limit ended the search: the best mix found, and the gap to
    /// the best value that might still exist.
    case timeLimit = "time-limit"
    /// The search stopped once the gap was within the relative tolerance
    /// asked for (``MixRequest/gapTolerance``), before proving the best.
    case gapTolerance = "gap-tolerance"
}
