import JuiceMaker

/// Renders shopping lists.
package struct PlanRenderer {
    package let language: String?

    /// A renderer of these values.
    package init(language: String?) {
        self.language = language
    }

    package func text(_ list: [Shortage], menu: Menu?) -> [String] {
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

    /// `fruit,needed,have,buy`; a chain's rows start with the store
    /// (``writeStore(_:_:to:)``).
    package static let csvHeader = "fruit,needed,have,buy"

    /// One CSV row per fruit of the list, each after `prefix`.
    package func writeCSV(_ list: [Shortage], prefix: String = "", to out: ByteWriter) {
        for item in list {
            out.write(prefix)
            out.write(item.fruit)
            for number in [item.needed, item.available, item.missing] {
                out.write(byte: UInt8(ascii: ","))
                out.write(number)
            }
            out.newline()
        }
    }

    /// One store's part of a chain's plan in `format`: in text its name and
    /// its table, indented; in CSV its rows; in JSON its object in the
    /// `stores` list. A store that could not be planned has none in text
    /// and CSV.
    package func writeStore(_ plan: StorePlan, _ format: TableFormat, to out: ByteWriter) {
        let store = plan.snapshot.store.name
        switch format {
        case .text:
            guard plan.isPlanned else { return }
            out.line(store + ":")
            for line in text(plan.list, menu: plan.snapshot.menu) { out.line("  " + line) }
        case .csv:
            guard plan.isPlanned else { return }
            writeCSV(plan.list, prefix: CSV.field(store) + ",", to: out)
        case .json:
            out.writeIndent(2)
            out.writeJSON(
                StorePlanJSON(store: store, plan: PlanJSON(plan.list, diagnostics: plan.diagnostics)), level: 2,
                catalogue: Catalogue(language))
        }
    }
}
