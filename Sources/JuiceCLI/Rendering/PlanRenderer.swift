import JuiceMaker

/// Renders shopping lists.
struct PlanRenderer {
    let language: String?

    func text(_ list: [Shortage], menu: Menu?) -> [String] {
        let text = Catalogue(language)
        var table = TextTable([
            .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.neededHeader), alignment: .right),
            .init(title: text(.haveHeader), alignment: .right), .init(title: text(.buyHeader), alignment: .right),
        ])
        for item in list {
            table.append([
                menu?.fruitName(item.fruit, for: language) ?? item.fruit, String(item.needed), String(item.available),
                String(item.missing),
            ])
        }
        let toBuy = list.filter { $0.missing > 0 }
        let names = toBuy.map { "\(menu?.fruitName($0.fruit, for: language) ?? $0.fruit) \($0.missing)" }
        return table.lines + [toBuy.isEmpty ? text(.nothingToBuy) : text(.toBuy, names.joined(separator: ", "))]
    }

    /// `fruit,needed,have,buy`, with a leading `store` column for a chain.
    func csv(_ lists: [(store: String?, list: [Shortage])]) -> [String] {
        let isChain = lists.contains { $0.store != nil }
        let header = (isChain ? "store," : "") + "fruit,needed,have,buy"
        return [header]
            + lists.flatMap { store, list in
                list.map { item in
                    (store.map { CSV.field($0) + "," } ?? "")
                        + "\(item.fruit),\(item.needed),\(item.available),\(item.missing)"
                }
            }
    }

    /// A table per planned store, then the stores that could not be planned.
    func text(_ plans: [StorePlan]) -> [String] {
        var lines: [String] = []
        for plan in plans where plan.isPlanned {
            lines.append("\(plan.snapshot.store.name):")
            lines += text(plan.list, menu: plan.snapshot.menu).map { "  " + $0 }
        }
        let failed = plans.filter { !$0.isPlanned }.map(\.snapshot.store.name)
        let text = Catalogue(language)
        if lines.isEmpty {
            return [failed.isEmpty ? text(.noStoreToPlan) : text(.noStorePlanned, failed.joined(separator: ", "))]
        }
        if !failed.isEmpty {
            lines += ["", text(.notPlanned, failed.joined(separator: ", "))]
        }
        return lines
    }

    func json(_ plans: [StorePlan], manifestDiagnostics: [Diagnostic]) -> BatchPlanJSON {
        BatchPlanJSON(
            stores: plans.map {
                BatchPlanJSON.Store(store: $0.snapshot.store.name, plan: PlanJSON($0.list, diagnostics: $0.diagnostics))
            },
            diagnostics: manifestDiagnostics)
    }
}
