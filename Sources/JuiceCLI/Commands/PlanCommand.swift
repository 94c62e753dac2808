import ArgumentParser
import JuiceMaker
import JuicePresentation

struct PlanCommand: ChainCheckedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "plan",
            abstract: Output.catalogue(.planAbstract),
            discussion: Output.catalogue.discussion(
                .planDiscussion,
                examples: [
                    "juice plan strawberryBanana=3",
                    "juice plan strawberryBanana=3 --stores recipes/stores.yaml",
                    "juice plan mango=2 --stores recipes/stores.yaml --format csv",
                ])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.ordersArgument), valueName: "order"), completion: .recipeIDs)
    var orders: [String]

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    func run() throws(CommandError) {
        var requests: [OrderRequest] = []
        for text in orders {
            do {
                requests.append(try OrderRequest(parsing: text))
            } catch {
                throw CommandError(
                    .usage(Output.catalogue(error.message)),
                    context: FailureContext(isJSON: format == .json, catalogue: Output.catalogue))
            }
        }
        if let stores = options.chain.stores, options.store.store == nil {
            try runBatch(manifest: stores, requests: requests)
            return
        }
        var session = try Session(
            options: options.store, manifestPath: options.chain.stores, isJSON: format == .json,
            quiet: options.output.quiet)
        // The orders as typed, whose text the hints name.
        let parsed = try session.parse(orders) { store throws(StoreError) in try store.orders(for: requests) }
        // Of the fruit that has not expired (SPEC 18).
        let list = try session.readInventory().usable(on: session.store.today()).shoppingList(for: parsed)
        let packs = session.menu.packs(toBuy: list)
        let renderer = PlanRenderer(language: session.language)
        switch format {
        case .text: renderer.text(list, packs: packs, menu: session.menu).forEach { Output.line($0) }
        case .csv:
            let withPacks = packs.contains { $0 != nil }
            Output.line(PlanRenderer.csvHeader(withPacks: withPacks))
            renderer.writeCSV(list, packs: packs, withPacks: withPacks, to: Output.standardOutput)
        case .json: Output.json(PlanJSON(list, packs: packs, diagnostics: session.warnings))
        }
    }

    /// Every store's list, written store by store as the stores are read
    /// (in CSV, once all are: whether there is a `buyPacks` column depends
    /// on every store), then the chain's total; in text, the run's
    /// diagnostics follow on stderr once every store is read.
    private func runBatch(manifest: String, requests: [OrderRequest]) throws(CommandError) {
        var chain = try ChainRun(manifestPath: manifest, isJSON: format == .json)
        let out = Output.standardOutput
        let renderer = PlanRenderer(language: options.store.language)
        let format = format
        var perStore: [(store: StoresManifest.Entry, diagnostics: [Diagnostic])] = []
        var failed: [String] = []
        var anyPlanned = false
        var total = ChainShoppingList()
        var rows: [(store: String, list: [Shortage], packs: [Int?])] = []
        var json = format == .json ? renderer.startJSON(manifestDiagnostics: chain.manifestDiagnostics, to: out) : nil
        chain.forEachStore(languagesWanted: format != .json) { snapshot in
            let plan = snapshot.plan(for: requests)
            let part = ByteWriter(reserving: 1 << 10)
            renderer.writeStore(plan, format, to: part)
            return PlannedStore(part: part, plan: plan, packs: snapshot.menu?.packs(toBuy: plan.list) ?? [])
        } consume: { summary, result in
            perStore.append((summary.store, result.plan.diagnostics))
            if result.plan.isPlanned {
                anyPlanned = true
                total.add(result.plan.list, packs: result.packs, menu: result.plan.snapshot.menu)
                if format == .csv { rows.append((summary.store.name, result.plan.list, result.packs)) }
            } else {
                failed.append(summary.store.name)
            }
            if json != nil { json?.add(result.part) } else { out.write(result.part) }
        }
        let text = Catalogue(options.store.language)
        switch format {
        case .text where !anyPlanned:
            out.line(failed.isEmpty ? text(.noStoreToPlan) : text(.noStorePlanned, failed.joined(separator: ", ")))
        case .text:
            out.newline()
            renderer.text(total: total).forEach { out.line($0) }
            if !failed.isEmpty {
                out.newline()
                out.line(text(.notPlanned, failed.joined(separator: ", ")))
            }
        case .csv:
            let withPacks = rows.contains { $0.packs.contains { $0 != nil } }
            out.line("store," + PlanRenderer.csvHeader(withPacks: withPacks))
            for row in rows {
                renderer.writeCSV(
                    row.list, packs: row.packs, withPacks: withPacks, prefix: CSV.field(row.store) + ",", to: out)
            }
            if !rows.isEmpty { renderer.writeCSV(total: total, withPacks: withPacks, to: out) }
        case .json:
            if let json { renderer.endJSON(json, total: total) }
        }
        let diagnostics = chain.stores.diagnostics(perStore: perStore)
        if format != .json {
            LanguageNote.say(for: options.store.locale, languages: chain.languages, quiet: options.output.quiet)
            Output.diagnostics(diagnostics, quiet: options.output.quiet)
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }

    /// What a chain's run makes of one store: its part of the output, its
    /// plan, and the packs to buy for each line of its list.
    private struct PlannedStore: Sendable {
        var part: ByteWriter
        var plan: StorePlan
        var packs: [Int?]
    }
}
