extension SupplyOrder {
    /// The lines of an order as they are worked out, to par or by the
    /// forecast, by supplier (`nil`: the fruits that name none), and the
    /// suppliers with a line whose units or cost pass what an `Int` holds.
    struct LineBook {
        private var lines: [String?: [Line]] = [:]
        private var beyondCounting: Set<String?> = []

        /// Adds the line of `packs` of `fruit` from its `supply`: its units
        /// and cost, each held at `Int.max` (its supplier marked) when it
        /// passes an `Int`.
        mutating func add(
            _ fruit: Fruit, _ supply: FruitSupply, packs: Int, have: Int, onOrder: Int, par: Int?,
            forecast: ForecastSizing? = nil
        ) {
            let (units, unitsOverflow) = packs.multipliedReportingOverflow(by: supply.packSize)
            if unitsOverflow { beyondCounting.insert(supply.supplier) }
            let cost = fruit.cost.flatMap { cost in
                let (product, overflow) = cost.multipliedReportingOverflow(by: units)
                if overflow { beyondCounting.insert(supply.supplier) }
                return overflow ? Int.max : product
            }
            lines[supply.supplier, default: []].append(
                Line(
                    fruit: fruit.id, name: fruit.name, have: have, onOrder: onOrder, par: par,
                    units: unitsOverflow ? Int.max : units, packs: packs, cost: cost, forecast: forecast))
        }

        /// The groups in the order of `suppliers`, the fruits without a
        /// supplier last.
        func groups(_ suppliers: [Supplier]) -> [Group] {
            var groups: [Group] = suppliers.compactMap { supplier in
                lines[supplier.id].map {
                    Group(
                        supplier: supplier.id, name: supplier.name, minimum: supplier.minimum, lines: $0,
                        lineBeyondCounting: beyondCounting.contains(supplier.id))
                }
            }
            if let unassigned = lines[nil] {
                groups.append(
                    Group(
                        supplier: nil, name: nil, minimum: 0, lines: unassigned,
                        lineBeyondCounting: beyondCounting.contains(nil)))
            }
            return groups
        }
    }
}
