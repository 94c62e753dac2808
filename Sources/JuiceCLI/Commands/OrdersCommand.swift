import ArgumentParser
import JuiceMaker
import JuicePresentation

struct OrdersCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "orders",
            abstract: Output.catalogue(.ordersAbstract),
            discussion: Output.catalogue.discussion(
                .ordersDiscussion,
                examples: [
                    "juice orders",
                    "juice orders --format json",
                    "juice orders --store gangnam --format csv",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        try options.chain.requireStore(with: options.store)
    }

    func run() throws(CommandError) {
        var session = try Session(
            options: options.store, manifestPath: options.chain.stores, isJSON: format == .json,
            quiet: options.output.quiet)
        let open: [OrderBook.Placed]
        do {
            let (book, diagnostics) = try session.store.orderBook()
            session.record(diagnostics)
            open = book.open
        } catch {
            throw session.failure(error)
        }
        let renderer = OrdersRenderer(menu: session.menu, language: session.language)
        switch format {
        case .json: Output.json(OrdersJSON(open, diagnostics: session.warnings))
        case .csv: renderer.csv(open).forEach { Output.line($0) }
        case .text: renderer.text(open).forEach { Output.line($0) }
        }
        // The orders that could be read are listed; the journal is still invalid.
        if session.warnings.containsErrors { throw .shown(.invalidData([])) }
    }
}
