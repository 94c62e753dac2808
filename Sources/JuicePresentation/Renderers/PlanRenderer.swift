import JuiceMaker

/// Renders shopping lists.
package struct PlanRenderer {
    package let language: String?

    /// A renderer of these values.
    package init(language: String?) {
        self.language = language
    }

    /// A list's table (fruit, needed, have, buy, and the packs to buy when
    /// the menu gives any fruit of it a `pack`) and what to buy.
    ///
    /// - Parameter packs: the packs to buy for each line (see
    ///   ``Menu/packs(toBuy:)``).
    package func text(_ list: [Shortage], packs: [Int?], menu: Menu?) -> [String] {
        let text = Catalogue(language)
        let hasPacks = packs.contains { $0 != nil }
        var table = TextTable(
            [
                .init(title: text(.fruitHeader), alignment: .left),
                .init(title: text(.neededHeader), alignment: .right),
                .init(title: text(.haveHeader), alignment: .right), .init(title: text(.buyHeader), alignment: .right),
            ] + (hasPacks ? [.init(title: text(.packsHeader), alignment: .right)] : []))
        for (item, packs) in zip(list, packs) {
            table.append(
                [
                    menu?.fruitName(item.fruit, for: language) ?? item.fruit, String(item.needed),
                    String(item.available), String(item.missing),
                ] + (hasPacks ? [packs.map(String.init) ?? "-"] : []))
        }
        let toBuy = list.filter { $0.missing > 0 }
        let names = toBuy.map { "\(menu?.fruitName($0.fruit, for: language) ?? $0.fruit) \($0.missing)" }
        return table.lines + [toBuy.isEmpty ? text(.nothingToBuy) : text(.toBuy, names.joined(separator: ", "))]
    }

    /// A chain's total as text: its heading, then a table and what to buy,
    /// as a store's.
    package func text(total: ChainShoppingList) -> [String] {
        let text = Catalogue(language)
        let hasPacks = total.items.contains { $0.buyPacks != nil }
        var table = TextTable(
            [
                .init(title: text(.fruitHeader), alignment: .left),
                .init(title: text(.neededHeader), alignment: .right),
                .init(title: text(.haveHeader), alignment: .right), .init(title: text(.buyHeader), alignment: .right),
            ] + (hasPacks ? [.init(title: text(.packsHeader), alignment: .right)] : []))
        for item in total.items {
            table.append(
                [
                    item.name?.text(for: language) ?? item.fruit, String(item.needed), String(item.have),
                    String(item.buy),
                ]
                    + (hasPacks ? [item.buyPacks.map(String.init) ?? "-"] : []))
        }
        let toBuy = total.items.filter { $0.buy > 0 }.map { "\($0.name?.text(for: language) ?? $0.fruit) \($0.buy)" }
        let summary = toBuy.isEmpty ? text(.nothingToBuy) : text(.toBuy, toBuy.joined(separator: ", "))
        return [text(.chainTotal) + ":"] + (table.lines + [summary]).map { "  " + $0 }
    }

    /// `fruit,needed,have,buy`, then `buyPacks` when the menu (for a chain,
    /// some store's) gives a fruit of the list a `pack`; a chain's rows
    /// start with the store.
    package static func csvHeader(withPacks: Bool) -> String {
        "fruit,needed,have,buy" + (withPacks ? ",buyPacks" : "")
    }

    /// One CSV row per fruit of the list, each after `prefix`; with
    /// `withPacks`, the packs to buy last (empty for a fruit without a
    /// `pack`).
    package func writeCSV(_ list: [Shortage], packs: [Int?], withPacks: Bool, prefix: String = "", to out: ByteWriter) {
        for (item, packs) in zip(list, packs) {
            out.write(prefix)
            out.write(item.fruit)
            for number in [item.needed, item.available, item.missing] {
                out.write(byte: UInt8(ascii: ","))
                out.write(number)
            }
            if withPacks {
                out.write(byte: UInt8(ascii: ","))
                if let packs { out.write(packs) }
            }
            out.newline()
        }
    }

    /// A chain's total as CSV rows, the store `*` (no store is named so:
    /// store names follow the id rule).
    package func writeCSV(total: ChainShoppingList, withPacks: Bool, to out: ByteWriter) {
        for item in total.items {
            out.write("*,")
            out.write(item.fruit)
            for number in [item.needed, item.have, item.buy] {
                out.write(byte: UInt8(ascii: ","))
                out.write(String(number))
            }
            if withPacks {
                out.write(byte: UInt8(ascii: ","))
                if let packs = item.buyPacks { out.write(String(packs)) }
            }
            out.newline()
        }
    }

    /// Starts a chain's plan in JSON: the manifest's diagnostics, then the
    /// stores' parts as ``writeStore(_:_:to:)`` makes them.
    package func startJSON(manifestDiagnostics: [Diagnostic], to out: ByteWriter) -> ChainJSONDocument {
        ChainJSONDocument(manifestDiagnostics: manifestDiagnostics, catalogue: Catalogue(language), to: out)
    }

    /// Ends a chain's plan in JSON: after the stores, the chain's `total`.
    package func endJSON(_ document: ChainJSONDocument, total: ChainShoppingList) {
        let catalogue = Catalogue(language)
        document.end { out in
            out.writeJSONKey("total", level: 1)
            out.writeJSON(ChainPlanTotalJSON(total), level: 1, catalogue: catalogue)
        }
    }

    /// One store's part of a chain's plan in text or JSON: in text its
    /// name and its table, indented; in JSON its object in the `stores`
    /// list. A store that could not be planned has none in text. (A
    /// chain's CSV is written once every store is planned: its columns
    /// depend on them all.)
    package func writeStore(_ plan: StorePlan, _ format: TableFormat, to out: ByteWriter) {
        let store = plan.snapshot.store.name
        let packs = plan.snapshot.menu?.packs(toBuy: plan.list) ?? []
        switch format {
        case .text:
            guard plan.isPlanned else { return }
            out.line(store + ":")
            for line in text(plan.list, packs: packs, menu: plan.snapshot.menu) { out.line("  " + line) }
        case .csv:
            break
        case .json:
            out.writeIndent(2)
            out.writeJSON(
                StorePlanJSON(store: store, plan: PlanJSON(plan.list, packs: packs, diagnostics: plan.diagnostics)),
                level: 2, catalogue: Catalogue(language))
        }
    }
}
