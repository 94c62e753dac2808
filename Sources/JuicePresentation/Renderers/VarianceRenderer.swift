import JuiceMaker

/// Renders `juice variance` as a table per fruit (start, used, delivered,
/// wasted, corrected, expected, counted, variance, its cost and its share
/// of use) with the total cost, and says which fruits were not counted;
/// for a chain, a row per store and fruit, each store's total and the
/// chain's.
package struct VarianceRenderer {
    /// Each store's variance and menu (one, unnamed, for a single store).
    package let stores: [(name: String?, menu: Menu, variance: Variance)]
    package let language: String?

    /// A renderer of these values.
    package init(stores: [(name: String?, menu: Menu, variance: Variance)], language: String?) {
        self.stores = stores
        self.language = language
    }

    private var isChain: Bool { stores.first?.name != nil }

    /// The chain's total in money; `nil` when no store's is known.
    package var totalCost: Int? {
        let costs = stores.compactMap(\.variance.varianceCost)
        return costs.isEmpty ? nil : costs.reduce(0, &+)
    }

    private var headers: [Catalogue.Text] {
        [
            .fruitHeader, .startHeader, .usedHeader, .deliveredHeader, .wastedHeader, .correctedHeader,
            .expectedHeader, .countHeader, .varianceHeader, .varianceCostHeader, .shareHeader,
        ]
    }

    /// The rows of the table, cells as text shows them: a fruit's, then
    /// each store's total, then the chain's; `-` where a figure is null.
    private func rows(share: (Double) -> String, missing: String) -> [[String]] {
        let text = Catalogue(language)
        // The cells between a total's name and its cost.
        let blank = Array(repeating: "", count: headers.count - 3)
        var rows: [[String]] = []
        for (name, menu, variance) in stores {
            let prefix = isChain ? [name ?? ""] : []
            for figures in variance.fruits {
                let numbers = [
                    figures.start, figures.used, figures.delivered, figures.wasted, figures.corrected, figures.expected,
                ].map(String.init)
                let counted = [figures.counted, figures.variance, figures.varianceCost].map {
                    $0.map(String.init) ?? missing
                }
                rows.append(
                    prefix + [menu.fruitName(figures.fruit, for: language)] + numbers + counted
                        + [figures.share.map(share) ?? missing])
            }
            rows.append(prefix + [text(.totalRow)] + blank + [variance.varianceCost.map(String.init) ?? missing, ""])
        }
        if isChain {
            rows.append([text(.totalRow), ""] + blank + [totalCost.map(String.init) ?? missing, ""])
        }
        return rows
    }

    /// A share as a person reads it: `-12.5%`.
    private static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)%"
    }

    /// The lines that say which fruits were not counted, one per store.
    private func uncountedLines() -> [String] {
        let text = Catalogue(language)
        return stores.compactMap { name, menu, variance in
            let names = variance.uncounted.map { menu.fruitName($0, for: language) }
            guard !names.isEmpty else { return nil }
            let list = names.joined(separator: ", ")
            return text(.notCountedInPeriod, name.map { "\($0): \(list)" } ?? list)
        }
    }

    package func text() -> [String] {
        let text = Catalogue(language)
        let storeColumn: [TextTable.Column] = isChain ? [.init(title: text(.storeHeader), alignment: .left)] : []
        var table = TextTable(
            storeColumn + headers.enumerated().map { .init(title: text($1), alignment: $0 == 0 ? .left : .right) })
        for row in rows(share: Self.percent, missing: "-") { table.append(row) }
        let notes = uncountedLines()
        return table.lines + (notes.isEmpty ? [] : [""] + notes)
    }

    package func markdown() -> [String] {
        let text = Catalogue(language)
        let titles = (isChain ? [text.title(.storeHeader)] : []) + headers.map { text.title($0) }
        let alignments = (isChain ? ["---"] : []) + ["---"] + Array(repeating: "---:", count: headers.count - 1)
        let notes = uncountedLines()
        return [Markdown.row(titles), "| " + alignments.joined(separator: " | ") + " |"]
            + rows(share: Self.percent, missing: "–").map(Markdown.row) + (notes.isEmpty ? [] : [""] + notes)
    }

    /// One table: `[store,]fruit,start,used,delivered,wasted,corrected,
    /// expected,counted,variance,varianceCost,share`, ids and the share as
    /// a fraction; an empty cell for a null; a total row per store (empty
    /// fruit), and for a chain the chain's (empty store and fruit).
    package func csv() -> [String] {
        var lines = [
            (isChain ? "store," : "")
                + "fruit,start,used,delivered,wasted,corrected,expected,counted,variance,varianceCost,share"
        ]
        let blank = Array(repeating: "", count: 8)
        for (name, _, variance) in stores {
            let prefix = isChain ? [name ?? ""] : []
            for figures in variance.fruits {
                let numbers = [
                    figures.start, figures.used, figures.delivered, figures.wasted, figures.corrected, figures.expected,
                ].map(String.init)
                let counted = [figures.counted, figures.variance, figures.varianceCost].map {
                    $0.map(String.init) ?? ""
                }
                let row = prefix + [figures.fruit] + numbers + counted + [figures.share.map { "\($0)" } ?? ""]
                lines.append(row.map(CSV.field).joined(separator: ","))
            }
            let total = prefix + [""] + blank + [variance.varianceCost.map(String.init) ?? "", ""]
            lines.append(total.map(CSV.field).joined(separator: ","))
        }
        if isChain {
            lines.append((["", ""] + blank + [totalCost.map(String.init) ?? "", ""]).joined(separator: ","))
        }
        return lines
    }
}
