import ArgumentParser
import JuiceMaker
import JuicePresentation

struct ExpiringCommand: ChainCheckedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "expiring",
            abstract: Output.catalogue(.expiringAbstract),
            discussion: Output.catalogue.discussion(
                .expiringDiscussion,
                examples: [
                    "juice expiring",
                    "juice expiring --within 5d --format json",
                    "juice expiring --stores recipes/stores.yaml --format csv",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    // Unconditional: `--within -1d` is a window to refuse as one, not a
    // missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp(Output.catalogue(.withinOption), valueName: "Nd"))
    var within: String = "\(ExpiringRequest.defaultDays)d"

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        guard DayCount.parse(days: within) != nil else { throw ValidationError(Output.catalogue(.notAWindow, within)) }
    }

    func run() throws(CommandError) {
        let request = ExpiringRequest(withinDays: DayCount.parse(days: within) ?? ExpiringRequest.defaultDays)
        let report = try JournalReport(options: options, isJSON: format == .json) { snapshot in
            snapshot.expiring(request)
        } store: { store throws(StoreError) in
            try store.expiring(request)
        }
        let renderer = ExpiringRenderer(
            stores: report.stores.map { ($0.name, $0.menu, $0.value) }, language: report.language)
        try report.write(
            format, quiet: options.output.quiet, text: renderer.text, csv: renderer.csv,
            storeJSON: { ExpiringJSON($0, diagnostics: $1) },
            chainJSON: { ChainExpiringJSON(renderer, stores: $0, diagnostics: $1) })
    }
}
