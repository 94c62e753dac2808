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
    /// store's files are invalid.
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
        for (store, order) in stores {
            if let order { warn(renderer.minimumWarnings(order, store: store)) }
        }
        let text = Catalogue(options.store.language)
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

    /// Says each supplier under its minimum on stderr, unless the answer is
    /// JSON (where `belowMinimum` says it) or `--quiet`.
    private func warn(_ warnings: [String]) {
        guard format != .json, !options.output.quiet else { return }
        warnings.forEach { Output.errorLine($0) }
    }
}
