import JuiceMaker

/// Renders what a stock allows, in each report format, straight to a
/// ``ByteWriter`` as it is worked out: a recipe at a time, no line or cell
/// kept as a `String`. A second front end (an HTTP server) gets the same
/// bytes from a writer in memory (``ByteWriter/init(reserving:)``).
package struct ReportRenderer {
    package let menu: Menu
    package let language: String?
    /// The stock, its whole counts and what can make juice.
    package let stock: ReportedStock
    private var counts: [Int] { stock.counts }
    private var usable: [Int] { stock.usable }

    /// The report of `inventory` on `today`, the store's business day:
    /// expired fruit makes no serving and JSON says what expired (with
    /// `nil`, a day that cannot be told, every lot counts).
    package init(menu: Menu, inventory: Inventory, language: String?, today: CalendarDate?) {
        self.menu = menu
        self.language = language
        stock = ReportedStock(inventory, in: menu, today: today)
    }

    /// Writes the report in `format`; JSON carries `diagnostics`, said in
    /// `language` as the text's headers are.
    package func write(_ format: ReportFormat, diagnostics: [Diagnostic], to out: ByteWriter) {
        switch format {
        case .text: writeText(to: out)
        case .csv: writeCSV(to: out)
        case .markdown: writeMarkdown(to: out)
        case .json: writeJSON(diagnostics: diagnostics, to: out)
        }
    }

    /// Writes the report as JSON, with `diagnostics`; `members` writes any
    /// members after the report's own (each with its key, at level 1).
    package func writeJSON(
        diagnostics: [Diagnostic], to out: ByteWriter, members: (ByteWriter) -> Void = { _ in }
    ) {
        out.write(byte: UInt8(ascii: "{"))
        let writer = ReportJSONWriter(menu: menu, language: language, level: 2, parts: .none)
        ReportJSONWriter.writeMembers(
            diagnostics: diagnostics, report: (writer, stock), level: 1, catalogue: Catalogue(language), to: out)
        members(out)
        out.write("\n}")
        out.newline()
    }

    /// Two tables: each fruit's stock, then each juice's servings, what
    /// limits them and what one serving lacks.
    private func writeText(to out: ByteWriter) {
        let text = Catalogue(language)
        let names = menu.fruits.map { TextTable.oneLine($0.displayName(for: language)) }
        let nameWidths = names.map(TextTable.displayWidth(of:))
        let stockTitles = [text(.fruitHeader), text(.stockHeader)]
        let stockWidths = [
            nameWidths.reduce(TextTable.displayWidth(of: stockTitles[0]), max),
            counts.map(ByteWriter.width(of:)).reduce(TextTable.displayWidth(of: stockTitles[1]), max),
        ]
        writeTitles(stockTitles, widths: stockWidths, alignments: [.left, .right], to: out)
        for (fruit, name) in names.enumerated() {
            var line = TextTable.Line(widths: stockWidths, alignments: [.left, .right], to: out)
            line.begin(width: nameWidths[fruit])
            line.write(name)
            line.endCell()
            line.begin(width: ByteWriter.width(of: counts[fruit]))
            line.write(counts[fruit])
            line.endCell()
            line.end()
        }
        if let fresh = stock.fresh {
            // Briefly, under the stock: what expired, and what expires by tomorrow.
            for (key, counts) in [(Catalogue.Text.expiredLine, fresh.expired), (.expiringLine, fresh.expiring)]
            where !counts.isEmpty {
                let list = menu.fruits.compactMap { fruit in
                    counts[fruit.id].map { "\(TextTable.oneLine(fruit.displayName(for: language))) \($0)" }
                }
                out.write(text(key, list.joined(separator: ", ")))
                out.newline()
            }
        }
        out.newline()

        let table = menu.ingredients
        let juiceTitles = [text(.juiceHeader), text(.servingsHeader), text(.limitedByHeader), text(.missingHeader)]
        var widths = juiceTitles.map(TextTable.displayWidth(of:))
        // Each row's servings and cells' widths, measured first: the
        // columns' widths need every row.
        @Sendable func cellWidths(_ recipe: Int) -> (servings: Int, name: Int, limitedBy: Int, missing: Int) {
            let servings = table.servings(ofRecipe: recipe, counts: usable)
            var limitedBy = -2
            var missing = -2
            for position in table.range(ofRecipe: recipe) {
                let fruit = table.fruits[position]
                if table.binds(position, servings: servings, counts: usable) { limitedBy += nameWidths[fruit] + 2 }
                let lacking = table.lacks(position, servings: servings, counts: usable)
                if lacking > 0 { missing += nameWidths[fruit] + 1 + ByteWriter.width(of: lacking) + 2 }
            }
            let name = menu.recipes.withDisplayName(at: recipe, for: language) {
                TextTable.withOneLine($0, TextTable.displayWidth(utf8:))
            }
            return (servings, name, max(limitedBy, 0), max(missing, 0))
        }
        // Kept for the second pass: the rows are written once every width
        // is known.
        let rows = RowBlocks.map(count: menu.recipes.count) { $0.map(cellWidths) }
        for cells in rows {
            widths[0] = max(widths[0], cells.name)
            widths[1] = max(widths[1], ByteWriter.width(of: cells.servings))
            widths[2] = max(widths[2], cells.limitedBy)
            widths[3] = max(widths[3], cells.missing)
        }
        let alignments: [TextTable.Alignment] = [.left, .right, .left, .left]
        writeTitles(juiceTitles, widths: widths, alignments: alignments, to: out)
        let columnWidths = widths
        RowBlocks.write(count: rows.count, to: out) { recipes, out in
            for recipe in recipes {
                writeRow(recipe, rows[recipe], widths: columnWidths, to: out)
            }
        }
        @Sendable func writeRow(
            _ recipe: Int, _ cells: (servings: Int, name: Int, limitedBy: Int, missing: Int),
            widths: [Int], to out: ByteWriter
        ) {
            var line = TextTable.Line(widths: widths, alignments: alignments, to: out)
            line.begin(width: cells.name)
            menu.recipes.withDisplayName(at: recipe, for: language) { TextTable.withOneLine($0) { line.write($0) } }
            line.endCell()
            line.begin(width: ByteWriter.width(of: cells.servings))
            line.write(cells.servings)
            line.endCell()
            line.begin(width: cells.limitedBy)
            var first = true
            for position in table.range(ofRecipe: recipe)
            where table.binds(position, servings: cells.servings, counts: usable) {
                if !first { line.write(", ") }
                first = false
                line.write(names[table.fruits[position]])
            }
            line.endCell()
            line.begin(width: cells.missing)
            first = true
            for position in table.range(ofRecipe: recipe) {
                let lacking = table.lacks(position, servings: cells.servings, counts: usable)
                guard lacking > 0 else { continue }
                if !first { line.write(", ") }
                first = false
                line.write(names[table.fruits[position]])
                line.write(" ")
                line.write(lacking)
            }
            line.endCell()
            line.end()
        }
    }

    private func writeTitles(
        _ titles: [String], widths: [Int], alignments: [TextTable.Alignment], to out: ByteWriter
    ) {
        var line = TextTable.Line(widths: widths, alignments: alignments, to: out)
        for title in titles {
            line.begin(width: TextTable.displayWidth(of: title))
            line.write(title)
            line.endCell()
        }
        line.end()
    }

    /// `recipe,servings,limitedBy,missing`: one row per recipe, lists joined
    /// by `;`, missing as `fruit:n`.
    private func writeCSV(to out: ByteWriter) {
        out.write("recipe,servings,limitedBy,missing")
        out.newline()
        CSVRowWriter(menu: menu).writeRows(counts: usable, to: out)
    }

    /// The two tables of ``writeText(to:)`` in Markdown.
    private func writeMarkdown(to out: ByteWriter) {
        let text = Catalogue(language)
        let names = menu.fruits.map { Markdown.cell($0.displayName(for: language)) }
        out.line(Markdown.row([text.title(.fruitHeader), text.title(.stockHeader)]))
        out.line("| --- | ---: |")
        for (fruit, name) in names.enumerated() {
            out.write("| ")
            out.write(name)
            out.write(" | ")
            out.write(counts[fruit])
            out.line(" |")
        }
        out.newline()
        out.line(
            Markdown.row([.juiceHeader, .servingsHeader, .limitedByHeader, .missingHeader].map { text.title($0) }))
        out.line("| --- | ---: | --- | --- |")
        let table = menu.ingredients
        for (recipe, item) in menu.recipes.enumerated() {
            let servings = table.servings(ofRecipe: recipe, counts: usable)
            out.write("| ")
            out.write(Markdown.cell(item.displayName(for: language)))
            out.write(" | ")
            out.write(servings)
            out.write(" | ")
            var first = true
            for position in table.range(ofRecipe: recipe)
            where table.binds(position, servings: servings, counts: usable) {
                if !first { out.write(", ") }
                first = false
                out.write(names[table.fruits[position]])
            }
            out.write(" | ")
            first = true
            for position in table.range(ofRecipe: recipe) {
                let lacking = table.lacks(position, servings: servings, counts: usable)
                guard lacking > 0 else { continue }
                if !first { out.write(", ") }
                first = false
                out.write(names[table.fruits[position]])
                out.write(byte: UInt8(ascii: " "))
                out.write(lacking)
            }
            out.line(" |")
        }
    }
}
