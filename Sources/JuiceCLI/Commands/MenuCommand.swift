import ArgumentParser
import JuiceMaker
import JuicePresentation

struct MenuCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "menu",
            abstract: Output.catalogue(.menuAbstract),
            discussion: Output.catalogue.discussion(
                .menuDiscussion,
                examples: [
                    "juice menu",
                    "juice menu --locale ko",
                    "juice menu --store gangnam --format json",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatAll)))
    var format: ReportFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        if options.store.inventory != nil {
            throw ValidationError(Output.catalogue(.menuTakesNoInventory))
        }
        try options.chain.requireStore(with: options.store)
    }

    func run() throws(CommandError) {
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, isJSON: format == .json,
            quiet: options.output.quiet)
        let renderer = MenuRenderer(menu: session.menu, language: session.language)
        switch format {
        case .text: renderer.text().forEach { Output.line($0) }
        case .csv: renderer.csv().forEach { Output.line($0) }
        case .markdown: renderer.markdown().forEach { Output.line($0) }
        case .json: Output.json(MenuJSON(menu: session.menu, language: session.language, diagnostics: session.warnings))
        }
    }
}
