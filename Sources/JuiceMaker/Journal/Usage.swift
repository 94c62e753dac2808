/// What a journal says of a period: servings made per recipe, and per fruit
/// what `make` used, deliveries brought, waste took and counts corrected.
/// Entries undone, and the undos themselves, count for nothing.
public struct Usage: Sendable, Hashable {
    /// A fruit's movements in the period; encoded as `{"used", "delivered",
    /// "wasted", "counted"}`.
    public struct FruitUsage: Sendable, Hashable, Encodable {
        /// Used by `make` (a positive number).
        public var used = 0
        /// Brought by `adjust --reason delivery`.
        public var delivered = 0
        /// Thrown away by `adjust --reason waste` (a positive number).
        public var wasted = 0
        /// The signed total of `adjust --reason count`: the gap between
        /// what the stock should have been and what was counted.
        public var counted = 0

        /// No movement.
        public init() {}

        /// Whether nothing moved.
        public var isEmpty: Bool { self == FruitUsage() }

        /// The sum of two fruits' movements, each held at the largest (or
        /// smallest) `Int` rather than wrapped.
        static func + (lhs: FruitUsage, rhs: FruitUsage) -> FruitUsage {
            var sum = lhs
            sum.used = sum.used.addingSaturating(rhs.used)
            sum.delivered = sum.delivered.addingSaturating(rhs.delivered)
            sum.wasted = sum.wasted.addingSaturating(rhs.wasted)
            sum.counted = sum.counted.addingSaturating(rhs.counted)
            return sum
        }
    }

    /// Servings made, by recipe id.
    public var recipes: [String: Int] = [:]
    /// Movements, by fruit id: only fruits that moved.
    public var fruits: [String: FruitUsage] = [:]
    /// The signed total of corrections (`adjust --reason correction`) and
    /// hand edits, by fruit id: not among a fruit's movements, but what
    /// `juice variance` expects with them.
    public var corrected: [String: Int] = [:]

    /// No usage.
    public init() {}

    /// The usage of the entries of `file`'s journal from `since` (included)
    /// to `until` (excluded), read twice (first for what was undone) with
    /// memory for the undone ids only.
    ///
    /// - Returns: the usage of the entries that could be read, and the
    ///   journal's problems.
    public static func read(from file: InventoryFile, since: JournalTime? = nil, until: JournalTime? = nil)
        throws(FileError) -> (usage: Usage, diagnostics: [Diagnostic])
    {
        var usage = Usage()
        let diagnostics = try read(from: file, since: since, until: until) { usage.add($0) }
        return (usage, diagnostics)
    }

    /// The usage of each local day (`2026-11-26`, in the time zone of `TZ`)
    /// of the period that has an entry that counts, in order, read as
    /// ``read(from:since:until:)`` reads.
    public static func readByDay(from file: InventoryFile, since: JournalTime? = nil, until: JournalTime? = nil)
        throws(FileError) -> (days: [(day: String, usage: Usage)], diagnostics: [Diagnostic])
    {
        var days: [String: Usage] = [:]
        let diagnostics = try read(from: file, since: since, until: until) { entry in
            days[entry.time.localDay, default: Usage()].add(entry)
        }
        return (days.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, diagnostics)
    }

    /// Hands on each entry of the period that counts: neither undone nor an
    /// undo.
    private static func read(
        from file: InventoryFile, since: JournalTime?, until: JournalTime?, _ body: (JournalEntry) -> Void
    ) throws(FileError) -> [Diagnostic] {
        try file.readJournalKnowingUndos { entry, counts in
            guard counts, since.map({ entry.time >= $0 }) ?? true, until.map({ entry.time < $0 }) ?? true else {
                return
            }
            body(entry)
        }
    }

    /// Adds what one entry did.
    mutating func add(_ entry: JournalEntry) {
        for (recipe, servings) in entry.orders {
            recipes[recipe, default: 0] = recipes[recipe, default: 0].addingSaturating(servings)
        }
        for (fruit, change) in entry.changes {
            var movement = FruitUsage()
            switch (entry.kind, entry.reason) {
            case (.make, _): movement.used = -change
            case (.adjust, .delivery): movement.delivered = change
            case (.adjust, .waste): movement.wasted = -change
            case (.adjust, .count): movement.counted = change
            case (.adjust, .correction), (.edit, _):
                corrected[fruit, default: 0] = corrected[fruit, default: 0].addingSaturating(change)
                continue
            default: continue
            }
            fruits[fruit, default: FruitUsage()] = fruits[fruit, default: FruitUsage()] + movement
        }
    }

    /// This usage and `other`'s together: a chain's total, each figure
    /// held at the largest (or smallest) `Int` rather than wrapped.
    public func adding(_ other: Usage) -> Usage {
        var sum = self
        sum.recipes.merge(other.recipes) { $0.addingSaturating($1) }
        sum.fruits.merge(other.fruits) { $0 + $1 }
        sum.corrected.merge(other.corrected) { $0.addingSaturating($1) }
        return sum
    }
}
