import ArgumentParser
import JuiceMaker

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Show the stock and how many servings of each juice can be made now.",
        discussion: """
            For every recipe: the servings the stock allows, the fruits that limit that number, \
            and, when no serving can be made, what one serving lacks. With --stores, the same \
            for every store of a manifest, as a matrix of stores by recipes; a store with \
            invalid files gets its diagnostics, the others are still reported (exit 65). \
            --stores cannot be combined with --menu or --inventory.

            Examples:
              juice report
              juice report --locale ko
              juice report --store gangnam
              juice report --stores recipes/stores.yaml --format csv
            """
    )

    @OptionGroup var options: CommandOptions

    @Option(help: "Output format: text, json, csv or markdown.")
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
