/// What a journal says of a period: servings made per recipe, and per fruit
/// what `make` used, deliveries brought, waste took and counts corrected.
/// Entries undone, and the undos themselves, count for nothing.
///
/// Every figure is a sum in 128 bits: exact for any journal (each change
/// fits an `Int`, and 2^64 entries would take more than a zettabyte), never
/// held at an edge or wrapped.
public struct Usage: Sendable, Hashable {
    /// A fruit's movements in the period; encoded as `{"used", "delivered",
    /// "wasted", "counted"}`.
    public struct FruitUsage: Sendable, Hashable, Encodable {
        /// Used by `make` (a positive number).
        public var used: Int128 = 0
        /// Brought by `adjust --reason delivery`.
        public var delivered: Int128 = 0
        /// Thrown away by `adjust --reason waste` and `waste --expired` (a
        /// positive number).
        public var wasted: Int128 = 0
        /// The signed total of `adjust --reason count`: the gap between
        /// what the stock should have been and what was counted.
        public var counted: Int128 = 0

        /// No movement.
        public init() {}

        /// Whether nothing moved.
        public var isEmpty: Bool { self == FruitUsage() }

        /// The sum of two fruits' movements, exact.
        static func + (lhs: FruitUsage, rhs: FruitUsage) -> FruitUsage {
            var sum = lhs
            sum.used += rhs.used
            sum.delivered += rhs.delivered
            sum.wasted += rhs.wasted
            sum.counted += rhs.counted
            return sum
        }
    }

    /// Servings made, by recipe id.
    public var recipes: [String: Int128] = [:]
    /// Movements, by fruit id: only fruits that moved.
    public var fruits: [String: FruitUsage] = [:]
    /// The signed total of corrections (`adjust --reason correction`) and
    /// hand edits, by fruit id: not among a fruit's movements, but what
    /// `juice variance` expects with them.
    public var corrected: [String: Int128] = [:]

    /// No usage.
    public init() {}

    /// Whether nothing was made and no fruit moved.
    public var isEmpty: Bool { recipes.isEmpty && fruits.isEmpty }

    /// The usage of the entries of `file`'s journal from `since` (included)
    /// to `until` (excluded), read twice (first for what was undone) with
    /// memory for the undone ids only.
    ///
    /// - Returns: the usage of the entries that could be read, and the
    ///   journal's problems.
    static func read(from file: InventoryFile, since: JournalTime? = nil, until: JournalTime? = nil)
        throws(FileError) -> (usage: Usage, diagnostics: [Diagnostic])
    {
        var usage = Usage()
        let diagnostics = try read(from: file, since: since, until: until) { usage.add($0) }
        return (usage, diagnostics)
    }

    /// The usage of each business day (`2026-11-26`, the date it starts on
    /// in the time zone of `TZ`, at `dayStart`) of the period that has an
    /// entry that counts, in order, read as ``read(from:since:until:)``
    /// reads.
    static func readByDay(
        from file: InventoryFile, since: JournalTime? = nil, until: JournalTime? = nil,
        dayStart: DayStart = .midnight
    ) throws(FileError) -> (days: [(day: String, usage: Usage)], diagnostics: [Diagnostic]) {
        var days: [String: Usage] = [:]
        let diagnostics = try read(from: file, since: since, until: until) { entry in
            days[entry.time.businessDay(dayStart: dayStart), default: Usage()].add(entry)
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
            recipes[recipe, default: 0] += Int128(servings)
        }
        for (fruit, change) in entry.changes {
            var movement = FruitUsage()
            switch (entry.kind, entry.reason) {
            case (.make, _): movement.used = -Int128(change)
            case (.adjust, .delivery): movement.delivered = Int128(change)
            case (.adjust, .waste), (.adjust, .expired): movement.wasted = -Int128(change)
            case (.adjust, .count): movement.counted = Int128(change)
            case (.adjust, .correction), (.edit, _):
                corrected[fruit, default: 0] += Int128(change)
                continue
            default: continue
            }
            fruits[fruit, default: FruitUsage()] = fruits[fruit, default: FruitUsage()] + movement
        }
        // A sale past the book's stock used its fruit all the same: the
        // book was short by what it lacked, as a correction would have said.
        for (fruit, lacked) in entry.short ?? [:] {
            fruits[fruit, default: FruitUsage()].used += Int128(lacked)
            corrected[fruit, default: 0] += Int128(lacked)
        }
        // A sale a later count saw gone used its fruit too: that count's
        // gap is the sale.
        for (fruit, used) in entry.usedBeforeCount ?? [:] {
            fruits[fruit, default: FruitUsage()].used += Int128(used)
        }
    }

    /// This usage and `other`'s together: a chain's total, exact.
    public func adding(_ other: Usage) -> Usage {
        var sum = self
        sum.recipes.merge(other.recipes, uniquingKeysWith: +)
        sum.fruits.merge(other.fruits, uniquingKeysWith: +)
        sum.corrected.merge(other.corrected, uniquingKeysWith: +)
        return sum
    }
}
