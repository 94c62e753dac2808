/// What to order from each supplier so that a store's stock reaches par
/// (SPEC 13), in whole packs, with what it costs.
///
/// A fruit is ordered when it has a par and its stock is at or below its
/// reorder level; it gets the fewest packs that bring it to par or above.
/// Fruits with a par and no supplier are grouped under no supplier.
public struct SupplyOrder: Sendable, Hashable {
    /// One fruit to order.
    public struct Line: Sendable, Hashable {
        /// The fruit's id.
        public var fruit: String
        /// Its display name, if the menu gives one.
        public var name: DisplayName?
        /// The stock now.
        public var have: Int
        /// The stock to order up to.
        public var par: Int
        /// How many fruits the packs hold.
        public var units: Int
        /// How many packs.
        public var packs: Int
        /// What the units cost (`cost` × `units`); `nil` when the menu
        /// gives the fruit no cost.
        public var cost: Int?
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

        /// The packs of every line.
        public var packs: Int { lines.reduce(0) { $0.addingSaturating($1.packs) } }

        /// What every line costs; `nil` when a line's cost is unknown: a
        /// total that leaves a line out would say less than it seems to.
        public var cost: Int? {
            lines.reduce(0 as Int?) { total, line in
                total.flatMap { total in line.cost.map { total.addingSaturating($0) } }
            }
        }

        /// Whether the order is under the supplier's minimum: a warning,
        /// not an error (it may still be sent, or topped up by hand).
        public var belowMinimum: Bool { packs < minimum }
    }

    /// Each supplier that gets something, in the order of the menu's
    /// `suppliers`, the fruits without a supplier last.
    public var groups: [Group]
    /// How many fruits have a par (for a chain's total, in every store's
    /// menu): with none, nothing is ever ordered.
    public var fruitsWithPar: Int

    /// An order of these groups, from menus that give `fruitsWithPar`
    /// fruits a par.
    public init(groups: [Group], fruitsWithPar: Int) {
        self.groups = groups
        self.fruitsWithPar = fruitsWithPar
    }

    /// What `inventory` needs from each supplier of `menu`.
    public init(menu: Menu, inventory: Inventory) {
        var lines: [String?: [Line]] = [:]
        var fruitsWithPar = 0
        for fruit in menu.fruits {
            guard let supply = fruit.supply, let par = supply.par, let level = supply.reorderLevel else { continue }
            fruitsWithPar += 1
            let have = inventory[fruit.id]
            guard have <= level, have < par else { continue }
            let packs = supply.packs(toCover: par - have)
            let units = packs * supply.packSize
            let cost = fruit.cost.flatMap { cost in
                let (product, overflow) = cost.multipliedReportingOverflow(by: units)
                return overflow ? Int.max : product
            }
            lines[supply.supplier, default: []].append(
                Line(fruit: fruit.id, name: fruit.name, have: have, par: par, units: units, packs: packs, cost: cost))
        }
        var groups: [Group] = menu.suppliers.compactMap { supplier in
            lines[supplier.id].map {
                Group(supplier: supplier.id, name: supplier.name, minimum: supplier.minimum, lines: $0)
            }
        }
        if let unassigned = lines[nil] {
            groups.append(Group(supplier: nil, name: nil, minimum: 0, lines: unassigned))
        }
        self.groups = groups
        self.fruitsWithPar = fruitsWithPar
    }

    /// Whether there is nothing to order.
    public var isEmpty: Bool { groups.isEmpty }

    /// A chain's total of stores' orders: per supplier and fruit, in the
    /// order each first appears, the stocks, pars, units, packs and costs
    /// added up (a cost unknown in one store is unknown in the total). A
    /// supplier's name and minimum are those of the first store naming it.
    public static func total(of orders: [SupplyOrder]) -> SupplyOrder {
        var groups: [Group] = []
        var groupPositions: [String?: Int] = [:]
        var linePositions: [String?: [String: Int]] = [:]
        for group in orders.flatMap(\.groups) {
            let position =
                groupPositions[group.supplier]
                ?? {
                    groups.append(Group(supplier: group.supplier, name: group.name, minimum: group.minimum, lines: []))
                    groupPositions[group.supplier] = groups.count - 1
                    return groups.count - 1
                }()
            for line in group.lines {
                guard let index = linePositions[group.supplier]?[line.fruit] else {
                    linePositions[group.supplier, default: [:]][line.fruit] = groups[position].lines.count
                    groups[position].lines.append(line)
                    continue
                }
                var total = groups[position].lines[index]
                total.have = total.have.addingSaturating(line.have)
                total.par = total.par.addingSaturating(line.par)
                total.units = total.units.addingSaturating(line.units)
                total.packs = total.packs.addingSaturating(line.packs)
                total.cost = total.cost.flatMap { cost in line.cost.map { cost.addingSaturating($0) } }
                groups[position].lines[index] = total
            }
        }
        // No supplier's fruits last, as in each store's order.
        if let none = groups.firstIndex(where: { $0.supplier == nil }) { groups.append(groups.remove(at: none)) }
        return SupplyOrder(groups: groups, fruitsWithPar: orders.reduce(0) { $0.addingSaturating($1.fruitsWithPar) })
    }
}

extension StoreSnapshot {
    /// What the store needs from its suppliers; `nil` when its files are
    /// invalid.
    public var supplyOrder: SupplyOrder? {
        guard let menu, let inventory else { return nil }
        return SupplyOrder(menu: menu, inventory: inventory)
    }
}
