import JuiceMaker
import JuiceMix
import JuicePresentation

/// Renders best mixes: a table of servings per recipe, the total, what is
/// left, the fruits used up and how the search ended.
struct MixRenderer {
    let language: String?
    /// The request asked: its time limit and tolerance are named when they
    /// ended the search.
    let request: MixRequest

    /// One mix in text, ending with the `juice make` command that makes it
    /// (`repeatedArguments` after its orders) when it makes anything.
    func text(_ mix: Mix, menu: Menu, repeatedArguments: String? = nil) -> [String] {
        let text = Catalogue(language)
        let valueHeader: Catalogue.Text? =
            switch mix.objective {
            case .servings, .fresh: nil
            case .revenue: .revenueHeader
            case .margin: .marginHeader
            }
        var table = TextTable(
            [
                .init(title: text(.juiceHeader), alignment: .left),
                .init(title: text(.mixServingsHeader), alignment: .right),
            ] + (valueHeader.map { [.init(title: text($0), alignment: .right)] } ?? []))
        for recipe in menu.recipes {
            let servings = mix.servings[recipe.id] ?? 0
            table.append(
                [recipe.displayName(for: language), String(servings)]
                    + (valueHeader == nil ? [] : [worth(of: recipe, servings, in: menu, mix.objective)]))
        }
        table.append([text(.totalRow), String(mix.totalServings)] + (valueHeader == nil ? [] : [String(mix.value)]))
        let left = menu.fruits.map { "\($0.displayName(for: language).controlsEscaped) \(mix.left[$0.id] ?? 0)" }
        let usedUp = mix.limitedBy.map { menu.fruitName($0, for: language).controlsEscaped }
        let fresh = mix.objective == .fresh ? [text(.expiringUsedLine, mix.value)] : []
        return table.lines + fresh + [
            text(.leftLine, left.joined(separator: ", ")),
            usedUp.isEmpty ? text(.nothingUsedUp) : text(.usedUpLine, usedUp.joined(separator: ", ")),
            ending(mix),
        ] + (repeatedArguments.flatMap { makeLine(mix, menu: menu, repeatedArguments: $0) }.map { [$0] } ?? [])
    }

    /// `To make it: juice make banana=2 mango=1`, the orders in the menu's
    /// order; `nil` for a mix of nothing.
    private func makeLine(_ mix: Mix, menu: Menu, repeatedArguments: String) -> String? {
        let orders = menu.recipes.compactMap { recipe in
            (mix.servings[recipe.id] ?? 0) > 0 ? "\(recipe.id)=\(mix.servings[recipe.id] ?? 0)" : nil
        }
        guard !orders.isEmpty else { return nil }
        return Catalogue(language)(.toMakeIt, orders.joined(separator: " ") + repeatedArguments)
    }

    /// What `servings` servings of `recipe` add to the objective (`-` past
    /// what an `Int` counts).
    private func worth(of recipe: Recipe, _ servings: Int, in menu: Menu, _ objective: MixObjective) -> String {
        // The mix was solved, so every recipe has what its objective needs.
        guard let each = (try? objective.value(of: recipe, in: menu)) ?? nil else { return "-" }
        let product = each.multipliedReportingOverflow(by: servings)
        return product.overflow ? "-" : String(product.partialValue)
    }

    /// How the search ended, in a sentence.
    private func ending(_ mix: Mix) -> String {
        let text = Catalogue(language)
        switch mix.status {
        case .optimal: return text(.provenOptimal)
        case .timeLimit: return text(.stoppedAtTimeLimit, Self.number(request.timeLimit), mix.gap)
        case .gapTolerance: return text(.stoppedWithinTolerance, Self.number(request.gapTolerance), mix.gap)
        }
    }

    /// `10` for 10.0, `0.5` for 0.5.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `recipe,servings`, a row per recipe of the menu, with a leading
    /// `store` column for a chain.
    func csv(_ mixes: [(store: String?, menu: Menu, mix: Mix)]) -> [String] {
        let isChain = mixes.contains { $0.store != nil }
        return [(isChain ? "store," : "") + "recipe,servings"]
            + mixes.flatMap { store, menu, mix in
                menu.recipes.map { recipe in
                    (store.map { CSV.field($0) + "," } ?? "") + "\(recipe.id),\(mix.servings[recipe.id] ?? 0)"
                }
            }
    }

    /// A mix per store that has one, each ending with the `juice make`
    /// that makes it in that store of `manifestPath`, then the stores that
    /// have none.
    func text(_ stores: [StoreMix], manifestPath: String) -> [String] {
        var lines: [String] = []
        for store in stores {
            guard let mix = store.mix, let menu = store.snapshot.menu else { continue }
            let name = store.snapshot.store.name
            lines.append("\(name):")
            let repeated = " --store \(Output.shellQuoted(name)) --stores \(Output.shellQuoted(manifestPath))"
            lines += text(mix, menu: menu, repeatedArguments: repeated).map { "  " + $0 }
        }
        let failed = stores.filter { $0.mix == nil }.map(\.snapshot.store.name)
        let text = Catalogue(language)
        if lines.isEmpty {
            return [failed.isEmpty ? text(.noStoreToMix) : text(.noStoreMixed, failed.joined(separator: ", "))]
        }
        if !failed.isEmpty {
            lines += ["", text(.notMixed, failed.joined(separator: ", "))]
        }
        return lines
    }

    /// The refusals of the stores whose stock cannot meet `--min`, for
    /// stderr: as a refused `make` says them, under the store's name.
    func refusals(_ stores: [StoreMix]) -> [String] {
        let text = Catalogue(language)
        return stores.filter { !$0.shortages.isEmpty }.flatMap { store in
            let menu = store.snapshot.menu
            return [
                text(.error) + ": "
                    + text(Message(.inStore, "\(store.snapshot.store.name)", "\(text(Message(.minimumsShort)))"))
            ]
                + store.shortages.map {
                    text(
                        .shortLine, menu?.fruitName($0.fruit, for: language) ?? $0.fruit, $0.needed, $0.available,
                        $0.missing)
                }
        }
    }

    func json(_ stores: [StoreMix], manifestDiagnostics: [Diagnostic]) -> BatchMixJSON {
        BatchMixJSON(
            stores: stores.map { store in
                BatchMixJSON.Store(
                    store: store.snapshot.store.name, mix: store.mix.map { MixJSON($0, diagnostics: []) },
                    missing: store.shortages.isEmpty
                        ? nil : Dictionary(uniqueKeysWithValues: store.shortages.map { ($0.fruit, $0.missing) }),
                    diagnostics: store.diagnostics)
            },
            diagnostics: manifestDiagnostics)
    }
}
