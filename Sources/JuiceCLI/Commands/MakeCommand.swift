import ArgumentParser
import JuiceMaker

struct MakeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "make",
        abstract: "Make juices, using their fruit: all orders or none.",
        discussion: """
            ORDER is RECIPE or RECIPE=N for N servings. The orders of one call are one \
            transaction: when any fruit is short, nothing is used, and juice says how many \
            are missing and the `juice adjust` command that would add them (exit 1).

            Examples:
              juice make strawberryBanana
              juice make banana=2 mangoKiwi
              juice make mango=3 --dry-run
            """
    )

    @Argument(help: ArgumentHelp("The orders: RECIPE or RECIPE=N.", valueName: "order"), completion: .recipeIDs)
    var orders: [String]

    @OptionGroup var options: TransactionOptions

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        let parsed = try session.parse(orders) { text throws(OrderError) in
            try session.menu.order(parsing: text)
        }
        try session.checkTotals(parsed)
        let done = try session.transact(dryRun: options.dryRun, making: true) {
            inventory throws(StockError) in
            try inventory.making(parsed)
        }
        session.answer(done, dryRun: options.dryRun) {
            TransactionRenderer(menu: session.menu, language: session.language).made(parsed, after: done.after)
        }
    }
}
