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
                    "juice order --place",
                    "juice order --place --format json > order.json",
                    "juice order --forecast",
                    "juice order --forecast --safety 0.3 --format json > order.json",
                    "juice order --store gangnam --format markdown",
                    "juice order --stores recipes/stores.yaml --format csv",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatAll)))
    var format: ReportFormat = .text

    @Flag(help: ArgumentHelp(Output.catalogue(.placeFlag)))
    var place = false

    @Flag(help: ArgumentHelp(Output.catalogue(.forecastFlag)))
    var forecast = false

    // Unconditional: `--safety -1` is a fraction to refuse as one, not a
    // missing value before an option `-1`.
    @Option(parsing: .unconditional, help: ArgumentHelp(Output.catalogue(.safetyOption), valueName: "fraction"))
    var safety: String?

    func validate() throws {
        try options.chain.validate(with: options.store)
        if place { try options.chain.requireStore(with: options.store) }
    }

    /// How the order is sized: by the forecast with its safety margin, or
    /// to par; `--safety` without `--forecast`, or out of range, is a
    /// usage error.
    private func sizing(context: FailureContext) throws(CommandError) -> OrderSizing {
        guard forecast else {
            if safety != nil { throw CommandError(.usage(Output.catalogue(.safetyWithoutForecast)), context: context) }
            return .par
        }
        guard let safety else { return .forecast(safety: OrderSizing.defaultSafety) }
        guard let value = Double(safety), value.isFinite, (0...OrderSizing.maximumSafety).contains(value) else {
            throw CommandError(.usage(Output.catalogue(.invalidSafety, safety)), context: context)
        }
        return .forecast(safety: value)
    }

    func run() throws(CommandError) {
        let sizing = try sizing(
            context: FailureContext(
                isJSON: format == .json, language: options.store.language, catalogue: Output.catalogue))
        if let stores = options.chain.stores, options.store.store == nil {
            try runChain(manifestPath: stores, sizing: sizing)
            return
        }
        var session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: place, isJSON: format == .json,
            quiet: options.output.quiet)
        let renderer = SupplyOrderRenderer(language: session.language)
        if place {
            try placeOrder(&session, sizing: sizing, renderer: renderer)
            return
        }
        let order = try session.supplyOrder(sizing)
        if let reason = renderer.beyondCounting(order) {
            throw CommandError(.totalAboveMaximum(reason), context: session.context)
        }
        warn(renderer.minimumWarnings(order))
        say(order, session: session, renderer: renderer)
        // A journal line that cannot be read may hide an order placed or
        // received: the proposal is said, and the journal is still invalid.
        if session.warnings.containsErrors { throw .shown(.invalidData([])) }
    }

    /// Says `order` in the format asked.
    private func say(_ order: SupplyOrder, session: Session, renderer: SupplyOrderRenderer) {
        switch format {
        case .text: renderer.text(order).forEach { Output.line($0) }
        case .csv: ([SupplyOrderRenderer.csvHeader(of: order)] + renderer.csv(order)).forEach { Output.line($0) }
        case .markdown: renderer.markdown(order).forEach { Output.line($0) }
        case .json:
            Output.json(SupplyOrderJSON(order, language: session.language, diagnostics: session.warnings))
        }
    }

    /// Records what to order now as placed (SPEC 16) and says it: in JSON
    /// with `"order"`, the entry's id (`null` with nothing to order, when
    /// nothing is written); in text after a line naming the order.
    private func placeOrder(_ session: inout Session, sizing: OrderSizing, renderer: SupplyOrderRenderer)
        throws(CommandError)
    {
        let placing: (order: SupplyOrder, transaction: StoreTransaction?)
        do {
            placing = try session.store.placeOrder(sizing) { [session] in
                if format != .json, let lockPath = session.store.lockPath {
                    Output.note(Output.catalogue(.waitingForLock, lockPath), quiet: options.output.quiet)
                }
            }
        } catch {
            throw session.failure(error)
        }
        session.record(placing.transaction?.diagnostics ?? [])
        if let reason = renderer.beyondCounting(placing.order) {
            throw CommandError(.totalAboveMaximum(reason), context: session.context)
        }
        let id = placing.transaction?.entries.last?.id
        let shown = placing.order
        switch format {
        case .json:
            Output.json(
                PlacedOrderJSON(
                    SupplyOrderJSON(shown, language: session.language, diagnostics: session.warnings), order: id))
        case .text where id == nil:
            Output.line(Output.catalogue(.nothingPlaced))
        default:
            warn(renderer.minimumWarnings(shown))
            // In CSV and markdown the id goes to stderr: the table stays a table.
            if let id {
                let line = Output.catalogue(.orderPlacedLine, id)
                if format == .text { Output.line(line) } else { Output.note(line, quiet: options.output.quiet) }
            }
            say(shown, session: session, renderer: renderer)
        }
    }

    /// Every store's order and the chain's total; in text, the run's
    /// diagnostics follow on stderr. Exit 65 after the answer when a
    /// store's files are invalid; exit 1 (`above-maximum`), with no answer,
    /// when a store's or the total's packs or cost cannot be counted.
    private func runChain(manifestPath: String, sizing: OrderSizing) throws(CommandError) {
        var chain = try ChainRun(manifestPath: manifestPath, isJSON: format == .json)
        let renderer = SupplyOrderRenderer(language: options.store.language)
        var stores: ChainStores<SupplyOrder> = []
        // Each store's open orders count, as in a store's own order.
        let (onOrder, journalProblems) = chain.stores.onOrder()
        chain.record(journalProblems)
        var forecastProblems: [Diagnostic] = []
        chain.forEachStore(languagesWanted: format != .json) {
            $0.supplyOrder(sizing, onOrder: onOrder[$0.store.name] ?? [:])
        } consume: { summary, answer in
            stores.append((summary.store.name, answer.order))
            forecastProblems += answer.diagnostics
        }
        // The forecast reads each journal again: the same problems once.
        chain.record(forecastProblems.filter { !journalProblems.contains($0) })
        var total = SupplyOrder.total(of: stores.compactMap(\.answer))
        // Said even when no store's order could be made.
        if case .forecast(let safety) = sizing { total.safety = safety }
        let text = Catalogue(options.store.language)
        let sayings = stores.compactMap { store, order in order.map { ($0, store) } } + [(total, text(.chainTotal))]
        if let reason = sayings.lazy.compactMap({ renderer.beyondCounting($0, store: $1) }).first {
            throw CommandError(
                .totalAboveMaximum(reason),
                context: FailureContext(isJSON: format == .json, catalogue: Output.catalogue))
        }
        for (order, store) in sayings { warn(renderer.minimumWarnings(order, store: store)) }
        let failed = stores.filter { $0.answer == nil }.map(\.store)
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
