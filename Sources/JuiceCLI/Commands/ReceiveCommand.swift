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
                    "juice order --place",
                    "juice receive 12",
                    "juice receive 12 strawberry=24 kiwi=0",
                    "juice receive --cancel 12",
                    "juice order --format json > order.json",
                    "juice receive order.json",
                    "juice receive chain-order.json --store gangnam --dry-run",
                ])
        )
    }

    @Argument(
        help: ArgumentHelp(Output.catalogue(.orderFileArgument), valueName: "order-id|order-file"),
        completion: .file(extensions: ["json"]))
    var order: String?

    @Argument(
        help: ArgumentHelp(Output.catalogue(.arrivedArgument), valueName: "fruit=n"), completion: .fruitChanges)
    var arrived: [String] = []

    @Option(help: ArgumentHelp(Output.catalogue(.cancelOption), valueName: "order-id"))
    var cancel: Int?

    @OptionGroup var options: TransactionOptions

    func validate() throws {
        if let cancel {
            if order != nil || !arrived.isEmpty { throw ValidationError(Output.catalogue(.cancelAlone)) }
            if cancel < 1 { throw ValidationError(Output.catalogue(.notAnOrderID, "\(cancel)")) }
            if options.dryRun { throw ValidationError(Output.catalogue(.cancelAlone)) }
            return
        }
        guard let order else { throw ValidationError(Output.catalogue(.receiveWhat)) }
        if order.isEmpty { throw ValidationError(Output.catalogue(.emptyFileName, "receive")) }
        // Digits name an order, never a file: `0` is no order's id.
        if order.utf8.allSatisfy({ (0x30...0x39).contains($0) }), Self.orderID(order) == nil {
            throw ValidationError(Output.catalogue(.notAnOrderID, order))
        }
    }

    func run() throws(CommandError) {
        var session = try Session(transaction: options)
        if let cancel {
            let done = try session.transact(making: false) { store, whileWaiting throws(StoreError) in
                try store.cancelOrder(cancel, whileWaiting: whileWaiting)
            }
            session.answer(done, dryRun: false) { [Output.catalogue(.orderCancelledLine, cancel)] }
            return
        }
        let arrivals = try arrivals(in: session)
        session.notePastBestBefore(
            arrivals.compactMap { line in
                line.bestBefore.map {
                    StockChange(fruit: line.fruit, .add(line.units), destination: .lot(bestBefore: $0))
                }
            })
        let receipt: ReceivedOrder.Receipt
        var file: ReceivedOrder?
        if let id = Self.orderID(order ?? "") {
            receipt = .order(id)
        } else {
            let read = try self.file(in: session, arrivals: arrivals)
            file = read
            receipt = read.placed.map { .order($0) } ?? .file(hash: read.hash)
        }
        let dryRun = options.dryRun
        var short: [String: Int] = [:]
        let done = try session.transact(dryRun: dryRun, making: false) { store, whileWaiting throws(StoreError) in
            let booked = try store.receive(
                receipt, ordered: file, arrived: arrivals, dryRun: dryRun, whileWaiting: whileWaiting)
            short = booked.short
            return booked.transaction
        }
        var placed: Int?
        if case .order(let id) = receipt { placed = id }
        if session.isJSON {
            let json = TransactionRenderer(menu: session.menu, language: session.language).json(
                done, dryRun: dryRun, diagnostics: session.warnings)
            Output.json(ReceiptJSON(json, order: placed, short: short))
            return
        }
        session.answer(done, dryRun: dryRun) {
            let renderer = TransactionRenderer(menu: session.menu, language: session.language)
            let booked = renderer.changed(done.entries.last?.changes ?? [:], done)
            let said = placed.map { [Output.catalogue(.orderReceivedLine, $0)] } ?? []
            let shortFruits = session.menu.fruits.compactMap { fruit in
                short[fruit.id].map { "\(fruit.displayName(for: session.language).controlsEscaped) \($0)" }
            }
            // A saved file was never on order: its shortfall is only said.
            let shortLine: Catalogue.Text = placed == nil ? .arrivedShortOfFileLine : .arrivedShortLine
            let shortLines =
                shortFruits.isEmpty ? [] : [Output.catalogue(shortLine, shortFruits.joined(separator: ", "))]
            return said + booked + shortLines
        }
    }

    /// The id of a placed order, when `text` is one (digits only).
    private static func orderID(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let id = Int(text), id > 0 else {
            return nil
        }
        return id
    }

    /// The saved order, read against the menu.
    private func file(in session: Session, arrivals: [ReceivedOrder.Line]) throws(CommandError) -> ReceivedOrder {
        let loaded: Loaded<ReceivedOrder>
        do {
            loaded = try ReceivedOrder.read(path: order ?? "", menu: session.menu, store: options.store.store)
        } catch {
            throw session.failure(.file(error))
        }
        guard let read = loaded.value else { throw session.failure(.invalidData(loaded.diagnostics)) }
        if read.placed == nil {
            if arrivals.isEmpty, let nothing = read.nothingToReceive {
                throw session.failure(.invalidData(loaded.diagnostics + [nothing]))
            }
            guard !read.changes(arrived: arrivals).isEmpty else {
                throw CommandError(.usage(Output.catalogue(Message(.nothingReceived))), context: session.context)
            }
        }
        return read
    }

    /// What the `FRUIT=N` arguments say arrived: N fruits each, never `+N`
    /// or `-N`, nor any other form.
    private func arrivals(in session: Session) throws(CommandError) -> [ReceivedOrder.Line] {
        try session.parse(arrived) { store throws(StoreError) in try store.arrivals(parsing: arrived) }
    }
}
