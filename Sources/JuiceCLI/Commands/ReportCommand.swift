import ArgumentParser
import JuiceMaker
import JuicePresentation

struct ReportCommand: ChainCheckedCommand {
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

    func run() throws(CommandError) {
        if let stores = options.chain.stores, options.store.store == nil {
            try runBatch(manifest: stores)
            return
        }
        var session = try Session(
            options: options.store, manifestPath: options.chain.stores, isJSON: format == .json,
            quiet: options.output.quiet)
        let inventory = try session.readInventory()
        ReportRenderer(
            menu: session.menu, inventory: inventory, language: session.language, today: session.store.today()
        )
        .write(format, diagnostics: session.warnings, to: Output.standardOutput)
    }

    /// Every store's report, written store by store as the stores are read;
    /// in text, the run's diagnostics (and a note on an unknown `--locale`)
    /// follow on stderr once every store is read.
    private func runBatch(manifest: String) throws(CommandError) {
        var chain = try ChainRun(manifestPath: manifest, isJSON: format == .json)
        let locale = format == .json ? nil : options.store.locale
        BatchReportRenderer(language: options.store.language)
            .write(format, chain: &chain, locale: locale, to: Output.standardOutput)
        if format != .json {
            LanguageNote.say(for: locale, languages: chain.languages, quiet: options.output.quiet)
            Output.diagnostics(chain.diagnostics, quiet: options.output.quiet)
        }
        try chain.finish()
    }
}
