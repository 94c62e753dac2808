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
    /// stock and what each recipe allows.
    func report() throws(APIFailure) -> String {
        let store = try open()
        let reading = try run(store) { store throws(StoreError) in try store.readStock() }
        return ReportJSONText.render(
            menu: store.menu, inventory: reading.inventory, language: language,
            diagnostics: store.warnings + reading.diagnostics)
    }

    /// The menu listing.
    func menu() throws(APIFailure) -> MenuJSON {
        let store = try open()
        return MenuJSON(menu: store.menu, language: language, diagnostics: store.warnings)
    }

    /// Makes `orders` (`banana=2`, `mangoKiwi`), all or nothing.
    func make(_ orders: [String]) throws(APIFailure) -> TransactionJSON {
        guard !orders.isEmpty else { throw .usage(ServerText.noOrders.text(language)) }
        let store = try open(forChange: true)
        let parsed = try run(store) { store throws(StoreError) in try store.orders(parsing: orders) }
        return try change(store, making: true) { store throws(StoreError) in try store.make(parsed) }
    }

    /// Applies `changes` (`kiwi=+5`, `mango=-1`, `banana=10`) for `reason`.
    func adjust(_ changes: [String], reason: JournalEntry.Reason) throws(APIFailure) -> TransactionJSON {
        guard !changes.isEmpty else { throw .usage(catalogue(.noChange)) }
        let store = try open(forChange: true)
        let parsed = try run(store) { store throws(StoreError) in try store.stockChanges(parsing: changes) }
        return try change(store, making: false) { store throws(StoreError) in
            try store.adjust(parsed, reason: reason)
        }
    }

    /// Reverses journal entry `id`, or the latest change not yet undone.
    func undo(_ id: Int?) throws(APIFailure) -> TransactionJSON {
        if let id, id < 1 { throw .usage(catalogue(.notAnEntry, id)) }
        let store = try open(forChange: true)
        return try change(store, making: false) { store throws(StoreError) in try store.undo(entry: id) }
    }

    /// The journal as `juice log --format json` writes it.
    func log() throws(APIFailure) -> String {
        let store = try open()
        var lines: [String] = []
        var renderer = LogRenderer(
            menu: store.menu, language: language, format: .json, catalogue: catalogue, quiet: true
        ) { lines.append($0) }
        renderer.start()
        let diagnostics = try run(store) { store throws(StoreError) in try store.readJournal { renderer.write($0) } }
        if diagnostics.containsErrors {
            throw APIFailure(.invalidData(diagnostics), context: context(store))
        }
        renderer.finish(diagnostics: store.warnings + diagnostics)
        return lines.joined(separator: "\n")
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
            throw APIFailure(error, making: false, context: FailureContext(catalogue: catalogue, menu: nil))
        }
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
            throw APIFailure(error, making: making, context: context(store))
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
