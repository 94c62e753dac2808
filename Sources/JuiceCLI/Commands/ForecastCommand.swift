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

    @Option(help: ArgumentHelp(Output.catalogue(.daysOption), valueName: "N"))
    var days: String = String(ForecastRequest.defaultDays)

    @Option(help: ArgumentHelp(Output.catalogue(.historyOption), valueName: "Nd"))
    var history: String = "\(ForecastRequest.defaultHistoryDays)d"

    @Option(help: ArgumentHelp(Output.catalogue(.methodOption)))
    var method: ForecastMethod = .auto

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        guard Self.count(days) != nil else { throw ValidationError(Output.catalogue(.notADayCount, days)) }
        guard history.hasSuffix("d"), Self.count(String(history.dropLast())) != nil else {
            throw ValidationError(Output.catalogue(.notAHistory, history))
        }
    }

    /// A count of days as written, 1 to ``ForecastRequest/maximumDays``
    /// (digits only); `nil` for anything else.
    private static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy(\.isASCII), let value = Int(text), text.first != "+",
            (1...ForecastRequest.maximumDays).contains(value)
        else { return nil }
        return value
    }

    /// The request, checked by ``validate()``.
    private var request: ForecastRequest {
        ForecastRequest(
            days: Self.count(days) ?? ForecastRequest.defaultDays,
            historyDays: Self.count(String(history.dropLast())) ?? ForecastRequest.defaultHistoryDays, method: method)
    }

    func run() throws(CommandError) {
        let request = request
        if let stores = options.chain.stores, options.store.store == nil {
            var chain = try ChainRun(manifestPath: stores, isJSON: format == .json)
            var results: [(name: String?, menu: Menu, forecast: Forecast)] = []
            var found: [Diagnostic] = []
            chain.forEachStore { snapshot in
                (snapshot.menu, snapshot.forecast(request))
            } consume: { summary, result in
                let (menu, (forecast, diagnostics)) = result
                found += diagnostics
                if let menu, let forecast { results.append((summary.store.name, menu, forecast)) }
            }
            let renderer = ForecastRenderer(stores: results, language: options.store.language)
            let diagnostics = chain.diagnostics + found
            try write(renderer, json: ChainForecastJSON(renderer, diagnostics: diagnostics), diagnostics: diagnostics)
            return
        }
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: format == .json,
            quiet: options.output.quiet)
        let forecast: Forecast
        let diagnostics: [Diagnostic]
        do {
            (forecast, diagnostics) = try session.store.forecast(request)
        } catch {
            throw session.failure(error)
        }
        let renderer = ForecastRenderer(stores: [(nil, session.menu, forecast)], language: session.language)
        try write(
            renderer, json: ForecastJSON(forecast, diagnostics: session.warnings + diagnostics),
            diagnostics: diagnostics)
    }

    /// The forecast in the chosen format; exit 65 after it when a file had
    /// an error.
    private func write(_ renderer: ForecastRenderer, json: some Encodable, diagnostics: [Diagnostic])
        throws(CommandError)
    {
        if format != .json { Output.diagnostics(diagnostics, quiet: options.output.quiet) }
        switch format {
        case .text: renderer.text().forEach { Output.line($0) }
        case .csv: renderer.csv().forEach { Output.line($0) }
        case .json: Output.json(json)
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
    }
}
