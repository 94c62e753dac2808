import ArgumentParser
import JuiceMaker

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Show the stock and how many servings of each juice can be made now.",
        discussion: """
            For every recipe: the servings the stock allows, the fruits that limit that number, \
            and, when no serving can be made, what one serving lacks.

            Examples:
              juice report
              juice report --locale ko
              juice report --format json --inventory state/gangnam.yaml
            """
    )

    @OptionGroup var store: StoreOptions

    @Option(help: "Output format: text, json, csv or markdown.")
    var format: ReportFormat = .text

    func run() throws {
        var session = try Session(options: store, isJSON: format == .json)
        let inventory = try session.readInventory()
        let report = ReportRenderer(menu: session.menu, inventory: inventory, language: session.language)
        switch format {
        case .text: report.text().forEach { Output.line($0) }
        case .csv: report.csv().forEach { Output.line($0) }
        case .markdown: report.markdown().forEach { Output.line($0) }
        case .json: Output.json(report.json(diagnostics: session.warnings))
        }
    }
}
