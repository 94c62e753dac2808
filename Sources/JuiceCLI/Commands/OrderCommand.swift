import ArgumentParser
import JuiceMaker
import JuicePresentation

struct OrderCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "order",
            abstract: Output.catalogue(.orderAbstract),
            discussion: Output.catalogue.discussion(
                .orderDiscussion,
                examples: [
                    "juice order",
                    "juice order --format json > order.json",
                    "juice order --store gangnam --format markdown",
                    "juice order --stores recipes/stores.yaml --format csv",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatAll)))
    var format: ReportFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
    }

    func run() throws(CommandError) {
        if let stores = options.chain.stores, options.store.store == nil {
            try runChain(manifestPath: stores)
            return
        }
        var session = try Session(
            options: options.store, manifestPath: options.chain.stores, isJSON: format == .json,
            quiet: options.output.quiet)
        let order = SupplyOrder(menu: session.menu, inventory: try session.readInventory())
        let renderer = SupplyOrderRenderer(language: session.language)
        if let reason = renderer.beyondCounting(order) {
            throw CommandError(.totalAboveMaximum(reason), context: session.context)
        }
        warn(renderer.minimumWarnings(order))
        switch format {
        case .text: renderer.text(order).forEach { Output.line($0) }
        case .csv: ([SupplyOrderRenderer.csvHeader] + renderer.csv(order)).forEach { Output.line($0) }
        case .markdown: renderer.markdown(order).forEach { Output.line($0) }
        case .json:
            Output.json(SupplyOrderJSON(order, language: session.language, diagnostics: session.warnings))
        }
    }

    /// Every store's order and the chain's total; in text, the run's
    /// diagnostics follow on stderr. Exit 65 after the answer when a
    /// store's files are invalid; exit 1 (`above-maximum`), with no answer,
    /// when a store's or the total's packs or cost cannot be counted.
    private func runChain(manifestPath: String) throws(CommandError) {
        var chain = try Chain(manifestPath: manifestPath, isJSON: format == .json)
        let renderer = SupplyOrderRenderer(language: options.store.language)
        var stores: [(store: String, order: SupplyOrder?)] = []
        chain.forEachStore(languagesWanted: format != .json) {
            $0.supplyOrder
        } consume: { summary, order in
            stores.append((summary.store.name, order))
        }
        let total = SupplyOrder.total(of: stores.compactMap(\.order))
        let text = Catalogue(options.store.language)
        let sayings = stores.compactMap { store, order in order.map { ($0, store) } } + [(total, text(.chainTotal))]
        if let reason = sayings.lazy.compactMap({ renderer.beyondCounting($0, store: $1) }).first {
            throw CommandError(
                .totalAboveMaximum(reason),
                context: FailureContext(isJSON: format == .json, catalogue: Output.catalogue))
        }
        for (order, store) in sayings { warn(renderer.minimumWarnings(order, store: store)) }
        let failed = stores.filter { $0.order == nil }.map(\.store)
        switch format {
        case .text where failed.count == stores.count:
            Output.line(stores.isEmpty ? text(.noStoreToOrder) : text(.noStoreOrdered, failed.joined(separator: ", ")))
        case .text:
            renderer.text(stores: stores, total: total).forEach { Output.line($0) }
            if !failed.isEmpty { Output.line("\n" + text(.notOrdered, failed.joined(separator: ", "))) }
        case .csv: renderer.csv(stores: stores, total: total).forEach { Output.line($0) }
        case .markdown: renderer.markdown(stores: stores, total: total).forEach { Output.line($0) }
        case .json:
            Output.json(
                ChainSupplyOrderJSON(
                    stores: stores, total: total, language: options.store.language, diagnostics: chain.diagnostics))
        }
        if format != .json {
            LanguageNote.say(for: options.store.locale, languages: chain.languages, quiet: options.output.quiet)
            Output.diagnostics(chain.diagnostics, quiet: options.output.quiet)
        }
        try chain.finish()
    }

    /// Says each supplier under its minimum (a chain's total's too) on stderr, unless the answer is
    /// JSON (where `belowMinimum` says it) or `--quiet`.
    private func warn(_ warnings: [String]) {
        guard format != .json, !options.output.quiet else { return }
        warnings.forEach { Output.errorLine($0) }
    }
}
