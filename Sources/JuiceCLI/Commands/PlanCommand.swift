import ArgumentParser
import JuiceMaker
import JuicePresentation

struct PlanCommand: ParsableCommand {
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

    func validate() throws {
        try options.chain.validate(with: options.store)
    }

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
        let list = try session.readInventory().shoppingList(for: parsed)
        let renderer = PlanRenderer(language: session.language)
        switch format {
        case .text: renderer.text(list, menu: session.menu).forEach { Output.line($0) }
        case .csv:
            Output.line(PlanRenderer.csvHeader)
            renderer.writeCSV(list, to: Output.standardOutput)
        case .json: Output.json(PlanJSON(list, diagnostics: session.warnings))
        }
    }

    /// Every store's list, written store by store as the stores are read;
    /// in text, the run's diagnostics follow on stderr once every store is
    /// read.
    private func runBatch(manifest: String, requests: [OrderRequest]) throws(CommandError) {
        var chain = try Chain(manifestPath: manifest, isJSON: format == .json)
        let out = Output.standardOutput
        let renderer = PlanRenderer(language: options.store.language)
        let format = format
        var perStore: [(store: StoreChain.Store, diagnostics: [Diagnostic])] = []
        var failed: [String] = []
        var first = true
        switch format {
        case .text: break
        case .csv: out.line("store," + PlanRenderer.csvHeader)
        case .json:
            out.write(byte: UInt8(ascii: "{"))
            out.writeJSONKey("diagnostics", level: 1, first: true)
            out.writeJSON(chain.manifestDiagnostics, level: 1, catalogue: Catalogue(options.store.language))
            out.writeJSONKey("stores", level: 1)
            out.write(byte: UInt8(ascii: "["))
        }
        chain.forEachStore(languagesWanted: format != .json) { snapshot in
            let plan = snapshot.plan(for: requests)
            let part = ByteWriter(reserving: 1 << 10)
            renderer.writeStore(plan, format, to: part)
            return (part, plan.isPlanned, plan.diagnostics)
        } consume: { summary, result in
            let (part, isPlanned, diagnostics) = result
            perStore.append((summary.store, diagnostics))
            if !isPlanned { failed.append(summary.store.name) }
            if format == .json { out.write(first ? "\n" : ",\n") }
            if format == .json || isPlanned { first = false }
            out.write(part)
        }
        let text = Catalogue(options.store.language)
        switch format {
        case .text where first:
            out.line(failed.isEmpty ? text(.noStoreToPlan) : text(.noStorePlanned, failed.joined(separator: ", ")))
        case .text where !failed.isEmpty:
            out.newline()
            out.line(text(.notPlanned, failed.joined(separator: ", ")))
        case .json:
            out.write(first ? "\n\n" : "\n")
            out.writeIndent(1)
            out.write("]\n}")
            out.newline()
        default: break
        }
        let diagnostics = chain.stores.diagnostics(perStore: perStore)
        if format != .json {
            LanguageNote.say(for: options.store.locale, languages: chain.languages, quiet: options.output.quiet)
            Output.diagnostics(diagnostics, quiet: options.output.quiet)
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
