import JuiceMaker

/// Renders `juice log` one entry at a time, so that a journal of any size
/// is listed in bounded memory.
package struct LogRenderer {
    package let menu: Menu
    /// The menu's recipe ids, in its order: the order of a make's orders.
    private let recipeIDs: [String]
    package let language: String?
    package let format: TableFormat
    /// The language of the diagnostics' messages in JSON.
    private let catalogue: Catalogue
    /// Whether `--quiet` keeps the line that says there was no entry.
    private let quiet: Bool
    /// Where each line goes: stdout for a command.
    private let output: (String) -> Void
    private var count = 0
    /// The last JSON entry, held back until the next one says whether a
    /// comma follows it.
    private var pending: String?

    /// - Parameters:
    ///   - catalogue: the language of the diagnostics' messages in JSON.
    ///   - quiet: whether to leave out, in text, the line that says there
    ///     was no entry.
    ///   - output: where each line goes.
    package init(
        menu: Menu, language: String?, format: TableFormat, catalogue: Catalogue, quiet: Bool,
        output: @escaping (String) -> Void
    ) {
        self.menu = menu
        recipeIDs = menu.recipes.ids
        self.language = language
        self.format = format
        self.catalogue = catalogue
        self.quiet = quiet
        self.output = output
    }

    /// What comes before the first entry.
    package func start() {
        switch format {
        case .text: break
        case .csv: output("id,time,kind,reason,undoes,orders,changes")
        case .json: output("{\n  \"entries\" : [")
        }
    }

    /// One entry.
    package mutating func write(_ entry: JournalEntry) {
        switch format {
        case .text: output(text(entry))
        case .csv: output(csv(entry))
        case .json:
            if let pending { output("    " + pending + ",") }
            pending = entry.line
        }
        count += 1
    }

    /// What comes after the last entry: in text, a line when there was none.
    package func finish(diagnostics: [Diagnostic]) {
        switch format {
        case .text:
            if count == 0, !quiet { output(Catalogue(language)(.noEntries)) }
        case .csv: break
        case .json: finishJSON(diagnostics: diagnostics, next: "")
        }
    }

    /// What comes after the last entry of a page of the API's log, in JSON:
    /// `"next"`, the id to ask the following page's entries before (`null`
    /// on the last page), then the diagnostics.
    package func finish(diagnostics: [Diagnostic], next: Int?) {
        finishJSON(diagnostics: diagnostics, next: "  \"next\" : " + (next.map(String.init) ?? "null") + ",\n")
    }

    private func finishJSON(diagnostics: [Diagnostic], next: String) {
        if let pending { output("    " + pending) }
        // Entries stream first; the diagnostics, known at the end, follow.
        let list = JSONText.render(diagnostics, catalogue: catalogue).split(separator: "\n").joined(separator: "\n  ")
        output("  ],\n" + next + "  \"diagnostics\" : " + list + "\n}")
    }

    /// `3  2026-11-22T18:30:00+09:00  adjust (delivery)  Banana +12`: the
    /// time in the local time zone, with its offset; a count adds what it
    /// counted (`Banana -1; counted Banana 7, Kiwi 10`); a sale its ticket
    /// (`make (sale square:T1)`), and what it used that the book lacked or
    /// that a later count saw gone.
    package func text(_ entry: JournalEntry) -> String {
        let text = Catalogue(language)
        var kind: String
        switch entry.kind {
        case .make: kind = text(.kindMake)
        case .adjust: kind = text(.kindAdjust)
        case .undo: kind = text(.kindUndo, entry.undoes ?? 0)
        case .edit: kind = text(.kindEdit)
        case .order: kind = entry.cancels.map { text(.kindOrderCancel, $0) } ?? text(.kindOrder)
        }
        if entry.isSale, let key = entry.key { kind += " (" + text(.kindSale, key.text) + ")" }
        if let reason = entry.reason {
            kind +=
                " (" + text(Self.reasonText[reason] ?? .kindAdjust)
                + (entry.order.map { ", " + text(.ofOrder, $0) } ?? "") + ")"
        }
        let changes = entry.changes.ordered(by: menu.fruits.map(\.id)).map { fruit, change in
            "\(menu.fruitName(fruit, for: language)) \(change > 0 ? "+" : "")\(change)"
        }
        var what = changes.isEmpty ? text(.noChangeShort) : changes.joined(separator: ", ")
        if let lines = entry.lines {
            what = lines.map { "\(menu.fruitName($0.fruit, for: language)) \($0.units)" }.joined(separator: ", ")
        }
        if let counted = entry.counted {
            let numbers = counted.ordered(by: menu.fruits.map(\.id)).map { fruit, count in
                "\(menu.fruitName(fruit, for: language)) \(count)"
            }
            what += "; " + text(.countedList, numbers.joined(separator: ", "))
        }
        let fruits = { (counts: [String: Int]) in
            counts.ordered(by: self.menu.fruits.map(\.id)).map {
                "\(self.menu.fruitName($0, for: self.language).controlsEscaped) \($1)"
            }
            .joined(separator: ", ")
        }
        if let short = entry.short { what += "; " + text(.shortList, fruits(short)) }
        if let used = entry.usedBeforeCount { what += "; " + text(.usedBeforeCountList, fruits(used)) }
        if entry.kind == .make {
            let orders = entry.orders.ordered(by: recipeIDs).map { recipe, servings in
                let name = (menu.recipe(id: recipe)?.displayName(for: language) ?? recipe).controlsEscaped
                return servings == 1 ? name : "\(name) ×\(servings)"
            }
            if !orders.isEmpty { what = orders.joined(separator: ", ") + ": " + what }
        }
        return "\(entry.id)  \(entry.time.localDescription)  \(kind)  \(what)"
    }

    /// The words of each reason.
    private static let reasonText: [JournalEntry.Reason: Catalogue.Text] = [
        .delivery: .reasonDelivery, .waste: .reasonWaste, .count: .reasonCount, .correction: .reasonCorrection,
        .expired: .reasonExpired,
    ]

    /// `id,time,kind,reason,undoes,orders,changes`; orders and changes as
    /// `id:count` separated by spaces.
    package func csv(_ entry: JournalEntry) -> String {
        func list(_ counts: [String: Int]) -> String {
            counts.sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }.joined(separator: " ")
        }
        return [
            String(entry.id), entry.time.description, entry.kind.rawValue,
            entry.isSale ? JournalEntry.saleReason : entry.reason?.rawValue ?? "",
            entry.undoes.map(String.init) ?? "", list(entry.orders), list(entry.changes),
        ].map(CSV.field).joined(separator: ",")
    }
}
