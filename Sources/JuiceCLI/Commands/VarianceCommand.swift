import ArgumentParser
import JuiceMaker
import JuicePresentation

struct VarianceCommand: ChainCheckedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "variance",
            abstract: Output.catalogue(.varianceAbstract),
            discussion: Output.catalogue.discussion(
                .varianceDiscussion,
                examples: [
                    "juice variance --since today",
                    "juice variance --since 7d --format markdown",
                    "juice variance --stores recipes/stores.yaml --since yesterday --until today --format csv",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @OptionGroup var period: PeriodOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatAll)))
    var format: ReportFormat = .text

    func run() throws(CommandError) {
        let period = period.period
        if let stores = options.chain.stores, options.store.store == nil {
            var chain = try ChainRun(manifestPath: stores, isJSON: format == .json)
            var results: [(name: String?, menu: Menu, variance: Variance)] = []
            var chainStores: ChainStores<Variance> = []
            var found: [Diagnostic] = []
            chain.forEachStore { snapshot in
                let (start, end) = period.bounds(dayStart: snapshot.dayStart)
                return (snapshot.menu, snapshot.variance(since: start, until: end))
            } consume: { summary, result in
                let (menu, (variance, diagnostics)) = result
                found += diagnostics
                // A store is read when it has both; else its JSON lists it as not read.
                let read = menu.flatMap { menu in variance.map { (menu: menu, variance: $0) } }
                chainStores.append((summary.store.name, read?.variance))
                if let read { results.append((summary.store.name, read.menu, read.variance)) }
            }
            let renderer = VarianceRenderer(stores: results, language: options.store.language)
            let diagnostics = chain.diagnostics + found
            let json = ChainVarianceJSON(renderer, stores: chainStores, diagnostics: diagnostics)
            try write(renderer, json: json, diagnostics: diagnostics)
            return
        }
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: format == .json,
            quiet: options.output.quiet)
        let variance: Variance
        let diagnostics: [Diagnostic]
        do {
            let (start, end) = period.bounds(dayStart: session.store.dayStart)
            (variance, diagnostics) = try session.store.variance(since: start, until: end)
        } catch {
            throw session.failure(error)
        }
        let renderer = VarianceRenderer(stores: [(nil, session.menu, variance)], language: session.language)
        try write(
            renderer, json: VarianceJSON(variance, diagnostics: session.warnings + diagnostics),
            diagnostics: diagnostics)
    }

    /// The variance in the chosen format; exit 65 after it when a file had
    /// an error.
    private func write(_ renderer: VarianceRenderer, json: some Encodable, diagnostics: [Diagnostic])
        throws(CommandError)
    {
        if format != .json { Output.diagnostics(diagnostics, quiet: options.output.quiet) }
        switch format {
        case .text: renderer.text().forEach { Output.line($0) }
        case .markdown: renderer.markdown().forEach { Output.line($0) }
        case .csv: renderer.csv().forEach { Output.line($0) }
        case .json: Output.json(json)
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
