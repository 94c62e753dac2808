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

    @Option(help: ArgumentHelp(Output.catalogue(.withinOption), valueName: "Nd"))
    var within: String = "\(ExpiringRequest.defaultDays)d"

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    func validate() throws {
        try options.chain.validate(with: options.store)
        guard Self.days(within) != nil else { throw ValidationError(Output.catalogue(.notAWindow, within)) }
    }

    /// `Nd` as written, N from 1 to ``ForecastRequest/maximumDays``
    /// (digits only); `nil` for anything else.
    private static func days(_ text: String) -> Int? {
        guard text.hasSuffix("d") else { return nil }
        let digits = text.dropLast()
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.first != "+", let value = Int(digits),
            (1...ForecastRequest.maximumDays).contains(value)
        else { return nil }
        return value
    }

    func run() throws(CommandError) {
        let request = ExpiringRequest(withinDays: Self.days(within) ?? ExpiringRequest.defaultDays)
        if let stores = options.chain.stores, options.store.store == nil {
            var chain = try ChainRun(manifestPath: stores, isJSON: format == .json)
            var results: [(name: String?, menu: Menu, expiring: Expiring)] = []
            var found: [Diagnostic] = []
            chain.forEachStore { snapshot in
                (snapshot.menu, snapshot.expiring(request))
            } consume: { summary, result in
                let (menu, (expiring, diagnostics)) = result
                found += diagnostics
                if let menu, let expiring { results.append((summary.store.name, menu, expiring)) }
            }
            let renderer = ExpiringRenderer(stores: results, language: options.store.language)
            let diagnostics = chain.diagnostics + found
            try write(renderer, json: ChainExpiringJSON(renderer, diagnostics: diagnostics), diagnostics: diagnostics)
            return
        }
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: format == .json,
            quiet: options.output.quiet)
        let expiring: Expiring
        let diagnostics: [Diagnostic]
        do {
            (expiring, diagnostics) = try session.store.expiring(request)
        } catch {
            throw session.failure(error)
        }
        let renderer = ExpiringRenderer(stores: [(nil, session.menu, expiring)], language: session.language)
        try write(
            renderer, json: ExpiringJSON(expiring, diagnostics: session.warnings + diagnostics),
            diagnostics: diagnostics)
    }

    /// The answer in the chosen format; exit 65 after it when a file had
    /// an error.
    private func write(_ renderer: ExpiringRenderer, json: some Encodable, diagnostics: [Diagnostic])
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
