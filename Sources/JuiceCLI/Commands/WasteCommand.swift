import ArgumentParser
import JuiceMaker
import JuicePresentation

struct WasteCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "waste",
            abstract: Output.catalogue(.wasteAbstract),
            discussion: Output.catalogue.discussion(
                .wasteDiscussion,
                examples: [
                    "juice waste --expired",
                    "juice waste --expired --dry-run",
                    "juice waste --expired --store north --format json",
                ])
        )
    }

    @Flag(help: ArgumentHelp(Output.catalogue(.expiredFlag)))
    var expired = false

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        guard expired else { throw ValidationError(Output.catalogue(.wasteNeedsExpired)) }
    }

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        let dryRun = options.dryRun
        let done = try session.transact(dryRun: dryRun, making: false) { store, whileWaiting throws(StoreError) in
            try store.throwOutExpired(dryRun: dryRun, whileWaiting: whileWaiting)
        }
        let renderer = TransactionRenderer(menu: session.menu, language: session.language)
        if session.isJSON {
            var json = renderer.json(done, dryRun: dryRun, diagnostics: session.warnings)
            json.sayThrownOut(done, menu: session.menu)
            Output.json(json)
        } else if done.before == done.after {
            if !session.isQuiet { Output.line(Output.catalogue(.nothingExpired)) }
        } else {
            session.answer(done, dryRun: dryRun) { renderer.thrownOut(done) }
        }
    }
}
