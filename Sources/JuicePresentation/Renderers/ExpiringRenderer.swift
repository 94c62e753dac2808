import JuiceMaker

/// Renders `juice expiring`: the lots expired or best before a day of the
/// window (fruit, best-before, count, cost, and whether expired), then the
/// projected waste per fruit with its cost and total, then the fruits
/// with no forecast; for a chain, a store column, each store's rows, then
/// the chain's (the stores' summed) under `TOTAL`.
package struct ExpiringRenderer {
    /// Each store's expiring lots and menu (one, unnamed, for a single
    /// store).
    package let stores: [(name: String?, menu: Menu, expiring: Expiring)]
    /// The chain's total; `nil` for a single store.
    package let total: ExpiringTotal?
    package let language: String?

    /// A renderer of these stores; for a chain (named stores), with their
    /// total.
    package init(stores: [(name: String?, menu: Menu, expiring: Expiring)], language: String?) {
        self.stores = stores
        self.language = language
        total = stores.first?.name != nil ? ExpiringTotal(stores.map { ($0.menu, $0.expiring) }) : nil
    }

    private var isChain: Bool { total != nil }

    /// The rows' groups: each store's, then the chain's (its store cell
    /// `chainName`), with the menu that names each fruit.
    private func groups(chainName: String) -> [(store: [String], names: (String) -> Menu?, expiring: Expiring)] {
        var groups = stores.map { store in
            (store: isChain ? [store.name ?? ""] : [], names: { (_: String) in Optional(store.menu) }, store.expiring)
        }
        if let total {
            // A fruit is named by the first store whose menu has it.
            let menus = stores.map(\.menu)
            groups.append(([chainName], { fruit in menus.first { $0.fruit(id: fruit) != nil } }, total.expiring))
        }
        return groups
    }

    /// A cost as written; `missing` for an unknown one.
    private static func cost(_ value: Int128?, missing: String) -> String {
        value.map { String($0) } ?? missing
    }

    /// The text; nothing when no store could be read (the diagnostics
    /// say why).
    package func text() -> [String] {
        guard let lastDay = stores.first?.expiring.lastDay else { return [] }
        let text = Catalogue(language)
        // Stores on other business days (`dayStarts`) end their windows on
        // other days: each is named with its own.
        let sameWindow = stores.allSatisfy { $0.expiring.lastDay == lastDay }
        let lastDays =
            sameWindow
            ? lastDay.description
            : stores.map { "\($0.name ?? "") \($0.expiring.lastDay)" }.joined(separator: ", ")
        let storeColumn: [TextTable.Column] = isChain ? [.init(title: text(.storeHeader), alignment: .left)] : []
        var lots = TextTable(
            storeColumn + [
                .init(title: text(.fruitHeader), alignment: .left),
                .init(title: text(.bestBeforeHeader), alignment: .left),
                .init(title: text(.lotCountHeader), alignment: .right),
                .init(title: text(.costHeader), alignment: .right), .init(title: "", alignment: .left),
            ])
        var waste = TextTable(
            storeColumn + [
                .init(title: text(.fruitHeader), alignment: .left),
                .init(title: text(.lotCountHeader), alignment: .right),
                .init(title: text(.costHeader), alignment: .right),
            ])
        let groups = groups(chainName: text(.totalRow))
        for (store, names, expiring) in groups {
            let name = { (fruit: String) in names(fruit)?.fruitName(fruit, for: language) ?? fruit }
            for lot in expiring.lots {
                lots.append(
                    store + [
                        name(lot.fruit), lot.bestBefore.description, String(lot.count),
                        Self.cost(lot.cost, missing: "-"), lot.isExpired ? text(.expiredState) : "",
                    ])
            }
            for fruit in expiring.projectedWaste {
                waste.append(store + [name(fruit.fruit), String(fruit.count), Self.cost(fruit.cost, missing: "-")])
            }
            if !expiring.projectedWaste.isEmpty {
                waste.append(
                    store + [text(.totalRow), "", Self.cost(expiring.projectedWasteCost, missing: "-")]
                )
            }
        }
        var lines =
            lots.rows.isEmpty
            ? [text(sameWindow ? .noLotExpiring : .noLotExpiringByStore, lastDays)]
            : [text(sameWindow ? .expiringLotsTitle : .expiringLotsTitleByStore, lastDays)] + lots.lines
        lines += [""] + (waste.rows.isEmpty ? [text(.nothingProjected)] : [text(.projectedWasteTitle)] + waste.lines)
        let withoutForecast = stores.compactMap { store -> String? in
            guard !store.expiring.withoutForecast.isEmpty else { return nil }
            let names = store.expiring.withoutForecast.map { store.menu.fruitName($0, for: language).controlsEscaped }
            return (store.name.map { "\($0): " } ?? "") + text(.noForecastTakenAsNoUse, names.joined(separator: ", "))
        }
        return lines + (withoutForecast.isEmpty ? [] : [""] + withoutForecast)
    }

    /// One table: `[store,]kind,fruit,bestBefore,expired,count,cost`, a
    /// row of kind `lot` per lot, `waste` per fruit that will spoil, and
    /// `total` (its cost the projected waste's) per store; ids, an empty
    /// cell for a null; for a chain, the chain's rows have `total` in the
    /// store column.
    package func csv() -> [String] {
        let header = (isChain ? ["store"] : []) + ["kind", "fruit", "bestBefore", "expired", "count", "cost"]
        var rows = [header]
        for (store, _, expiring) in groups(chainName: "total") {
            for lot in expiring.lots {
                rows.append(
                    store + [
                        "lot", lot.fruit, lot.bestBefore.description, String(lot.isExpired), String(lot.count),
                        Self.cost(lot.cost, missing: ""),
                    ])
            }
            for fruit in expiring.projectedWaste {
                rows.append(
                    store + ["waste", fruit.fruit, "", "", String(fruit.count), Self.cost(fruit.cost, missing: "")])
            }
            rows.append(store + ["total", "", "", "", "", Self.cost(expiring.projectedWasteCost, missing: "")])
        }
        return rows.map { $0.map(CSV.field).joined(separator: ",") }
    }
}
