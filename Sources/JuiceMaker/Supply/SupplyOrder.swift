/// What to order from each supplier so that a store's stock reaches par
/// in whole packs, with what it costs.
///
/// A fruit is ordered when it has a par and its stock, with what is on
/// order (placed and not yet received), is at or below its reorder
/// level; it gets the fewest packs that bring the two to par or above.
/// Fruits with a par and no supplier are grouped under no supplier.
public struct SupplyOrder: Sendable, Hashable {
    /// One fruit to order.
    public struct Line: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// Its display name, if the menu gives one.
        public var name: DisplayName?
        /// The stock now (for an order sized by the forecast, its unexpired
        /// lots only).
        public var have: Int
        /// The units of the orders placed and not yet received.
        public var onOrder: Int = 0
        /// The stock to order up to; `nil` for a line sized by the
        /// forecast.
        public var par: Int?
        /// How many fruits the packs hold.
        public var units: Int
        /// How many packs.
        public var packs: Int
        /// What the units cost (`cost` × `units`); `nil` when the menu
        /// gives the fruit no cost.
        public var cost: Int?
        /// How the forecast sized the line; `nil` for a line sized to par.
        public var forecast: ForecastSizing?
    }

    /// What one supplier gets: its lines and their totals.
    public struct Group: Sendable, Hashable {
        /// The supplier's id; `nil` for the fruits that name none.
        public var supplier: String?
        /// The supplier's display name, if the menu gives one.
        public var name: DisplayName?
        /// The fewest packs the supplier takes in one order.
        public var minimum: Int
        /// The fruits to order, in the menu's order.
        public var lines: [Line]
        /// Whether a line's cost, or a line of a chain's total, passed what
        /// an `Int` holds.
        var lineBeyondCounting = false

        /// The packs of every line.
        public var packs: Int { SupplyOrder.sum(lines.map(\.packs)) }

        /// What every line costs; `nil` when a line's cost is unknown: a
        /// total that leaves a line out would say less than it seems to.
        public var cost: Int? { SupplyOrder.sum(lines.map(\.cost)) }

        /// Whether the order is under the supplier's minimum: a warning,
        /// not an error (it may still be sent, or topped up by hand).
        public var belowMinimum: Bool { packs < minimum }

        /// Whether the packs or the cost, of a line or of the lines together,
        /// come to more than an `Int` holds: such a total cannot be said
        /// (it is never shown saturated), so the order is refused.
        public var isBeyondCounting: Bool {
            lineBeyondCounting || SupplyOrder.passesAnInt(lines.map(\.packs), lines.compactMap(\.cost))
        }
    }

    /// Each supplier that gets something, in the order of the menu's
    /// `suppliers`, the fruits without a supplier last.
    public var groups: [Group]
    /// How many fruits have a par (for a chain's total, in every store's
    /// menu): with none, nothing is ever ordered. For an order sized by
    /// the forecast, how many fruits name a supplier.
    public var fruitsWithPar: Int
    /// Every supplier the menu names, ordered from or not: the terms a
    /// chain's total takes (see ``total(of:)``).
    public var suppliers: [Supplier]
    /// How many fruits at or below their reorder level have no line
    /// because what is on order covers them.
    public var coveredByOrders = 0
    /// The safety margin of an order sized by the forecast (see
    /// ``OrderSizing/forecast(safety:)``); `nil` for an order sized to par.
    public var safety: Double?
    /// For an order sized by the forecast, the fruits of a supplier with
    /// no usable day in their history: nothing is forecast for them, so
    /// nothing is ordered. In the menu's order.
    public var withoutHistory: [FruitNamed] = []
    /// For an order sized by the forecast, the fruits whose forecast
    /// wanted more than a line may order: their lines are held at
    /// ``Schema/maximumCount`` units. In the menu's order.
    public var heldAtMaximum: [FruitNamed] = []

    /// A fruit by its id and display name.
    public struct FruitNamed: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// Its display name, if the menu gives one.
        public var name: DisplayName?
    }

    /// An order of these groups, from menus that give `fruitsWithPar`
    /// fruits a par and name `suppliers`.
    package init(groups: [Group], fruitsWithPar: Int, suppliers: [Supplier] = []) {
        self.groups = groups
        self.fruitsWithPar = fruitsWithPar
        self.suppliers = suppliers
    }

    /// What `inventory` needs from each supplier of `menu`, beyond
    /// `onOrder` (per fruit, the units already on order).
    public init(menu: Menu, inventory: Inventory, onOrder: [String: Int] = [:]) {
        var lines = LineBook()
        var fruitsWithPar = 0
        var covered = 0
        for fruit in menu.fruits {
            guard let supply = fruit.supply, let par = supply.par, let level = supply.reorderLevel else { continue }
            fruitsWithPar += 1
            let have = inventory[fruit.id]
            let coming = onOrder[fruit.id] ?? 0
            let expected = have.addingSaturating(coming)
            guard expected <= level, expected < par else {
                if have <= level, have < par { covered += 1 }
                continue
            }
            lines.add(
                fruit, supply, packs: supply.packs(toCover: par - expected), have: have, onOrder: coming, par: par)
        }
        self.groups = lines.groups(menu.suppliers)
        self.fruitsWithPar = fruitsWithPar
        suppliers = menu.suppliers
        coveredByOrders = covered
    }

    /// The first supplier whose packs or cost come to more than an `Int`
    /// holds (see ``Group/isBeyondCounting``); `nil` when every total fits.
    public var beyondCounting: Group? { groups.first(where: \.isBeyondCounting) }

    /// Every supplier's packs together.
    public var packs: Int { Self.sum(groups.map(\.packs)) }

    /// Every supplier's cost together; `nil` when a supplier's is unknown
    /// (a total that leaves a line out would say less than it seems to).
    public var cost: Int? { Self.sum(groups.map(\.cost)) }

    /// Whether the packs or the costs of every supplier together come to
    /// more than an `Int` holds, though each supplier's fits.
    public var totalIsBeyondCounting: Bool { Self.passesAnInt(groups.map(\.packs), groups.compactMap(\.cost)) }

    /// The sum of `values` (held at `Int.max`: a total past it is refused
    /// by ``passesAnInt(_:_:)`` before it is shown).
    private static func sum(_ values: [Int]) -> Int { values.reduce(0) { $0.addingSaturating($1) } }

    /// The sum of `values`; `nil` when one is unknown.
    private static func sum(_ values: [Int?]) -> Int? {
        values.reduce(0 as Int?) { total, value in total.flatMap { total in value.map { total.addingSaturating($0) } } }
    }

    /// Whether the packs or the costs add up to more than an `Int` holds.
    private static func passesAnInt(_ packs: [Int], _ costs: [Int]) -> Bool {
        packs.reduce(0 as Int?) { $0?.addingChecked($1) } == nil
            || costs.reduce(0 as Int?) { $0?.addingChecked($1) } == nil
    }

    /// Whether there is nothing to order.
    public var isEmpty: Bool { groups.isEmpty }

    /// The lines an `order` entry records of this order, supplier by
    /// supplier.
    public var entryLines: [JournalEntry.OrderLine] {
        groups.flatMap { group in
            group.lines.map {
                JournalEntry.OrderLine(
                    supplier: group.supplier, fruit: $0.fruit, units: $0.units, packs: $0.packs, cost: $0.cost)
            }
        }
    }

    /// A chain's total of stores' orders: per supplier and fruit, in the
    /// order each first appears, the stocks, pars, units, packs and costs
    /// added up (a cost unknown in one store is unknown in the total). A
    /// supplier's name and minimum are those of the first order whose menu
    /// names the supplier, whether that store orders from it or not: the
    /// chain's terms do not change with who runs short.
    public static func total(of orders: [SupplyOrder]) -> SupplyOrder {
        var groups: [Group] = []
        var groupPositions: [String?: Int] = [:]
        var linePositions: [String?: [String: Int]] = [:]
        for group in orders.flatMap(\.groups) {
            let position =
                groupPositions[group.supplier]
                ?? {
                    let terms = orders.lazy.compactMap { $0.suppliers.first { $0.id == group.supplier } }.first
                    groups.append(
                        Group(
                            supplier: group.supplier, name: terms?.name ?? group.name,
                            minimum: terms?.minimum ?? group.minimum, lines: [],
                            lineBeyondCounting: group.lineBeyondCounting))
                    groupPositions[group.supplier] = groups.count - 1
                    return groups.count - 1
                }()
            groups[position].lineBeyondCounting = groups[position].lineBeyondCounting || group.lineBeyondCounting
            for line in group.lines {
                guard let index = linePositions[group.supplier]?[line.fruit] else {
                    linePositions[group.supplier, default: [:]][line.fruit] = groups[position].lines.count
                    groups[position].lines.append(line)
                    continue
                }
                var total = groups[position].lines[index]
                var overflowed = false
                func add(_ first: Int, _ second: Int) -> Int {
                    guard let sum = first.addingChecked(second) else {
                        overflowed = true
                        return .max
                    }
                    return sum
                }
                total.have = add(total.have, line.have)
                total.onOrder = add(total.onOrder, line.onOrder)
                total.par = total.par.flatMap { par in line.par.map { add(par, $0) } }
                total.forecast = total.forecast.flatMap { sizing in line.forecast.map { sizing.adding($0) } }
                total.units = add(total.units, line.units)
                total.packs = add(total.packs, line.packs)
                total.cost = total.cost.flatMap { cost in line.cost.map { add(cost, $0) } }
                groups[position].lines[index] = total
                if overflowed { groups[position].lineBeyondCounting = true }
            }
        }
        // No supplier's fruits last, as in each store's order.
        if let none = groups.firstIndex(where: { $0.supplier == nil }) { groups.append(groups.remove(at: none)) }
        var total = SupplyOrder(
            groups: groups, fruitsWithPar: orders.reduce(0) { $0.addingSaturating($1.fruitsWithPar) })
        total.safety = orders.first?.safety
        total.withoutHistory = eachOnce(orders.flatMap(\.withoutHistory))
        total.heldAtMaximum = eachOnce(orders.flatMap(\.heldAtMaximum))
        return total
    }

    /// `fruits` with each fruit (by id) once, where it first comes: the
    /// stores' lists as the chain's.
    private static func eachOnce(_ fruits: [FruitNamed]) -> [FruitNamed] {
        var seen: Set<String> = []
        return fruits.filter { seen.insert($0.fruit).inserted }
    }
}

extension StoreSnapshot {
    /// What the store needs from its suppliers beyond `onOrder` (per
    /// fruit, the units of its open orders) to par, of the stock not
    /// expired at `now`; `nil` when its files are invalid.
    public func supplyOrder(onOrder: [String: Int] = [:], now: JournalTime = .now) -> SupplyOrder? {
        guard let menu, let usable = usableInventory(now: now) else { return nil }
        return SupplyOrder(menu: menu, inventory: usable, onOrder: onOrder)
    }

    /// What the store needs from its suppliers beyond `onOrder`, sized as
    /// `sizing` says, with the problems of its journal when the forecast
    /// reads it; `nil` when its files are invalid.
    public func supplyOrder(_ sizing: OrderSizing, onOrder: [String: Int] = [:], now: JournalTime = .now) -> (
        order: SupplyOrder?, diagnostics: [Diagnostic]
    ) {
        guard case .forecast(let safety) = sizing else { return (supplyOrder(onOrder: onOrder, now: now), []) }
        guard let menu, let usable = usableInventory(now: now) else { return (nil, []) }
        let (forecast, diagnostics) = self.forecast(SupplyOrder.forecastRequest(for: menu, now: now))
        guard let forecast else { return (nil, diagnostics) }
        return (
            SupplyOrder(menu: menu, inventory: usable, onOrder: onOrder, forecast: forecast, safety: safety),
            diagnostics
        )
    }
}
