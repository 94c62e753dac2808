import ArgumentParser
import JuiceMaker

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
                    .usage(Output.catalogue(error.message)), context: FailureContext(isJSON: format == .json))
            }
        }
        if let stores = options.chain.stores, options.store.store == nil {
            try runBatch(manifest: stores, requests: requests)
            return
        }
        var session = try Session(options: options.store, manifestPath: options.chain.stores, isJSON: format == .json)
        // Each request beside the order as typed, whose text the hints name.
        let parsed = try session.parse(Array(zip(orders, requests)), word: \.0) { typed throws(OrderError) in
            try session.menu.order(for: typed.1)
        }
        try session.checkTotals(parsed)
        let list = try session.readInventory().shoppingList(for: parsed)
        let renderer = PlanRenderer(language: session.language)
        switch format {
        case .text: renderer.text(list, menu: session.menu).forEach { Output.line($0) }
        case .csv: renderer.csv([(nil, list)]).forEach { Output.line($0) }
        case .json: Output.json(PlanJSON(list, diagnostics: session.warnings))
        }
    }

    private func runBatch(manifest: String, requests: [OrderRequest]) throws(CommandError) {
        let chain = try Chain(manifestPath: manifest, isJSON: format == .json)
        if format != .json { LanguageNote.say(for: options.store.locale, menus: chain.snapshots.compactMap(\.menu)) }
        let plans = chain.snapshots.map { $0.plan(for: requests) }
        let renderer = PlanRenderer(language: options.store.language)
        let diagnostics = chain.manifest.diagnostics(with: plans)
        if format != .json { Output.diagnostics(diagnostics) }
        switch format {
        case .text: renderer.text(plans).forEach { Output.line($0) }
        case .csv:
            renderer.csv(plans.filter(\.isPlanned).map { ($0.snapshot.store.name, $0.list) }).forEach {
                Output.line($0)
            }
        case .json: Output.json(renderer.json(plans, manifestDiagnostics: chain.manifest.diagnostics))
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
