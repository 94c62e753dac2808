import ArgumentParser
import JuiceMaker
import JuicePresentation

struct CountCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "count",
            abstract: Output.catalogue(.countAbstract),
            discussion: Output.catalogue.discussion(
                .countDiscussion,
                examples: [
                    "juice count banana=12 kiwi=4",
                    "juice count --all",
                    "juice count mango=7 --store gangnam --format json",
                ])
        )
    }

    @Argument(
        help: ArgumentHelp(Output.catalogue(.countsArgument), valueName: "count"),
        completion: .fruitChanges)
    var counts: [String] = []

    @Flag(help: ArgumentHelp(Output.catalogue(.allFlag)))
    var all = false

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        if counts.isEmpty, !all {
            throw ValidationError(Output.catalogue(.noCount))
        }
        if all, !CountPrompt.isAvailable {
            throw ValidationError(Output.catalogue(.allNeedsTerminal))
        }
    }

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        let named = try session.parse(counts) { store throws(StoreError) in try store.counts(parsing: counts) }
        var counted = named
        if all {
            let stock = try session.readInventory()
            let prompt = CountPrompt(menu: session.menu, language: session.language)
            guard let answers = prompt.ask(defaults: { named[$0] ?? stock[$0] }) else {
                throw CommandError(.usage(Output.catalogue(.countCancelled)), context: session.context)
            }
            counted = answers
        }
        let dryRun = options.dryRun
        let done = try session.transact(dryRun: dryRun, making: false) { store, whileWaiting throws(StoreError) in
            try store.count(counted, dryRun: dryRun, whileWaiting: whileWaiting)
        }
        session.answer(done, dryRun: dryRun) {
            TransactionRenderer(menu: session.menu, language: session.language).changed(counted, done)
        }
    }
}
