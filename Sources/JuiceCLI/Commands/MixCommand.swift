import ArgumentParser
import JuiceMaker
import JuiceMix
import JuicePresentation

struct MixCommand: ChainCheckedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mix",
            abstract: Output.catalogue(.mixAbstract),
            discussion: Output.catalogue.discussion(
                .mixDiscussion,
                examples: [
                    "juice mix",
                    "juice mix --objective revenue --menu recipes/prices.yaml",
                    "juice mix --min mango=2 --max banana=3",
                    "juice mix --stores recipes/stores.yaml --format csv",
                ])
        )
    }

    @OptionGroup var mix: MixOptions

    @OptionGroup var options: CommandOptions

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    func run() throws(CommandError) {
        let context = FailureContext(
            isJSON: format == .json, language: options.store.language, catalogue: Output.catalogue)
        try mix.check(context: context)
        let bounds = try MixBounds(mix, context: context)
        if let stores = options.chain.stores, options.store.store == nil {
            try runBatch(manifest: stores, bounds: bounds)
            return
        }
        var session = try Session(
            options: options.store, manifestPath: options.chain.stores, isJSON: format == .json,
            quiet: options.output.quiet)
        var request: MixRequest
        do {
            request = try bounds.request(for: session.menu, mix.request)
        } catch {
            throw CommandError(.usage(error.message), context: session.context)
        }
        request.today = session.store.today()
        let inventory = try session.readInventory()
        let best: Mix
        do {
            best = try session.menu.bestMix(from: inventory, request)
        } catch {
            throw CommandError(Failure(error, catalogue: Output.catalogue), context: session.context)
        }
        let renderer = MixRenderer(language: session.language, request: request)
        switch format {
        case .text:
            renderer.text(best, menu: session.menu, repeatedArguments: session.repeatedArguments)
                .forEach { Output.line($0) }
        case .csv: renderer.csv([(nil, session.menu, best)]).forEach { Output.line($0) }
        case .json: Output.json(MixJSON(best, diagnostics: session.warnings))
        }
    }

    private func runBatch(manifest: String, bounds: MixBounds) throws(CommandError) {
        var chain = try ChainRun(manifestPath: manifest, isJSON: format == .json)
        let request = mix.request
        var mixes: [StoreMix] = []
        chain.forEachStore(languagesWanted: format != .json) { snapshot in
            StoreMix.mix(snapshot, bounds: bounds, request: request)
        } consume: { _, mix in
            mixes.append(mix)
        }
        if format != .json {
            LanguageNote.say(for: options.store.locale, languages: chain.languages, quiet: options.output.quiet)
        }
        let renderer = MixRenderer(language: options.store.language, request: mix.request)
        let diagnostics = chain.stores.diagnostics(perStore: mixes.map { ($0.snapshot.store, $0.diagnostics) })
        if format != .json {
            Output.diagnostics(diagnostics, quiet: options.output.quiet)
            renderer.refusals(mixes).forEach { Output.errorLine($0) }
        }
        switch format {
        case .text: renderer.text(mixes, manifestPath: manifest).forEach { Output.line($0) }
        case .csv:
            renderer.csv(
                mixes.compactMap { store in
                    guard let mix = store.mix, let menu = store.snapshot.menu else { return nil }
                    return (store.snapshot.store.name, menu, mix)
                }
            ).forEach { Output.line($0) }
        case .json: Output.json(renderer.json(mixes, manifestDiagnostics: chain.manifestDiagnostics))
        }
        if diagnostics.containsErrors { throw .shown(.invalidData([])) }
        if mixes.contains(where: { !$0.shortages.isEmpty }) { throw .shown(.minimumsShort([])) }
    }
}
