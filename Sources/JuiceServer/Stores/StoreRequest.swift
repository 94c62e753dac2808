import Foundation
import Hummingbird
import JuiceMaker
import JuicePresentation

/// One request's work on one store, through the store service: answered
/// with the JSON of `juice ... --format json`, in the request's language.
/// Its calls block (file locks, reads): run them through ``StoreExecutor``.
struct StoreRequest: Sendable {
    let service: StoreService
    let address: StoreAddress
    /// `en` or `ko`: names and messages.
    let language: String

    private var catalogue: Catalogue { Catalogue(language) }

    /// The report, as the JSON text `juice report --format json` writes:
    /// stock and what each recipe allows; and when the inventory file does
    /// not exist, a warning that says so (`juice` says it on stderr).
    func report() throws(APIFailure) -> String {
        let store = try open()
        return report(store, try run(store) { store throws(StoreError) in try store.readStock() })
    }

    /// The chain of this one store, as `GET /api/chain` answers a server
    /// without a manifest: the report's members and diagnostics, and
    /// `lastSynced` from `lastSynced`, the store named `name`.
    func chain(lastSynced: [String: Date], name: String) throws(APIFailure) -> ByteBuffer {
        let store = try open()
        let reading = try run(store) { store throws(StoreError) in try store.readStock() }
        let out = ByteWriter(reserving: 1 << 14)
        ChainReportJSONWriter(language: language, lastSynced: lastSynced).write(
            store: name, menu: store.menu, inventory: reading.inventory,
            diagnostics: reportDiagnostics(store, reading), to: out)
        return ByteBuffer(bytes: out.bytes)
    }

    /// The menu listing.
    func menu() throws(APIFailure) -> MenuJSON {
        menu(try open())
    }

    /// The usage of `query`'s period, as `juice usage --format json`
    /// writes it (each local day's with `by=day`): the journal's problems
    /// are its diagnostics.
    func usage(_ query: PeriodQuery) throws(APIFailure) -> String {
        let store = try open(forChange: true)
        let (start, end) = (query.period.start, query.period.end)
        if query.byDay {
            let (days, diagnostics) = try run(store) { store throws(StoreError) in
                try store.usageByDay(since: start, until: end)
            }
            return json(DailyUsageJSON(days, diagnostics: store.warnings + diagnostics))
        }
        let (usage, diagnostics) = try run(store) { store throws(StoreError) in
            try store.usage(since: start, until: end)
        }
        return json(UsageJSON(usage, diagnostics: store.warnings + diagnostics))
    }

    /// The variance of `query`'s period, as `juice variance --format json`
    /// writes it.
    func variance(_ query: PeriodQuery) throws(APIFailure) -> String {
        let store = try open(forChange: true)
        let (variance, diagnostics) = try run(store) { store throws(StoreError) in
            try store.variance(since: query.period.start, until: query.period.end)
        }
        return json(VarianceJSON(variance, diagnostics: store.warnings + diagnostics))
    }

    /// The supply order, net of what is on order, as `juice order --format
    /// json` writes it; an order whose packs or cost cannot be counted is
    /// refused as `juice` refuses it (`above-maximum`).
    func order() throws(APIFailure) -> String {
        let store = try open()
        let (order, diagnostics) = try run(store) { store throws(StoreError) in try store.supplyOrder() }
        if let reason = SupplyOrderRenderer(language: language).beyondCounting(order) {
            throw APIFailure(.totalAboveMaximum(reason), context: context(store))
        }
        return json(SupplyOrderJSON(order, language: language, diagnostics: store.warnings + diagnostics))
    }

    /// The orders placed and not yet received, as `juice orders --format
    /// json` writes them.
    func openOrders() throws(APIFailure) -> String {
        let store = try open()
        let (book, diagnostics) = try run(store) { store throws(StoreError) in try store.orderBook() }
        return json(OrdersJSON(book.open, diagnostics: store.warnings + diagnostics))
    }

    /// Places the order proposed now, as `juice order --place --format
    /// json` answers: `"order"` is `null` when there is nothing to order.
    func placeOrder() throws(APIFailure) -> String {
        let store = try open(forChange: true)
        let placed = try run(store) { store throws(StoreError) in try store.placeOrder() }
        if let reason = SupplyOrderRenderer(language: language).beyondCounting(placed.order) {
            throw APIFailure(.totalAboveMaximum(reason), context: context(store))
        }
        let diagnostics = store.warnings + (placed.transaction?.diagnostics ?? [])
        return json(
            PlacedOrderJSON(
                SupplyOrderJSON(placed.order, language: language, diagnostics: diagnostics),
                order: placed.transaction?.entries.last?.id))
    }

    /// Books the delivery of placed order `id` once, `arrived` (`FRUIT=N`)
    /// what came instead of a line's units, as `juice receive ID --format
    /// json` answers.
    func receive(_ id: Int, arrived: [String]) throws(APIFailure) -> String {
        if id < 1 { throw .usage(catalogue(.notAnOrderID, id)) }
        let store = try open(forChange: true)
        let counts = try run(store) { store throws(StoreError) in try store.countsInOrder(parsing: arrived) }
        let booked = try run(store) { store throws(StoreError) in
            try store.receive(.order(id), arrived: counts.map { ReceivedOrder.Line(fruit: $0.fruit, units: $0.count) })
        }
        let done = booked.transaction
        return json(
            ReceiptJSON(
                TransactionJSON(
                    menu: store.menu, before: done.before, after: done.after, dryRun: false, entries: done.entries,
                    diagnostics: store.warnings + done.diagnostics), order: id, short: booked.short))
    }

    /// Withdraws placed order `id`, as `juice receive --cancel ID`.
    func cancelOrder(_ id: Int) throws(APIFailure) -> TransactionJSON {
        if id < 1 { throw .usage(catalogue(.notAnOrderID, id)) }
        let store = try open(forChange: true)
        return try change(store, making: false) { store throws(StoreError) in try store.cancelOrder(id) }
    }

    /// The store's events as they are now, in each of `languages`, its
    /// files read once for them all: the `menu` event when `withMenu` (none
    /// when the menu cannot be read: the `failure` event says so), and the
    /// `inventory` event (the report) or the `failure` event.
    func events(in languages: Set<String>, withMenu: Bool) -> [String: (menu: String?, state: String)] {
        let opened = Result { () throws(StoreError) in try service.open(address, forChange: false) }
        let reading = opened.flatMap { store in Result { () throws(StoreError) in (store, try store.readStock()) } }
        var events: [String: (menu: String?, state: String)] = [:]
        for language in languages {
            let speaking = StoreRequest(service: service, address: address, language: language)
            let store = try? opened.get()
            let menu = withMenu ? store.map { EventStream.event("menu", speaking.json(speaking.menu($0))) } : nil
            let state =
                switch reading {
                case .success(let (store, stock)): EventStream.event("inventory", speaking.report(store, stock))
                case .failure(let error):
                    EventStream.event("failure", speaking.json(speaking.failure(error, store).json))
                }
            events[language] = (menu, state)
        }
        return events
    }

    /// Makes `orders` (`banana=2`, `mangoKiwi`), all or nothing; a `key`
    /// used before for the same orders answers that make again.
    func make(_ orders: [String], key: IdempotencyKey?) throws(APIFailure) -> TransactionJSON {
        guard !orders.isEmpty else { throw .usage(ServerText.noOrders.text(language)) }
        let store = try open(forChange: true)
        let parsed = try run(store) { store throws(StoreError) in try store.orders(parsing: orders) }
        return try change(store, making: true) { store throws(StoreError) in try store.make(parsed, key: key) }
    }

    /// Applies `changes` (`kiwi=+5`, `mango=-1`, `banana=10`) for `reason`;
    /// a `key` used before for the same change answers it again.
    func adjust(_ changes: [String], reason: JournalEntry.Reason, key: IdempotencyKey?) throws(APIFailure)
        -> TransactionJSON
    {
        guard !changes.isEmpty else { throw .usage(catalogue(.noChange)) }
        let store = try open(forChange: true)
        let parsed = try run(store) { store throws(StoreError) in try store.stockChanges(parsing: changes) }
        return try change(store, making: false) { store throws(StoreError) in
            try store.adjust(parsed, reason: reason, key: key)
        }
    }

    /// Records a count (`banana=12`, each the number there is) as one
    /// `count` entry; a `key` used before for the same count answers it
    /// again.
    func count(_ counts: [String], key: IdempotencyKey?) throws(APIFailure) -> TransactionJSON {
        guard !counts.isEmpty else { throw .usage(catalogue(.noCount)) }
        let store = try open(forChange: true)
        let parsed = try run(store) { store throws(StoreError) in try store.counts(parsing: counts) }
        return try change(store, making: false) { store throws(StoreError) in try store.count(parsed, key: key) }
    }

    /// Reverses journal entry `id`, or the latest change not yet undone; a
    /// `key` used before for the same undo answers it again.
    func undo(_ id: Int?, key: IdempotencyKey?) throws(APIFailure) -> TransactionJSON {
        if let id, id < 1 { throw .usage(catalogue(.notAnEntry, id)) }
        let store = try open(forChange: true)
        return try change(store, making: false) { store throws(StoreError) in try store.undo(entry: id, key: key) }
    }

    /// A page of the journal, newest first, checked: its entries are read
    /// as the answer is written (see ``LogStream``).
    func log(before: Int?, limit: Int) throws(APIFailure) -> LogStream {
        let store = try open()
        let page = try run(store) { store throws(StoreError) in try store.journalPage(before: before, limit: limit) }
        return LogStream(
            page: page, menu: store.menu, language: language, catalogue: catalogue,
            diagnostics: store.warnings + page.diagnostics)
    }

    /// A result as JSON text, as `juice --format json` writes it, messages
    /// in this request's language.
    func json(_ value: some Encodable) -> String {
        JSONText.render(value, catalogue: catalogue)
    }

    /// The store, its menu read.
    ///
    /// - Parameter forChange: whether the request changes the stock.
    private func open(forChange: Bool = false) throws(APIFailure) -> Store {
        do {
            return try service.open(address, forChange: forChange)
        } catch {
            throw failure(error, nil)
        }
    }

    /// The report's JSON text of `store` with `reading`; when the inventory
    /// file does not exist, with a warning that says so.
    private func report(_ store: Store, _ reading: StockReading) -> String {
        ReportJSONText.render(
            menu: store.menu, inventory: reading.inventory, language: language,
            diagnostics: reportDiagnostics(store, reading))
    }

    /// The report's diagnostics: the menu's and the inventory's, and when
    /// the inventory file does not exist, a warning that says so.
    private func reportDiagnostics(_ store: Store, _ reading: StockReading) -> [Diagnostic] {
        store.warnings + reading.diagnostics + [store.absentInventoryWarning].compactMap { $0 }
    }

    private func menu(_ store: Store) -> MenuJSON {
        MenuJSON(menu: store.menu, language: language, diagnostics: store.warnings)
    }

    /// `error` as an answer in this request's language, said with `store`'s
    /// menu and warnings when it was opened.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    private func failure(_ error: StoreError, _ store: Store?, making: Bool = false) -> APIFailure {
        APIFailure(
            error, making: making,
            context: store.map(context) ?? FailureContext(catalogue: catalogue, menu: nil))
    }

    /// `work` on the open store; its failure said with the store's menu and
    /// warnings.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    private func run<Value>(
        _ store: Store, making: Bool = false, _ work: (Store) throws(StoreError) -> Value
    ) throws(APIFailure) -> Value {
        do {
            return try work(store)
        } catch {
            throw failure(error, store, making: making)
        }
    }

    /// Changes the stock and answers with the stock after.
    private func change(
        _ store: Store, making: Bool, _ work: (Store) throws(StoreError) -> StoreTransaction
    ) throws(APIFailure) -> TransactionJSON {
        let done = try run(store, making: making, work)
        return TransactionJSON(
            menu: store.menu, before: done.before, after: done.after, dryRun: false, dropped: done.retired,
            entries: done.entries, diagnostics: store.warnings + done.diagnostics)
    }

    private func context(_ store: Store) -> FailureContext {
        FailureContext(catalogue: catalogue, menu: store.menu, warnings: store.warnings)
    }
}
