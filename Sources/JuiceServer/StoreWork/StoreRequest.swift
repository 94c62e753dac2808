import Foundation
import Hummingbird
import JuiceMaker
import JuicePresentation
import JuiceTill
import Logging

/// One request's work on one store, through the store service: answered
/// with the JSON of `juice ... --format json`, in the request's language.
/// Its calls block (file locks, reads): run them through ``StoreQueue``.
///
/// While the store's menu is invalid, the last valid one serves (see
/// ``LastValidStores``): the report, the menu, and what is read with the
/// menu (the supply order, the open orders, the usage and the variance)
/// then carry `invalidSince` and the menu's diagnostics; while its inventory is invalid, the report
/// is of the last valid stock, with `"stale": true`.
struct StoreRequest: Sendable {
    let service: StoreService
    /// The last valid menu and stock of every store.
    let lastValid: LastValidStores
    /// Where each change is logged.
    let logger: Logger
    /// The store's name, as the server serves it.
    let name: String
    let address: StoreAddress
    /// `en` or `ko`: names and messages.
    let language: String

    private var catalogue: Catalogue { Catalogue(language) }

    /// The report, as the JSON text `juice report --format json` writes:
    /// stock and what each recipe allows; and when the inventory file does
    /// not exist, a warning that says so (`juice` says it on stderr). While
    /// the menu or the inventory is invalid, of the last valid ones, said.
    func report() throws(APIFailure) -> String {
        let (store, menuProblem) = try openKeeping()
        let stock = try run(store) { store throws(StoreError) in try lastValid.readStock(of: store) }
        return report(store, stock, menuProblem: menuProblem)
    }

    /// This request in `language`.
    func speaking(_ language: String) -> StoreRequest {
        StoreRequest(
            service: service, lastValid: lastValid, logger: logger, name: name, address: address, language: language)
    }

    /// The chain of this one store, as `GET /api/chain` answers a server
    /// without a manifest: the report's members and diagnostics, and
    /// `lastSynced` from `lastSynced`, the store named `name`.
    func chain(lastSynced: [String: Date], name: String) throws(APIFailure) -> ByteBuffer {
        let (store, menuProblem) = try openKeeping()
        let reading = try run(store) { store throws(StoreError) in try store.readStock() }
        let out = ByteWriter(reserving: 1 << 14)
        ChainReportJSONWriter(language: language, lastSynced: lastSynced).write(
            store: name, menu: store.menu, inventory: reading.inventory, today: store.today(),
            diagnostics: reportDiagnostics(store, reading.diagnostics, menuProblem: menuProblem), to: out)
        return ByteBuffer(bytes: out.bytes)
    }

    /// The menu listing; while the menu is invalid, the last valid one's,
    /// with `invalidSince` and the invalid menu's diagnostics.
    func menu() throws(APIFailure) -> InvalidSinceJSON<MenuJSON> {
        let (store, problem) = try openKeeping()
        return menu(store, problem: problem)
    }

    /// The usage of `query`'s period, as `juice usage --format json`
    /// writes it (each business day's with `by=day`): the journal's
    /// problems, and the prices and costs missing, are its diagnostics; a
    /// figure in money past what 128 bits hold is refused as `juice`
    /// refuses it (`above-maximum`).
    func usage(_ query: PeriodQuery) throws(APIFailure) -> String {
        let (store, problem) = try openKeeping(forChange: true)
        do {
            let usage = try StoreUsage(store, period: query.period.period, byDay: query.byDay, language: language)
            return json(usage.json(warnings: menuDiagnostics(store, problem: problem)), problem: problem)
        } catch {
            switch error {
            case .store(let error): throw failure(error, store)
            case .overflow(let overflow):
                throw APIFailure(
                    StoreUsage.Problem.aboveMaximum(overflow, catalogue: catalogue), context: context(store))
            }
        }
    }

    /// The variance of `query`'s period, as `juice variance --format json`
    /// writes it.
    func variance(_ query: PeriodQuery) throws(APIFailure) -> String {
        let (store, problem) = try openKeeping(forChange: true)
        let (variance, diagnostics) = try run(store) { store throws(StoreError) in
            let (start, end) = query.period.bounds(dayStart: store.dayStart)
            return try store.variance(since: start, until: end)
        }
        return json(
            VarianceJSON(variance, diagnostics: menuDiagnostics(store, problem: problem) + diagnostics),
            problem: problem)
    }

    /// The supply order, net of what is on order, as `juice order --format
    /// json` writes it; an order whose packs or cost cannot be counted is
    /// refused as `juice` refuses it (`above-maximum`).
    func order() throws(APIFailure) -> String {
        let (store, problem) = try openKeeping()
        let (order, diagnostics) = try run(store) { store throws(StoreError) in try store.supplyOrder() }
        if let reason = SupplyOrderRenderer(language: language).beyondCounting(order) {
            throw APIFailure(.totalAboveMaximum(reason), context: context(store))
        }
        return json(
            SupplyOrderJSON(
                order, language: language, diagnostics: menuDiagnostics(store, problem: problem) + diagnostics),
            problem: problem)
    }

    /// The orders placed and not yet received, as `juice orders --format
    /// json` writes them.
    func openOrders() throws(APIFailure) -> String {
        let (store, problem) = try openKeeping()
        let (book, diagnostics) = try run(store) { store throws(StoreError) in try store.orderBook() }
        return json(
            OrdersJSON(book.open, diagnostics: menuDiagnostics(store, problem: problem) + diagnostics),
            problem: problem)
    }

    /// Places the order proposed now, as `juice order --place --format
    /// json` answers: `"order"` is `null` when there is nothing to order.
    func placeOrder() throws(APIFailure) -> String {
        let store = try open(forChange: true)
        let placed = try run(store) { store throws(StoreError) in try store.placeOrder() }
        if let reason = SupplyOrderRenderer(language: language).beyondCounting(placed.order) {
            throw APIFailure(.totalAboveMaximum(reason), context: context(store))
        }
        logChanges(placed.transaction?.entries ?? [])
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
        let arrivals = try run(store) { store throws(StoreError) in try store.arrivals(parsing: arrived) }
        let booked = try run(store) { store throws(StoreError) in try store.receive(.order(id), arrived: arrivals) }
        let done = booked.transaction
        logChanges(done.entries)
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
    ///
    /// While the menu is invalid, the events are of the last valid one (see
    /// ``report()`` and ``menu()``); a `failure` carries `invalidSince`
    /// when a file stands invalid with nothing valid to fall back on.
    func events(in languages: Set<String>, withMenu: Bool) -> [String: (menu: String?, state: String)] {
        let opened = Result { () throws(StoreError) in
            try lastValid.open(address, forChange: false, through: service)
        }
        let reading = opened.flatMap { opened in
            Result { () throws(StoreError) in (opened, try lastValid.readStock(of: opened.store)) }
        }
        let invalidSince = lastValid.invalidSince(address)
        var events: [String: (menu: String?, state: String)] = [:]
        for language in languages {
            let speaking = self.speaking(language)
            let open = try? opened.get()
            let menu =
                withMenu
                ? open.map { EventStream.event("menu", speaking.json(speaking.menu($0.store, problem: $0.problem))) }
                : nil
            let state =
                switch reading {
                case .success(let (open, stock)):
                    EventStream.event(
                        "inventory",
                        speaking.report(open.store, stock, menuProblem: open.problem))
                case .failure(let error):
                    EventStream.event(
                        "failure",
                        speaking.json(
                            InvalidSinceJSON(speaking.failure(error, open?.store).json, invalidSince: invalidSince)))
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

    /// Throws out every lot expired on the store's business day, as one
    /// `adjust` entry of reason `expired` (SPEC 18), answered with
    /// `thrownOut` (empty, and no entry written, when nothing had
    /// expired); a `key` used before answers that change again.
    func throwOutExpired(key: IdempotencyKey?) throws(APIFailure) -> TransactionJSON {
        let store = try open(forChange: true)
        return try change(store, making: false) { store throws(StoreError) in
            try store.throwOutExpired(key: key)
        } answered: { json, done in
            json.sayThrownOut(done, menu: store.menu)
        }
    }

    /// Reverses journal entry `id`, or the latest change not yet undone; a
    /// `key` used before for the same undo answers it again.
    func undo(_ id: Int?, key: IdempotencyKey?) throws(APIFailure) -> TransactionJSON {
        if let id, id < 1 { throw .usage(catalogue(.notAnEntry, id)) }
        let store = try open(forChange: true)
        return try change(store, making: false) { store throws(StoreError) in try store.undo(entry: id, key: key) }
    }

    /// Books the tickets of a till's export `export` (a request's body) by
    /// the store's sales map, each once, as `juice import --format json`
    /// answers (SPEC 17): a ticket held back is in the answer, not a
    /// failure; a row that cannot be read books nothing (422, the row's
    /// place in ``ImportQuery/shownName``).
    func importSales(_ export: [UInt8], _ query: ImportQuery) throws(APIFailure) -> String {
        let store = try open(forChange: true)
        let loaded = try run(store) { store throws(StoreError) in try service.salesMap(for: store) }
        guard let map = loaded.value else { throw failure(.invalidData(loaded.diagnostics), store) }
        let (summary, notes) = try run(store) { store throws(StoreError) in
            var sales = try TillImport(
                [.bytes(export, name: ImportQuery.shownName)], format: query.format, renamed: query.renamed,
                timeZone: query.timeZone, location: query.location)
            let summary = try store.importSales(from: &sales, map: map, dryRun: query.dryRun)
            return (summary, sales.notes)
        }
        if !query.dryRun, let stock = summary.stock { lastValid.keep(stock, of: address) }
        let diagnostics = store.warnings + loaded.diagnostics + notes + summary.diagnostics
        return SalesImportJSON(summary, dryRun: query.dryRun, diagnostics: shown(diagnostics))
            .text(catalogue: catalogue)
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

    /// `value` as JSON text, with `invalidSince` while `problem` (the
    /// menu's) stands: a menu-dependent answer served from the last valid
    /// menu.
    private func json<Value: Encodable & Sendable>(_ value: Value, problem: LastValidStores.Problem?) -> String {
        json(InvalidSinceJSON(value, invalidSince: problem?.since))
    }

    /// The store, its menu read; while the menu is invalid, the last valid
    /// one.
    ///
    /// - Parameter forChange: whether the request changes the stock.
    private func open(forChange: Bool = false) throws(APIFailure) -> Store {
        try openKeeping(forChange: forChange).store
    }

    /// The store, its menu read; while the menu is invalid, the last valid
    /// one and the menu's problem.
    ///
    /// - Parameter forChange: whether the request changes the stock.
    private func openKeeping(forChange: Bool = false) throws(APIFailure) -> (
        store: Store, problem: LastValidStores.Problem?
    ) {
        do {
            return try lastValid.open(address, forChange: forChange, through: service)
        } catch {
            throw failure(error, nil)
        }
    }

    /// The report's JSON text of `store` with `stock`; when the inventory
    /// file does not exist, with a warning that says so; with
    /// `invalidSince` while the menu (`menuProblem`) or the inventory (the
    /// stock stale) stands invalid.
    private func report(_ store: Store, _ stock: LastValidStores.Stock, menuProblem: LastValidStores.Problem?)
        -> String
    {
        let problem = LastValidStores.Problem.together(menuProblem, stock.stale)
        return ReportJSONText.render(
            menu: store.menu, inventory: stock.inventory, today: store.today(), language: language,
            diagnostics: reportDiagnostics(store, stock.diagnostics, menuProblem: menuProblem)
                + (stock.stale.map { shown($0.diagnostics) } ?? []),
            invalidSince: problem.map { Self.time($0.since) }, stale: stock.stale != nil)
    }

    /// The report's diagnostics: the menu's (the invalid menu's while the
    /// last valid one serves) and the inventory file's (`stockDiagnostics`),
    /// and when the inventory file does not exist, a warning that says so.
    private func reportDiagnostics(
        _ store: Store, _ stockDiagnostics: [Diagnostic], menuProblem: LastValidStores.Problem?
    ) -> [Diagnostic] {
        menuDiagnostics(store, problem: menuProblem) + stockDiagnostics
            + [store.absentInventoryWarning].compactMap { $0 }
    }

    /// The menu's diagnostics: the invalid menu's while the last valid one
    /// serves (its paths shown as a failure's are), else its warnings.
    private func menuDiagnostics(_ store: Store, problem: LastValidStores.Problem?) -> [Diagnostic] {
        problem.map { shown($0.diagnostics) } ?? store.warnings
    }

    private func menu(_ store: Store, problem: LastValidStores.Problem?) -> InvalidSinceJSON<MenuJSON> {
        InvalidSinceJSON(
            MenuJSON(menu: store.menu, language: language, diagnostics: menuDiagnostics(store, problem: problem)),
            invalidSince: problem?.since)
    }

    /// `diagnostics` naming the server's files as its failures do.
    private func shown(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let paths = ShownPaths()
        return diagnostics.map(paths.shown)
    }

    /// `date` as an RFC 3339 time in UTC, to the second.
    static func time(_ date: Date) -> String {
        date.formatted(.iso8601)
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
        _ store: Store, making: Bool, _ work: (Store) throws(StoreError) -> StoreTransaction,
        answered: (inout TransactionJSON, StoreTransaction) -> Void = { _, _ in }
    ) throws(APIFailure) -> TransactionJSON {
        let done = try run(store, making: making, work)
        if !done.repeated {
            lastValid.keep(done.after, of: address)
            logChanges(done.entries)
        }
        var json = TransactionJSON(
            menu: store.menu, before: done.before, after: done.after, dryRun: false, dropped: done.retired,
            entries: done.entries, diagnostics: store.warnings + done.diagnostics)
        answered(&json, done)
        return json
    }

    /// A line of the log per entry written: the store, the entry's id and
    /// kind (SPEC 19).
    private func logChanges(_ entries: [JournalEntry]) {
        for entry in entries {
            logger.info(
                "change", metadata: ["store": "\(name)", "entry": "\(entry.id)", "kind": "\(entry.kind.rawValue)"])
        }
    }

    private func context(_ store: Store) -> FailureContext {
        FailureContext(catalogue: catalogue, menu: store.menu, warnings: store.warnings)
    }
}
