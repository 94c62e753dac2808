import ArgumentParser
import JuiceMaker

struct MenuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: "List the menu: each fruit and recipe with the id to type and its name.",
        discussion: """
            Fruits with their id, display name and initial stock; recipes with their id, display \
            name and what one serving uses. Orders and changes take an id or a display name.

            Examples:
              juice menu
              juice menu --locale ko
              juice menu --store gangnam --format json
            """
    )

    @OptionGroup var options: CommandOptions

    @Option(help: "Output format: text, json, csv or markdown.")
    var format: ReportFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        if options.store.inventory != nil {
            throw ValidationError("juice menu lists a menu: --inventory has no use here")
        }
        try options.chain.requireStore(with: options.store)
    }

    func run() throws(CommandError) {
        let session = try Session(options: options.store, manifestPath: options.chain.stores, isJSON: format == .json)
        let renderer = MenuRenderer(menu: session.menu, language: session.language)
        switch format {
        case .text: renderer.text().forEach { Output.line($0) }
        case .csv: renderer.csv().forEach { Output.line($0) }
        case .markdown: renderer.markdown().forEach { Output.line($0) }
        case .json: Output.json(MenuJSON(menu: session.menu, language: session.language, diagnostics: session.warnings))
        }
    }
}
