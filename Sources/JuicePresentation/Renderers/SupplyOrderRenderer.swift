import JuiceMaker

/// Renders `juice order`: what to order from each supplier, for one store
/// or for every store of a chain with the chain's total.
package struct SupplyOrderRenderer {
    package let language: String?
    private let text: Catalogue

    /// A renderer whose names and words are in `language`.
    package init(language: String?) {
        self.language = language
        text = Catalogue(language)
    }

    /// One store's order as text: a block per supplier (its name and id, a
    /// table of its lines and their total), or a line saying there is
    /// nothing to order.
    package func text(_ order: SupplyOrder) -> [String] {
        guard !order.isEmpty else { return nothingToOrder(order) }
        let hasCosts = Self.hasCosts(order)
        // The column is there once something is on order, so that an
        // order by par as it was before SPEC 16 reads as it did; always by
        // the forecast, whose need is less what is on order.
        let hasOnOrder = order.safety != nil || order.groups.contains { $0.lines.contains { $0.onOrder > 0 } }
        let hasCaps = Self.hasCappedLines(order)
        var lines: [String] = []
        for group in order.groups {
            if !lines.isEmpty { lines.append("") }
            var heading = supplierName(group)
            if group.belowMinimum { heading += ": " + text(.supplierPacks, packs(group.packs), group.minimum) }
            lines.append(heading)
            var columns: [TextTable.Column] = [
                .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.haveHeader), alignment: .right),
            ]
            if hasOnOrder { columns.append(.init(title: text(.onOrderHeader), alignment: .right)) }
            columns.append(
                .init(title: text(order.safety == nil ? .parHeader : .forecastNeedHeader), alignment: .right))
            if hasCaps { columns.append(.init(title: text(.cappedAtHeader), alignment: .right)) }
            columns += [
                .init(title: text(.unitsHeader), alignment: .right),
                .init(title: text(.packsHeader), alignment: .right),
            ]
            // Always, `-` for a fruit without a cost: the columns do not
            // change with the menu's costs.
            columns.append(.init(title: text(.costHeader), alignment: .right))
            var table = TextTable(columns)
            for line in group.lines {
                var row: [String] = [fruitName(line), String(line.have)]
                if hasOnOrder { row.append(String(line.onOrder)) }
                row.append(Self.target(line))
                if hasCaps { row.append(Self.cappedAt(line)) }
                row += [String(line.units), String(line.packs)]
                row.append(line.cost.map(String.init) ?? "-")
                table.append(row)
            }
            var total: [String] = [text(.totalRow), ""]
            if hasOnOrder { total.append("") }
            if hasCaps { total.append("") }
            total += ["", "", String(group.packs)]
            total.append(group.cost.map(String.init) ?? "-")
            table.append(total)
            lines += table.lines.map { "  " + $0 }
            let unknown = group.lines.filter { $0.cost == nil }.map(shownFruitName)
            if hasCosts, !unknown.isEmpty { lines.append("  " + text(.costUnknown, unknown.joined(separator: ", "))) }
        }
        if let total = allSuppliers(order) { lines += ["", total] }
        if let held = heldAtMaximum(order) { lines += ["", held] }
        if let unforecast = notForecast(order) { lines += ["", unforecast] }
        return lines
    }

    /// What a line orders up to: its par, or the forecast's need to 2
    /// decimals.
    private static func target(_ line: SupplyOrder.Line) -> String {
        line.forecast.map { ForecastRenderer.figure($0.need) } ?? line.par.map(String.init) ?? ""
    }

    /// What a line was capped at by its fruit's shelf life, to 2 decimals;
    /// empty for a line not capped.
    private static func cappedAt(_ line: SupplyOrder.Line) -> String {
        guard let sizing = line.forecast, sizing.isCapped, let cap = sizing.cap else { return "" }
        return ForecastRenderer.figure(cap)
    }

    /// Whether a line was capped by shelf life: then the tables have a
    /// column of what each was capped at.
    private static func hasCappedLines(_ order: SupplyOrder) -> Bool {
        order.groups.contains { $0.lines.contains { $0.forecast?.isCapped ?? false } }
    }

    /// The sentence naming the fruits an order by the forecast left out
    /// for want of history; `nil` when there are none.
    private func notForecast(_ order: SupplyOrder) -> String? {
        guard !order.withoutHistory.isEmpty else { return nil }
        let names = order.withoutHistory.map { ($0.name?.text(for: language) ?? $0.fruit).controlsEscaped }
        return text(.notForecastLine, names.joined(separator: ", "))
    }

    /// The line that names the fruits whose lines are held at the most a
    /// line orders, the forecast wanting more; `nil` when none is.
    private func heldAtMaximum(_ order: SupplyOrder) -> String? {
        guard !order.heldAtMaximum.isEmpty else { return nil }
        let names = order.heldAtMaximum.map { ($0.name?.text(for: language) ?? $0.fruit).controlsEscaped }
        return text(.heldAtMaximumLine, Schema.maximumCount, names.joined(separator: ", "))
    }

    /// The line of every supplier's packs and cost together, for an
    /// order from more than one.
    private func allSuppliers(_ order: SupplyOrder) -> String? {
        guard order.groups.count > 1 else { return nil }
        guard Self.hasCosts(order) else { return text(.allSuppliers, packs(order.packs)) }
        return order.cost.map { text(.allSuppliersCost, packs(order.packs), $0) }
            ?? text(.allSuppliersCostUnknown, packs(order.packs))
    }

    /// A chain's orders as text: each store's, indented under its name,
    /// then the chain's total.
    package func text(stores: ChainStores<SupplyOrder>, total: SupplyOrder) -> [String] {
        var lines: [String] = []
        for (store, order) in stores {
            guard let order else { continue }
            lines.append(store + ":")
            lines += text(order).map { $0.isEmpty ? $0 : "  " + $0 }
            lines.append("")
        }
        lines.append(text(.chainTotal) + ":")
        lines += text(total).map { $0.isEmpty ? $0 : "  " + $0 }
        return lines
    }

    /// The CSV header of one store's order; a chain's rows start with
    /// `store`.
    package static let csvHeader = "supplier,fruit,name,have,par,units,packs,cost"

    /// The CSV header of one store's order sized by the forecast: `cap`
    /// empty for a fruit without a shelf life, `capped` true or false.
    package static let forecastCSVHeader = "supplier,fruit,name,have,onOrder,forecast,cap,capped,units,packs,cost"

    /// The CSV header of `order`: by its sizing.
    package static func csvHeader(of order: SupplyOrder) -> String {
        order.safety == nil ? csvHeader : forecastCSVHeader
    }

    /// One row per line of `order`: the supplier's id (empty for none), the
    /// fruit's id and name, the numbers, and the cost (empty when
    /// unknown); each row after `store` when given.
    package func csv(_ order: SupplyOrder, store: String? = nil) -> [String] {
        order.groups.flatMap { group in
            group.lines.map { line in
                var fields = (store.map { [$0] } ?? []) + [group.supplier ?? "", line.fruit, fruitName(line)]
                if let sizing = line.forecast {
                    fields += [
                        String(line.have), String(line.onOrder), ForecastRenderer.figure(sizing.need),
                        sizing.cap.map(ForecastRenderer.figure) ?? "", String(sizing.isCapped),
                    ]
                } else {
                    fields += [String(line.have), line.par.map(String.init) ?? ""]
                }
                fields += [String(line.units), String(line.packs), line.cost.map(String.init) ?? ""]
                return fields.map(CSV.field).joined(separator: ",")
            }
        }
    }

    /// A chain's CSV: `store,` then a store's columns, each store's rows,
    /// then the chain's total with the store `*` (no store is named so:
    /// store names follow the id rule).
    package func csv(stores: ChainStores<SupplyOrder>, total: SupplyOrder) -> [String] {
        ["store," + Self.csvHeader(of: total)]
            + stores.flatMap { store, order in order.map { csv($0, store: store) } ?? [] }
            + csv(total, store: "*")
    }

    /// One store's order in Markdown: a section per supplier (at heading
    /// `level`) with a table of its lines and their total, and a note
    /// when it is under the supplier's minimum. Each table stands alone:
    /// it has a column of what a line was capped at only when one of its
    /// lines was.
    package func markdown(_ order: SupplyOrder, level: Int = 2) -> [String] {
        guard !order.isEmpty else { return nothingToOrder(order) }
        let hasCosts = Self.hasCosts(order)
        var lines: [String] = []
        for group in order.groups {
            let hasCaps = group.lines.contains { $0.forecast?.isCapped ?? false }
            let headers: [Catalogue.Text] =
                [.fruitHeader, .nameHeader, .haveHeader, order.safety == nil ? .parHeader : .forecastNeedHeader]
                + (hasCaps ? [.cappedAtHeader] : []) + [.unitsHeader, .packsHeader, .costHeader]
            if !lines.isEmpty { lines.append("") }
            lines += [
                String(repeating: "#", count: level) + " " + supplierName(group), "",
                Markdown.row(headers.map { text.title($0) }),
                "| --- | --- |" + String(repeating: " ---: |", count: headers.count - 2),
            ]
            for line in group.lines {
                lines.append(
                    Markdown.row(
                        [line.fruit, fruitName(line), String(line.have), Self.target(line)]
                            + (hasCaps ? [Self.cappedAt(line)] : [])
                            + [String(line.units), String(line.packs), line.cost.map(String.init) ?? "-"]))
            }
            lines.append(
                Markdown.row(
                    ["**\(text.title(.totalRow))**", "", "", ""] + (hasCaps ? [""] : [])
                        + ["", "**\(group.packs)**", group.cost.map { "**\($0)**" } ?? "-"]))
            if group.belowMinimum {
                lines += ["", "> " + belowMinimum(group)]
            }
            let unknown = group.lines.filter { $0.cost == nil }.map(shownFruitName)
            if hasCosts, !unknown.isEmpty { lines += ["", "> " + text(.costUnknown, unknown.joined(separator: ", "))] }
        }
        if let total = allSuppliers(order) { lines += ["", "**\(total)**"] }
        if let held = heldAtMaximum(order) { lines += ["", "> " + held] }
        if let unforecast = notForecast(order) { lines += ["", "> " + unforecast] }
        return lines
    }

    /// A chain's orders in Markdown: a section per store, then the chain's
    /// total, suppliers a level below.
    package func markdown(stores: ChainStores<SupplyOrder>, total: SupplyOrder) -> [String] {
        var lines: [String] = []
        for (store, order) in stores {
            guard let order else { continue }
            lines += ["## " + Markdown.cell(store), ""] + markdown(order, level: 3) + [""]
        }
        return lines + ["## " + text(.chainTotal), ""] + markdown(total, level: 3)
    }

    /// A warning for each supplier whose order is under its minimum, for
    /// stderr.
    package func minimumWarnings(_ order: SupplyOrder, store: String? = nil) -> [String] {
        order.groups.filter(\.belowMinimum).map { group in
            text(.warning) + ": " + (store.map { "\($0): " } ?? "") + belowMinimum(group)
        }
    }

    /// Why `order` cannot be said, when a supplier's total passes what a
    /// count holds (see ``SupplyOrder/beyondCounting``); `store` the store
    /// or the chain's total it is of.
    package func beyondCounting(_ order: SupplyOrder, store: String? = nil) -> String? {
        let prefix = store.map { "\($0): " } ?? ""
        if let group = order.beyondCounting {
            return prefix + text(.orderBeyondCounting, supplierName(group), Int.max)
        }
        return order.totalIsBeyondCounting ? prefix + text(.orderTotalBeyondCounting, Int.max) : nil
    }

    /// The sentence of a supplier's order under its minimum.
    private func belowMinimum(_ group: SupplyOrder.Group) -> String {
        text(.belowMinimum, supplierName(group), packs(group.packs), packs(group.minimum))
    }

    /// `count` packs, in the singular for one.
    private func packs(_ count: Int) -> String {
        count == 1 ? text(.onePack) : text(.packCount, count)
    }

    /// Why an empty order is empty: every fruit with a par is above its
    /// reorder level, or no fruit has a par; by the forecast, the stock
    /// covers it, or no fruit names a supplier, or the fruits named have no
    /// history (then that alone is said).
    private func nothingToOrder(_ order: SupplyOrder) -> [String] {
        guard order.safety != nil else {
            if order.coveredByOrders > 0 { return [text(.nothingBeyondOrders)] }
            return [text(order.fruitsWithPar == 0 ? .noPar : .nothingToOrder)]
        }
        if order.fruitsWithPar == 0 { return [text(.noSupplierToForecast)] }
        let covered = text(order.coveredByOrders > 0 ? .nothingBeyondOrdersByForecast : .nothingToOrderByForecast)
        let unforecast = notForecast(order).map { [$0] } ?? []
        return (order.withoutHistory.count == order.fruitsWithPar ? [] : [covered]) + unforecast
    }

    /// `Name (id)`, the id alone when the supplier has no name, or the words
    /// for no supplier.
    private func supplierName(_ group: SupplyOrder.Group) -> String {
        guard let id = group.supplier else { return text(.noSupplier) }
        guard let name = group.name?.text(for: language), name != id else { return id }
        return "\(name.controlsEscaped) (\(id))"
    }

    /// The fruit's name as CSV holds it: as the menu has it.
    private func fruitName(_ line: SupplyOrder.Line) -> String {
        line.name?.text(for: language) ?? line.fruit
    }

    /// The fruit's name in a line of text, its control characters escaped.
    private func shownFruitName(_ line: SupplyOrder.Line) -> String {
        fruitName(line).controlsEscaped
    }

    /// Whether any line has a cost: then text and Markdown name the fruits
    /// that have none (every table has a column of costs, `-` for none;
    /// an order of no cost at all needs no such line under each table),
    /// and the line of every supplier says the cost.
    private static func hasCosts(_ order: SupplyOrder) -> Bool {
        order.groups.contains { $0.lines.contains { $0.cost != nil } }
    }
}
