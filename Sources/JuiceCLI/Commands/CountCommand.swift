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
                    "juice count --all --blind",
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

    @Flag(help: ArgumentHelp(Output.catalogue(.blindFlag)))
    var blind = false

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        if blind, !all {
            throw ValidationError(Output.catalogue(.blindNeedsAll))
        }
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
        let prompt = CountPrompt(menu: session.menu, language: session.language)
        if all, blind {
            guard let answers = prompt.askBlind(given: named) else {
                throw CommandError(.usage(Output.catalogue(.countCancelled)), context: session.context)
            }
            let uncounted = session.menu.fruits.filter { answers[$0.id] == nil }
            guard uncounted.count < session.menu.fruits.count else {
                throw CommandError(.usage(Output.catalogue(.nothingCounted)), context: session.context)
            }
            if !uncounted.isEmpty {
                let names = uncounted.map { $0.displayName(for: session.language).controlsEscaped }.joined(
                    separator: ", ")
                Output.note(Output.catalogue(.leftUncounted, names), quiet: false)
            }
            counted = answers
        } else if all {
            let stock = try session.readInventory()
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
