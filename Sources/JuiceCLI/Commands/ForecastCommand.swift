import ArgumentParser
import JuiceMaker
import JuicePresentation

extension ForecastMethod: ExpressibleByArgument {}

struct ForecastCommand: ChainCheckedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "forecast",
            abstract: Output.catalogue(.forecastAbstract),
            discussion: Output.catalogue.discussion(
                .forecastDiscussion,
                examples: [
                    "juice forecast",
                    "juice forecast --days 14 --history 56d --method weekday",
                    "juice forecast --format json",
                    "juice forecast --stores recipes/stores.yaml --format csv",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    // Unconditional, as every count of days: `--days -1` is a count to
    // refuse as one, not a missing value before an option `-1`.
    @Option(parsing: .unconditional, help: ArgumentHelp(Output.catalogue(.daysOption), valueName: "N"))
    var days: String = String(ForecastRequest.defaultDays)

    @Option(parsing: .unconditional, help: ArgumentHelp(Output.catalogue(.historyOption), valueName: "Nd"))
    var history: String = "\(ForecastRequest.defaultHistoryDays)d"

    @Option(help: ArgumentHelp(Output.catalogue(.methodOption)))
    var method: ForecastMethod = .auto

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        guard DayCount.parse(days) != nil else { throw ValidationError(Output.catalogue(.notADayCount, days)) }
        guard DayCount.parse(days: history) != nil else {
            throw ValidationError(Output.catalogue(.notAHistory, history))
        }
    }

    /// The request, checked by ``validate()``.
    private var request: ForecastRequest {
        ForecastRequest(
            days: DayCount.parse(days) ?? ForecastRequest.defaultDays,
            historyDays: DayCount.parse(days: history) ?? ForecastRequest.defaultHistoryDays, method: method)
    }

    func run() throws(CommandError) {
        let request = request
        let report = try JournalReport(options: options, isJSON: format == .json) { snapshot in
            snapshot.forecast(request)
        } store: { store throws(StoreError) in
            try store.forecast(request)
        }
        let renderer = ForecastRenderer(
            stores: report.stores.map { ($0.name, $0.menu, $0.value) }, language: report.language)
        try report.write(
            format, quiet: options.output.quiet, text: renderer.text, csv: renderer.csv,
            storeJSON: { ForecastJSON($0, diagnostics: $1) },
            chainJSON: { ChainForecastJSON(renderer, stores: $0, diagnostics: $1) })
    }
}
