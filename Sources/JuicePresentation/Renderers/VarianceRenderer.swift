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

    /// The chain's total in money, exact; `nil` when no store's is known.
    package var totalCost: Int128? {
        let costs = stores.compactMap(\.variance.varianceCost)
        return costs.isEmpty ? nil : costs.reduce(0, +)
    }

    private var headers: [Catalogue.Text] {
        [
            .fruitHeader, .startHeader, .usedHeader, .deliveredHeader, .wastedHeader, .correctedHeader,
            .expectedHeader, .countHeader, .varianceHeader, .varianceCostHeader, .shareHeader,
        ]
    }

    /// How a format writes the cells: the fruit (by name or id), a null,
    /// a share, and the name of a total's row.
    private struct Cells {
        var fruit: (Menu, String) -> String
        var missing: String
        var share: (Double) -> String
        var total: String
    }

    /// Cells as text and markdown show them: names, `missing` for a null,
    /// shares in per cent.
    private func shown(missing: String) -> Cells {
        Cells(
            fruit: { [language] in $0.fruitName($1, for: language) }, missing: missing, share: Self.percent,
            total: Catalogue(language)(.totalRow))
    }

    /// The rows of the table: a row per store and fruit, then each store's
    /// total, then the chain's.
    private func rows(_ cells: Cells) -> [[String]] {
        // The cells between a total's name and its cost.
        let blank = Array(repeating: "", count: headers.count - 3)
        var rows: [[String]] = []
        for (name, menu, variance) in stores {
            let prefix = isChain ? [name ?? ""] : []
            for figures in variance.fruits {
                let numbers =
                    [figures.start, figures.used, figures.delivered, figures.wasted, figures.corrected].map(String.init)
                    + [String(figures.expected)]
                let counted =
                    [figures.counted.map(String.init)]
                    + [figures.variance, figures.varianceCost].map {
                        $0.map(String.init)
                    }
                let countedCells = counted.map { $0 ?? cells.missing }
                rows.append(
                    prefix + [cells.fruit(menu, figures.fruit)] + numbers + countedCells
                        + [figures.share.map(cells.share) ?? cells.missing])
            }
            rows.append(prefix + [cells.total] + blank + [variance.varianceCost.map(String.init) ?? cells.missing, ""])
        }
        if isChain {
            rows.append([cells.total, ""] + blank + [totalCost.map(String.init) ?? cells.missing, ""])
        }
        return rows
    }

    /// A share as a person reads it: `-12.5%`.
    private static func percent(_ share: Double) -> String {
        // A share past what an Int holds in tenths of a per cent (a
        // variance of 10^16 against one used) is said as it is.
        guard let tenths = Int(exactly: (share * 1000).rounded()) else { return "\(share * 100)%" }
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
        for row in rows(shown(missing: "-")) { table.append(row) }
        let notes = uncountedLines()
        return table.lines + (notes.isEmpty ? [] : [""] + notes)
    }

    package func markdown() -> [String] {
        let text = Catalogue(language)
        let titles = (isChain ? [text.title(.storeHeader)] : []) + headers.map { text.title($0) }
        let alignments = (isChain ? ["---"] : []) + ["---"] + Array(repeating: "---:", count: headers.count - 1)
        let notes = uncountedLines()
        return [Markdown.row(titles), "| " + alignments.joined(separator: " | ") + " |"]
            + rows(shown(missing: "–")).map(Markdown.row) + (notes.isEmpty ? [] : [""] + notes)
    }

    /// One table: `[store,]fruit,start,used,delivered,wasted,corrected,
    /// expected,counted,variance,varianceCost,share`, ids and the share as
    /// a fraction; an empty cell for a null; a total row per store (empty
    /// fruit), and for a chain the chain's (empty store and fruit).
    package func csv() -> [String] {
        let header =
            (isChain ? "store," : "")
            + "fruit,start,used,delivered,wasted,corrected,expected,counted,variance,varianceCost,share"
        let cells = Cells(fruit: { $1 }, missing: "", share: { "\($0)" }, total: "")
        return [header] + rows(cells).map { $0.map(CSV.field).joined(separator: ",") }
    }
}
