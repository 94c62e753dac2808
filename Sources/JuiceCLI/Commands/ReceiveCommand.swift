import ArgumentParser
import JuiceMaker
import JuicePresentation

struct ReceiveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "receive",
            abstract: Output.catalogue(.receiveAbstract),
            discussion: Output.catalogue.discussion(
                .receiveDiscussion,
                examples: [
                    "juice order --format json > order.json",
                    "juice receive order.json",
                    "juice receive order.json strawberry=24 kiwi=0",
                    "juice receive chain-order.json --store gangnam --dry-run",
                ])
        )
    }

    @Argument(
        help: ArgumentHelp(Output.catalogue(.orderFileArgument), valueName: "order-file"),
        completion: .file(extensions: ["json"]))
    var file: String

    @Argument(
        help: ArgumentHelp(Output.catalogue(.arrivedArgument), valueName: "fruit=n"), completion: .fruitChanges)
    var arrived: [String] = []

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        if file.isEmpty { throw ValidationError(Output.catalogue(.emptyFileName, "receive")) }
    }

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        let arrivals = try arrivals(in: session)
        let loaded: Loaded<ReceivedOrder>
        do {
            loaded = try ReceivedOrder.read(path: file, menu: session.menu, store: options.store.store)
        } catch {
            throw session.failure(.file(error))
        }
        guard let order = loaded.value else { throw session.failure(.invalidData(loaded.diagnostics)) }
        if arrivals.isEmpty, let nothing = order.nothingToReceive {
            throw session.failure(.invalidData(loaded.diagnostics + [nothing]))
        }
        let changes = order.changes(arrived: arrivals)
        guard !changes.isEmpty else {
            throw CommandError(.usage(Output.catalogue(Message(.nothingReceived))), context: session.context)
        }
        let dryRun = options.dryRun
        let done = try session.transact(dryRun: dryRun, making: false) { store, whileWaiting throws(StoreError) in
            try store.adjust(changes, reason: .delivery, dryRun: dryRun, whileWaiting: whileWaiting)
        }
        session.answer(done, dryRun: dryRun) {
            TransactionRenderer(menu: session.menu, language: session.language).adjusted(changes, done)
        }
    }

    /// What the `FRUIT=N` arguments say arrived: N fruits each, never `+N`
    /// or `-N`, nor any other form.
    private func arrivals(in session: Session) throws(CommandError) -> [ReceivedOrder.Line] {
        for text in arrived {
            let sign = text.firstIndex(of: "=").map { text[text.index(after: $0)...].first }
            guard let sign, sign != "+", sign != "-" else {
                throw CommandError(.usage(Output.catalogue(.notAnArrival, text)), context: session.context)
            }
        }
        let parsed = try session.parse(arrived) { store throws(StoreError) in
            try store.countsInOrder(parsing: arrived)
        }
        return parsed.map { ReceivedOrder.Line(fruit: $0.fruit, units: $0.count) }
    }
}
