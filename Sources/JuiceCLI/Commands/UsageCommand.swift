import ArgumentParser
import JuiceMaker
import JuicePresentation

struct UsageCommand: ChainCheckedCommand {
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
                    "juice usage --since today --format markdown",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @OptionGroup var period: PeriodOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatAll)))
    var format: ReportFormat = .text

    @Option(help: ArgumentHelp(Output.catalogue(.byOption), valueName: "day"))
    var by: PeriodGrouping?

    func run() throws(CommandError) {
        if let stores = options.chain.stores, options.store.store == nil {
            try by == .day ? runChainByDay(manifestPath: stores) : runChain(manifestPath: stores)
            return
        }
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: format == .json,
            quiet: options.output.quiet)
        let usage: StoreUsage
        do {
            usage = try StoreUsage(
                session.store, period: period.period, byDay: by == .day, language: session.language)
        } catch {
            switch error {
            case .store(let error): throw session.failure(error)
            case .overflow(let overflow):
                throw CommandError(
                    StoreUsage.Problem.aboveMaximum(overflow, catalogue: Output.catalogue), context: session.context)
            }
        }
        let json = usage.json(warnings: session.warnings)
        switch usage.renderer {
        case .period(let renderer):
            try write(
                text: renderer.text, markdown: renderer.markdown, csv: renderer.csv, json: json,
                diagnostics: usage.diagnostics)
        case .days(let renderer):
            try write(
                text: renderer.text, markdown: renderer.markdown, csv: renderer.csv, json: json,
                diagnostics: usage.diagnostics)
        }
    }

    private func runChain(manifestPath: String) throws(CommandError) {
        let chain = try ChainRun(manifestPath: manifestPath, isJSON: format == .json)
        let (stores, diagnostics) = chain.stores.usage(in: period.period)
        let read = Self.read(stores.map { (name: $0.name, menu: $0.menu, value: $0.usage) }, in: chain)
        let renderer = try priced { () throws(UsageMoney.Overflow) in
            try UsageRenderer(
                stores: read.map { ($0.name, $0.menu, $0.value) }, menu: nil, language: options.store.language)
        }
        let found = diagnostics + renderer.missingPricesAndCosts(menuPaths: read.map(\.menuPath))
        try write(
            text: renderer.text, markdown: renderer.markdown, csv: renderer.csv,
            json: ChainUsageJSON(renderer, stores: stores.map { ($0.name, $0.usage) }, diagnostics: found),
            diagnostics: found)
    }

    private func runChainByDay(manifestPath: String) throws(CommandError) {
        let chain = try ChainRun(manifestPath: manifestPath, isJSON: format == .json)
        let (stores, diagnostics) = chain.stores.usageByDay(in: period.period)
        let read = Self.read(stores.map { (name: $0.name, menu: $0.menu, value: $0.days) }, in: chain)
        let renderer = try priced { () throws(UsageMoney.Overflow) in
            try DailyUsageRenderer(
                stores: read.map { ($0.name, $0.menu, $0.value) }, menu: nil, language: options.store.language)
        }
        let found = diagnostics + renderer.missingPricesAndCosts(menuPaths: read.map(\.menuPath))
        try write(
            text: renderer.text, markdown: renderer.markdown, csv: renderer.csv,
            json: ChainDailyUsageJSON(renderer, stores: stores.map { ($0.name, $0.days) }, diagnostics: found),
            diagnostics: found)
    }

    /// The stores whose journals were read, of `stores` (every store of
    /// `chain`'s manifest, in its order), each with the menu the manifest
    /// names for it: where its missing prices are said.
    private static func read<Value>(_ stores: [(name: String, menu: Menu?, value: Value?)], in chain: ChainRun)
        -> [(name: String, menu: Menu?, value: Value, menuPath: String)]
    {
        zip(stores, chain.stores.stores).compactMap { store, entry in
            store.value.map { (store.name, store.menu, $0, entry.menuPath) }
        }
    }

    /// The chain's renderer `make` makes, or the command refused (exit 1,
    /// `above-maximum`) when a figure in money passes what 128 bits hold.
    private func priced<Renderer>(_ make: () throws(UsageMoney.Overflow) -> Renderer) throws(CommandError)
        -> Renderer
    {
        do {
            return try make()
        } catch {
            throw CommandError(StoreUsage.Problem.aboveMaximum(error, catalogue: Output.catalogue), context: nil)
        }
    }

    /// The usage in the chosen format; exit 65 after it when a journal had
    /// an error.
    private func write(
        text: () -> [String], markdown: () -> [String], csv: () -> [String], json: some Encodable,
        diagnostics: [Diagnostic]
    ) throws(CommandError) {
        if format != .json { Output.diagnostics(diagnostics, quiet: options.output.quiet) }
        switch format {
        case .text: text().forEach { Output.line($0) }
        case .markdown: markdown().forEach { Output.line($0) }
        case .csv: csv().forEach { Output.line($0) }
        case .json: Output.json(json)
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
