import ArgumentParser
import JuiceMaker

struct ReportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "report",
            abstract: Output.catalogue(.reportAbstract),
            discussion: Output.catalogue.discussion(
                .reportDiscussion,
                examples: [
                    "juice report",
                    "juice report --locale ko",
                    "juice report --store gangnam",
                    "juice report --stores recipes/stores.yaml --format csv",
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
            try runBatch(manifest: stores)
            return
        }
        var session = try Session(options: options.store, manifestPath: options.chain.stores, isJSON: format == .json)
        let inventory = try session.readInventory()
        let report = ReportRenderer(menu: session.menu, inventory: inventory, language: session.language)
        switch format {
        case .text: report.text().forEach { Output.line($0) }
        case .csv: report.csv().forEach { Output.line($0) }
        case .markdown: report.markdown().forEach { Output.line($0) }
        case .json: Output.json(report.json(diagnostics: session.warnings))
        }
    }

    private func runBatch(manifest: String) throws(CommandError) {
        let chain = try Chain(manifestPath: manifest, isJSON: format == .json)
        if format != .json { LanguageNote.say(for: options.store.locale, menus: chain.snapshots.compactMap(\.menu)) }
        let report = BatchReportRenderer(chain: chain, language: options.store.language)
        if format != .json { Output.diagnostics(chain.diagnostics) }
        switch format {
        case .text: report.text().forEach { Output.line($0) }
        case .csv: report.csv().forEach { Output.line($0) }
        case .markdown: report.markdown().forEach { Output.line($0) }
        case .json: Output.json(report.json())
        }
        try chain.finish()
    }
}
