import ArgumentParser
import JuiceMaker

struct AdjustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adjust",
        abstract: "Change the stock: add, remove or set fruit counts, all or none.",
        discussion: """
            CHANGE is FRUIT=+N (add N), FRUIT=-N (remove N) or FRUIT=N (set to N), applied in \
            order as one transaction: when any fruit would end below zero or above \
            1,000,000,000, nothing changes (exit 1). With --prune, counts of fruits the menu no \
            longer has are dropped from the inventory, which they otherwise make invalid.

            Examples:
              juice adjust strawberry=+6
              juice adjust kiwi=-2 mango=20
              juice adjust banana=+10 --dry-run --format json
              juice adjust --prune
            """
    )

    @Argument(
        help: ArgumentHelp("The changes: FRUIT=+N, FRUIT=-N or FRUIT=N.", valueName: "change"),
        completion: .fruitChanges)
    var changes: [String] = []

    @Flag(
        help: ArgumentHelp(
            "Drop the counts of fruits the menu no longer has, which make the inventory invalid.",
            discussion: "The rest of the inventory is written back unchanged, beside any changes given."))
    var prune = false

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        if changes.isEmpty, !prune {
            throw ValidationError("give at least one change (FRUIT=+N, FRUIT=-N or FRUIT=N), or --prune")
        }
    }

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        let parsed = try session.parse(changes) { text throws(OrderError) in
            try session.menu.stockChange(parsing: text)
        }
        let done = try session.transact(dryRun: options.dryRun, making: false, pruning: prune) {
            inventory throws(StockError) in
            try inventory.adjusted(by: parsed)
        }
        session.answer(done, dryRun: options.dryRun) {
            TransactionRenderer(menu: session.menu, language: session.language).adjusted(parsed, done)
        }
    }
}
