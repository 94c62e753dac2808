import ArgumentParser
import JuiceMaker
import JuicePresentation

struct UsageCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "usage",
            abstract: Output.catalogue(.usageAbstract),
            discussion: Output.catalogue.discussion(
                .usageDiscussion,
                examples: [
                    "juice usage --since 2026-11-22",
                    "juice usage --since 7d --by day",
                    "juice usage --since 2026-11-01 --until 2026-12-01 --format json",
                    "juice usage --stores recipes/stores.yaml --format csv",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @OptionGroup var period: PeriodOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    @Option(help: ArgumentHelp(Output.catalogue(.byOption), valueName: "day"))
    var by: PeriodGrouping?

    func validate() throws {
        try options.chain.validate(with: options.store)
    }

    func run() throws(CommandError) {
        if let stores = options.chain.stores, options.store.store == nil {
            try by == .day ? runChainByDay(manifestPath: stores) : runChain(manifestPath: stores)
            return
        }
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: format == .json,
            quiet: options.output.quiet)
        if by == .day {
            let days: [(day: String, usage: Usage)]
            let diagnostics: [Diagnostic]
            do {
                (days, diagnostics) = try session.store.usageByDay(since: period.start, until: period.end)
            } catch {
                throw session.failure(error)
            }
            let renderer = DailyUsageRenderer(stores: [(nil, days)], menu: session.menu, language: session.language)
            try write(
                text: renderer.text, csv: renderer.csv,
                json: DailyUsageJSON(days, diagnostics: session.warnings + diagnostics), diagnostics: diagnostics)
            return
        }
        let usage: Usage
        let diagnostics: [Diagnostic]
        do {
            (usage, diagnostics) = try session.store.usage(since: period.start, until: period.end)
        } catch {
            throw session.failure(error)
        }
        let renderer = UsageRenderer(stores: [(nil, usage)], menu: session.menu, language: session.language)
        try write(
            text: renderer.text, csv: renderer.csv,
            json: UsageJSON(usage, diagnostics: session.warnings + diagnostics), diagnostics: diagnostics)
    }

    private func runChain(manifestPath: String) throws(CommandError) {
        let chain = try Chain(manifestPath: manifestPath, isJSON: format == .json)
        let (stores, diagnostics) = chain.stores.usage(since: period.start, until: period.end)
        let renderer = UsageRenderer(
            stores: stores.map { ($0.name, $0.usage) }, menu: nil, language: options.store.language)
        try write(
            text: renderer.text, csv: renderer.csv, json: ChainUsageJSON(stores: stores, diagnostics: diagnostics),
            diagnostics: diagnostics)
    }

    private func runChainByDay(manifestPath: String) throws(CommandError) {
        let chain = try Chain(manifestPath: manifestPath, isJSON: format == .json)
        let (stores, diagnostics) = chain.stores.usageByDay(since: period.start, until: period.end)
        let renderer = DailyUsageRenderer(
            stores: stores.map { ($0.name, $0.days) }, menu: nil, language: options.store.language)
        try write(
            text: renderer.text, csv: renderer.csv, json: ChainDailyUsageJSON(renderer, diagnostics: diagnostics),
            diagnostics: diagnostics)
    }

    /// The usage in the chosen format; exit 65 after it when a journal had
    /// an error.
    private func write(
        text: () -> [String], csv: () -> [String], json: some Encodable, diagnostics: [Diagnostic]
    ) throws(CommandError) {
        if format != .json { Output.diagnostics(diagnostics, quiet: options.output.quiet) }
        switch format {
        case .text: text().forEach { Output.line($0) }
        case .csv: csv().forEach { Output.line($0) }
        case .json: Output.json(json)
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
