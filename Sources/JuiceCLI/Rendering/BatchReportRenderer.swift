import JuiceMaker
import JuicePresentation
import Synchronization

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
    func write(_ format: ReportFormat, chain: inout Chain, locale: String?, to out: ByteWriter) {
        switch format {
        case .json: writeJSON(chain: &chain, locale: locale, to: out)
        case .csv: writeCSV(chain: &chain, locale: locale, to: out)
        case .text, .markdown: writeMatrix(format, chain: &chain, locale: locale, to: out)
        }
    }

    /// `{"diagnostics": [...], "stores": [...]}`: each store's report, an
    /// invalid store's empty, and the manifest's own diagnostics.
    private func writeJSON(chain: inout Chain, locale: String?, to out: ByteWriter) {
        out.write(byte: UInt8(ascii: "{"))
        out.writeJSONKey("diagnostics", level: 1, first: true)
        out.writeJSON(chain.manifestDiagnostics, level: 1, catalogue: Catalogue(language))
        out.writeJSONKey("stores", level: 1)
        out.write(byte: UInt8(ascii: "["))
        let writers = MenuCache<ReportJSONWriter>(stores: chain.stores.stores)
        let language = language
        var first = true
        chain.forEachStore { snapshot in
            // A store of the benchmarks' chain writes about 180 KB.
            let part = ByteWriter(reserving: 1 << 18)
            part.writeIndent(2)
            part.write(byte: UInt8(ascii: "{"))
            var report: (writer: ReportJSONWriter, counts: [Int])?
            if let menu = snapshot.menu, let inventory = snapshot.inventory {
                // A menu one store uses takes what it can from the chain
                // menu's; one several stores use is rendered once.
                let writer = writers.value(for: snapshot.store) { users, chainWriter in
                    let parts: ReportJSONWriter.Parts =
                        users > 1 ? .rendered : chainWriter.map { .sharing(with: $0) } ?? .none
                    return ReportJSONWriter(menu: menu, language: language, level: 4, parts: parts)
                }
                report = (writer, inventory.counts(byPositionIn: menu))
            }
            ReportJSONWriter.writeMembers(
                diagnostics: snapshot.diagnostics, report: report, level: 3, catalogue: Catalogue(language), to: part)
            part.writeJSONKey("store", level: 3)
            part.writeJSONString(snapshot.store.name)
            part.write(byte: UInt8(ascii: "\n"))
            part.writeIndent(2)
            part.write(byte: UInt8(ascii: "}"))
            writers.done(with: snapshot.store)
            return part
        } consume: { _, part in
            out.write(first ? "\n" : ",\n")
            first = false
            out.write(part)
        }
        out.write(first ? "\n\n" : "\n")
        out.writeIndent(1)
        out.write("]\n}")
        out.newline()
    }

    /// `store,recipe,servings,limitedBy,missing`: one row per store and
    /// recipe; an invalid store has none.
    private func writeCSV(chain: inout Chain, locale: String?, to out: ByteWriter) {
        out.write("store,recipe,servings,limitedBy,missing")
        out.newline()
        let writers = MenuCache<CSVRowWriter>(stores: chain.stores.stores)
        chain.forEachStore(languagesWanted: locale != nil) { snapshot in
            let part = ByteWriter(reserving: 1 << 16)
            defer { writers.done(with: snapshot.store) }
            guard let menu = snapshot.menu, let inventory = snapshot.inventory else { return part }
            let writer = writers.value(for: snapshot.store) { _, _ in CSVRowWriter(menu: menu) }
            writer.writeRows(
                counts: inventory.counts(byPositionIn: menu), prefix: CSV.field(snapshot.store.name) + ",", to: part)
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
    private func writeMatrix(_ format: ReportFormat, chain: inout Chain, locale: String?, to out: ByteWriter) {
        let language = Catalogue(language).language == .english ? nil : language
        var titles: [String] = []
        var columnOfID: [String: Int] = [:]
        var columnsOfMenu: [String: [Int]] = [:]
        var rows: [Row] = []
        var invalidStores: [String] = []
        chain.forEachStore(languagesWanted: locale != nil) { snapshot -> (recipes: Menu.Recipes, servings: [Int32])? in
            guard let menu = snapshot.menu, let inventory = snapshot.inventory else { return nil }
            return (menu.recipes, inventory.servings(in: menu).map { Int32(clamping: $0) })
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

    /// What a renderer works out once per menu (a ``ReportJSONWriter``, a
    /// ``CSVRowWriter``), shared by the stores that share the menu and
    /// dropped after the last of them.
    private final class MenuCache<Value: Sendable>: Sendable {
        private struct Entry {
            var value: Value?
            /// The stores still to be written with it.
            var users: Int
        }

        private let entries: Mutex<[String: Entry]>
        /// The menu most stores use, by path.
        private let chainMenu: String?

        init(stores: [StoreChain.Store]) {
            var entries: [String: Entry] = [:]
            for store in stores {
                entries[store.menuPath, default: Entry(users: 0)].users += 1
            }
            chainMenu = entries.max { $0.value.users < $1.value.users }?.key
            self.entries = Mutex(entries)
        }

        /// The value for the store's menu, made on first use by `make`, given
        /// how many stores use the menu and the chain menu's value when it
        /// is at hand; kept only for a menu several stores use.
        func value(for store: StoreChain.Store, make: (_ users: Int, _ chainValue: Value?) -> Value) -> Value {
            let path = store.menuPath
            let (known, users, chainValue) = entries.withLock { entries in
                (entries[path]?.value, entries[path]?.users ?? 0, chainMenu.flatMap { entries[$0]?.value })
            }
            if let known { return known }
            // Made outside the lock; two stores may both make it, one is kept.
            let made = make(users, chainValue)
            guard users > 1 else { return made }
            return entries.withLock { entries in
                if let known = entries[path]?.value { return known }
                entries[path]?.value = made
                return made
            }
        }

        /// Marks one store of the menu done; the last frees the value.
        func done(with store: StoreChain.Store) {
            entries.withLock { entries in
                entries[store.menuPath]?.users -= 1
                if entries[store.menuPath]?.users == 0 { entries[store.menuPath]?.value = nil }
            }
        }
    }
}
