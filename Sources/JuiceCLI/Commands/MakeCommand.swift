import ArgumentParser
import JuiceMaker
import JuicePresentation

struct MakeCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "make",
            abstract: Output.catalogue(.makeAbstract),
            discussion: Output.catalogue.discussion(
                .makeDiscussion,
                examples: [
                    "juice make strawberryBanana",
                    "juice make banana=2 mangoKiwi",
                    "juice make mango=3 --dry-run",
                ])
        )
    }

    @Argument(help: ArgumentHelp(Output.catalogue(.ordersArgument), valueName: "order"), completion: .recipeIDs)
    var orders: [String]

    @OptionGroup var options: TransactionOptions

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        let parsed = try session.parse(orders) { store throws(StoreError) in try store.orders(parsing: orders) }
        let dryRun = options.dryRun
        let done = try session.transact(dryRun: dryRun, making: true) { store, whileWaiting throws(StoreError) in
            try store.make(parsed, dryRun: dryRun, whileWaiting: whileWaiting)
        }
        session.answer(done, dryRun: options.dryRun) {
            TransactionRenderer(menu: session.menu, language: session.language).made(parsed, after: done.after)
        }
    }
}
