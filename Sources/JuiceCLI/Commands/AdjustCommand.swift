import ArgumentParser
import JuiceMaker
import JuicePresentation

struct AdjustCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "adjust",
            abstract: Output.catalogue(.adjustAbstract),
            discussion: Output.catalogue.discussion(
                .adjustDiscussion,
                examples: [
                    "juice adjust strawberry=+6",
                    "juice adjust kiwi=-2 mango=20",
                    "juice adjust banana=+10 --dry-run --format json",
                    "juice adjust --prune",
                ])
        )
    }

    @Argument(
        help: ArgumentHelp(Output.catalogue(.changesArgument), valueName: "change"),
        completion: .fruitChanges)
    var changes: [String] = []

    @Flag(
        help: ArgumentHelp(
            Output.catalogue(.pruneFlag), discussion: Output.catalogue(.pruneDiscussion)))
    var prune = false

    @Option(help: ArgumentHelp(Output.catalogue(.reasonOption), valueName: "reason"))
    var reason: JournalEntry.Reason = .correction

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        if changes.isEmpty, !prune {
            throw ValidationError(Output.catalogue(.noChange))
        }
    }

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        let parsed = try session.parse(changes) { store throws(StoreError) in
            try store.stockChanges(parsing: changes)
        }
        session.notePastBestBefore(parsed)
        let (dryRun, prune, reason) = (options.dryRun, prune, reason)
        let done = try session.transact(dryRun: dryRun, making: false) { store, whileWaiting throws(StoreError) in
            try store.adjust(parsed, reason: reason, pruning: prune, dryRun: dryRun, whileWaiting: whileWaiting)
        }
        session.answer(done, dryRun: options.dryRun) {
            TransactionRenderer(menu: session.menu, language: session.language).adjusted(parsed, done)
        }
    }
}
