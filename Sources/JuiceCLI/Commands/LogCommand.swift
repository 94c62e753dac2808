import ArgumentParser
import JuiceMaker
import JuicePresentation

struct LogCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "log",
            abstract: Output.catalogue(.logAbstract),
            discussion: Output.catalogue.discussion(
                .logDiscussion,
                examples: [
                    "juice log",
                    "juice log --since 2026-11-22 --kind adjust",
                    "juice log --since 7d --by day",
                    "juice log --fruit banana --format csv",
                    "juice log --store gangnam --format json",
                ])
        )
    }

    @OptionGroup var options: CommandOptions

    @OptionGroup var period: PeriodOptions

    @Option(help: ArgumentHelp(Output.catalogue(.kindOption), valueName: "kind"))
    var kind: JournalEntry.Kind?

    @Option(help: ArgumentHelp(Output.catalogue(.fruitFilter), valueName: "fruit"), completion: .fruitIDs)
    var fruit: String?

    @Option(help: ArgumentHelp(Output.catalogue(.recipeFilter), valueName: "recipe"), completion: .recipeIDs)
    var recipe: String?

    @Option(help: ArgumentHelp(Output.catalogue(.formatTextJSONCSV)))
    var format: TableFormat = .text

    @Option(help: ArgumentHelp(Output.catalogue(.byOption), valueName: "day"))
    var by: PeriodGrouping?

    func validate() throws {
        try options.chain.validate(with: options.store)
        try options.chain.requireStore(with: options.store)
    }

    func run() throws(CommandError) {
        let session = try Session(
            options: options.store, manifestPath: options.chain.stores, forChange: true, isJSON: format == .json,
            quiet: options.output.quiet)
        let fruitID = try fruit.map { name throws(CommandError) in try session.fruitID(name) }
        let recipeID = try recipe.map { name throws(CommandError) in try session.recipeID(name) }
        var renderer = LogRenderer(
            menu: session.menu, language: session.language, format: format, catalogue: Output.catalogue,
            quiet: session.isQuiet, output: { Output.line($0) })
        var days = by == .day ? JournalDays(dayStart: session.store.dayStart) : nil
        if days == nil { renderer.start() }
        let (start, end) = period.bounds(for: session.store.dayStart)
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try session.store.readJournal { entry in
                guard start.map({ entry.time >= $0 }) ?? true, end.map({ entry.time < $0 }) ?? true,
                    kind.map({ entry.kind == $0 }) ?? true, fruitID.map({ entry.changes[$0] != nil }) ?? true,
                    recipeID.map({ entry.orders[$0] != nil }) ?? true
                else { return }
                if days != nil { days?.add(entry) } else { renderer.write(entry) }
            }
        } catch {
            throw session.failure(error)
        }
        if format != .json { Output.diagnostics(diagnostics, quiet: session.isQuiet) }
        // As every other answer in JSON: the menu's warnings too.
        if let days {
            let daily = LogDaysRenderer(menu: session.menu, days: days.days, language: session.language)
            switch format {
            case .text: daily.text().forEach { Output.line($0) }
            case .csv: daily.csv().forEach { Output.line($0) }
            case .json: Output.json(LogDaysJSON(days.days, diagnostics: session.warnings + diagnostics))
            }
        } else {
            renderer.finish(diagnostics: session.warnings + diagnostics)
        }
        if diagnostics.containsErrors {
            // The entries that could be read are listed; the journal is still invalid.
            throw .shown(.invalidData([]))
        }
    }
}
