import JuiceMaker
import JuicePresentation

/// Renders what every store of a chain can make now, in each report format,
/// store by store as the chain's stores are read (see
/// ``Chain/forEachStore(languagesWanted:_:consume:)``).
///
/// JSON and CSV write each store's part as soon as it is its turn, so the
/// memory a run needs does not grow with the number of stores. The text
/// and Markdown matrices need every recipe id for their header and, in
/// text, every cell for the columns' widths: they keep a row of servings
/// per store (4 bytes a cell) and write it all at the end.
struct BatchReportRenderer {
    let language: String?

    /// Reads every store of `chain` and writes the report in `format`.
    func write(_ format: ReportFormat, chain: inout ChainRun, locale: String?, to out: ByteWriter) {
        switch format {
        case .json: writeJSON(chain: &chain, locale: locale, to: out)
        case .csv: writeCSV(chain: &chain, locale: locale, to: out)
        case .text, .markdown: writeMatrix(format, chain: &chain, locale: locale, to: out)
        }
    }

    /// `{"diagnostics": [...], "stores": [...]}` (see ``ChainReportJSONWriter``).
    private func writeJSON(chain: inout ChainRun, locale: String?, to out: ByteWriter) {
        ChainReportJSONWriter(language: language).write(
            manifestDiagnostics: chain.manifestDiagnostics, stores: chain.stores.stores, to: out
        ) { work, consume in
            chain.forEachStore(work, consume: consume)
        }
    }

    /// `store,recipe,servings,limitedBy,missing`: one row per store and
    /// recipe; an invalid store has none.
    private func writeCSV(chain: inout ChainRun, locale: String?, to out: ByteWriter) {
        out.write("store,recipe,servings,limitedBy,missing")
        out.newline()
        let writers = MenuValueCache<CSVRowWriter>(stores: chain.stores.stores)
        chain.forEachStore(languagesWanted: locale != nil) { snapshot in
            let part = ByteWriter(reserving: 1 << 16)
            defer { writers.done(with: snapshot.store) }
            guard let menu = snapshot.menu, let usable = snapshot.usableInventory() else { return part }
            let writer = writers.value(for: snapshot.store) { _, _ in CSVRowWriter(menu: menu) }
            writer.writeRows(
                counts: usable.counts(byPositionIn: menu), prefix: CSV.field(snapshot.store.name) + ",", to: part)
            return part
        } consume: { _, part in
            out.write(part)
        }
    }

    /// One row of the matrix: a store's servings by its menu's recipes.
    private struct Row {
        var store: String
        /// The columns of the store's menu's recipes, in the menu's order.
        var columns: [Int]
        var servings: [Int32]
    }

    /// A matrix of stores by recipes, servings in the cells, `-` where a
    /// store's menu lacks the recipe. Recipes are columns in the order they
    /// first appear; the columns of a menu that many stores share are
    /// found once. A column is titled with the recipe's id, or, when the
    /// text speaks a language other than English (Korean), the recipe's
    /// name in it (from the first menu that has the recipe): the English
    /// names are long, the ids English words already.
    private func writeMatrix(_ format: ReportFormat, chain: inout ChainRun, locale: String?, to out: ByteWriter) {
        let language = Catalogue(language).language == .english ? nil : language
        var titles: [String] = []
        var columnOfID: [String: Int] = [:]
        var columnsOfMenu: [String: [Int]] = [:]
        var rows: [Row] = []
        var invalidStores: [String] = []
        chain.forEachStore(languagesWanted: locale != nil) { snapshot -> (recipes: Menu.Recipes, servings: [Int32])? in
            guard let menu = snapshot.menu, let usable = snapshot.usableInventory() else { return nil }
            return (menu.recipes, usable.servings(in: menu).map { Int32(clamping: $0) })
        } consume: { summary, result in
            guard let result else { return invalidStores.append(summary.store.name) }
            let columns =
                columnsOfMenu[summary.store.menuPath]
                ?? result.recipes.indices.map { recipe in
                    let id = result.recipes.id(at: recipe)
                    if let column = columnOfID[id] { return column }
                    columnOfID[id] = titles.count
                    titles.append(language.flatMap { result.recipes.name(at: recipe)?.text(for: $0) } ?? id)
                    return titles.count - 1
                }
            columnsOfMenu[summary.store.menuPath] = columns
            rows.append(Row(store: summary.store.name, columns: columns, servings: result.servings))
        }
        let text = Catalogue(language)
        guard !rows.isEmpty else {
            out.line(
                invalidStores.isEmpty
                    ? text(.noStoreToReport) : text(.noStoreReported, invalidStores.joined(separator: ", ")))
            return
        }
        if format == .text {
            writeText(titles: titles, rows: rows, title: text(.storeHeader), to: out)
        } else {
            writeMarkdown(titles: titles, rows: rows, title: text.title(.storeHeader), to: out)
        }
        if !invalidStores.isEmpty {
            out.newline()
            out.line(text(.notReported, invalidStores.joined(separator: ", ")))
        }
    }

    private func writeText(titles: [String], rows: [Row], title: String, to out: ByteWriter) {
        let storeNames = rows.map { TextTable.oneLine($0.store) }
        let names = titles.map(TextTable.oneLine)
        var widths = [storeNames.map(TextTable.displayWidth(of:)).reduce(TextTable.displayWidth(of: title), max)]
        widths += names.map(TextTable.displayWidth(of:))
        for row in rows {
            for (column, servings) in zip(row.columns, row.servings) {
                widths[column + 1] = max(widths[column + 1], ByteWriter.width(of: Int(servings)))
            }
        }
        let alignments = [.left] + Array(repeating: TextTable.Alignment.right, count: titles.count)
        var line = TextTable.Line(widths: widths, alignments: alignments, to: out)
        for cell in [title] + names {
            line.begin(width: TextTable.displayWidth(of: cell))
            line.write(cell)
            line.endCell()
        }
        line.end()
        var cells = [Int](repeating: -1, count: titles.count)
        for (row, storeName) in zip(rows, storeNames) {
            var line = TextTable.Line(widths: widths, alignments: alignments, to: out)
            line.begin(width: TextTable.displayWidth(of: storeName))
            line.write(storeName)
            line.endCell()
            fill(&cells, from: row)
            for servings in cells {
                line.begin(width: servings < 0 ? 1 : ByteWriter.width(of: servings))
                if servings < 0 { line.write("-") } else { line.write(servings) }
                line.endCell()
            }
            line.end()
        }
    }

    private func writeMarkdown(titles: [String], rows: [Row], title: String, to out: ByteWriter) {
        out.line(Markdown.row([title] + titles))
        out.write("| --- |")
        for _ in titles { out.write(" ---: |") }
        out.newline()
        var cells = [Int](repeating: -1, count: titles.count)
        for row in rows {
            out.write("| ")
            out.write(Markdown.cell(row.store))
            fill(&cells, from: row)
            for servings in cells {
                out.write(" | ")
                if servings < 0 { out.write("-") } else { out.write(servings) }
            }
            out.line(" |")
        }
    }

    /// A row's servings by column; -1 where its menu lacks the recipe.
    private func fill(_ cells: inout [Int], from row: Row) {
        for index in cells.indices { cells[index] = -1 }
        for (column, servings) in zip(row.columns, row.servings) {
            cells[column] = Int(servings)
        }
    }
}
