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
        ReportRenderer(menu: session.menu, inventory: inventory, language: session.language)
            .write(format, diagnostics: session.warnings, to: Output.standardOutput)
    }

    /// Every store's report, written store by store as the stores are read;
    /// in text, the run's diagnostics (and a note on an unknown `--locale`)
    /// follow on stderr once every store is read.
    private func runBatch(manifest: String) throws(CommandError) {
        var chain = try Chain(manifestPath: manifest, isJSON: format == .json)
        let locale = format == .json ? nil : options.store.locale
        BatchReportRenderer(language: options.store.language)
            .write(format, chain: &chain, locale: locale, to: Output.standardOutput)
        if format != .json {
            LanguageNote.say(for: locale, languages: chain.languages)
            Output.diagnostics(chain.diagnostics)
        }
        try chain.finish()
    }
}
