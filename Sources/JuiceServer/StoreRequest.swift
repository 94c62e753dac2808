import JuiceCLI
import JuiceMaker

/// One request's work on one store: load its menu, read or change its
/// inventory, and answer with the JSON of `juice ... --format json`, in the
/// request's language. Its calls block (file locks, reads): run them
/// through ``Blocking``.
struct StoreRequest: Sendable {
    let store: StoreDirectory.Store
    /// The manifest named when the store has no inventory to change.
    let manifestPath: String?
    /// `en` or `ko`: names and messages.
    let language: String

    private var catalogue: Catalogue { Catalogue(language) }

    /// The report, as the JSON text `juice report --format json` writes:
    /// stock and what each recipe allows.
    func report() throws(APIFailure) -> String {
        let (menu, warnings) = try loadMenu()
        let (inventory, more) = try readInventory(menu, warnings: warnings)
        return ReportJSONText.render(menu: menu, inventory: inventory, language: language, diagnostics: warnings + more)
    }

    /// The menu listing.
    func menu() throws(APIFailure) -> MenuJSON {
        let (menu, warnings) = try loadMenu()
        return MenuJSON(menu: menu, language: language, diagnostics: warnings)
    }

    /// Makes `orders` (`banana=2`, `mangoKiwi`), all or nothing.
    func make(_ orders: [String]) throws(APIFailure) -> TransactionJSON {
        guard !orders.isEmpty else { throw .usage(ServerText.noOrders.text(language)) }
        let (menu, warnings) = try loadMenu()
        let parsed = try orders.map { text throws(APIFailure) in
            do throws(OrderError) {
                return try menu.order(parsing: text)
            } catch {
                throw .usage(catalogue(error.message))
            }
        }
        do throws(OrderError) {
            _ = try Order.totals(of: parsed)
        } catch {
            throw .usage(catalogue(error.message))
        }
        return try change(menu, warnings: warnings, making: true) { file throws(InventoryUpdateError) in
            try file.update(menu: menu, record: .make(parsed)) { inventory throws(StockError) in
                try inventory.making(parsed)
            }
        }
    }

    /// Applies `changes` (`kiwi=+5`, `mango=-1`, `banana=10`) for `reason`.
    func adjust(_ changes: [String], reason: JournalEntry.Reason) throws(APIFailure) -> TransactionJSON {
        guard !changes.isEmpty else { throw .usage(catalogue(.noChange)) }
        let (menu, warnings) = try loadMenu()
        let parsed = try changes.map { text throws(APIFailure) in
            do throws(OrderError) {
                return try menu.stockChange(parsing: text)
            } catch {
                throw .usage(catalogue(error.message))
            }
        }
        return try change(menu, warnings: warnings, making: false) { file throws(InventoryUpdateError) in
            try file.update(menu: menu, record: .adjust(reason: reason)) { inventory throws(StockError) in
                try inventory.adjusted(by: parsed)
            }
        }
    }

    /// Reverses journal entry `id`, or the latest change not yet undone.
    func undo(_ id: Int?) throws(APIFailure) -> TransactionJSON {
        if let id, id < 1 { throw .usage(catalogue(.notAnEntry, id)) }
        let (menu, warnings) = try loadMenu()
        return try change(menu, warnings: warnings, making: false) { file throws(InventoryUpdateError) in
            try file.undo(menu: menu, entry: id)
        }
    }

    /// The journal as `juice log --format json` writes it.
    func log() throws(APIFailure) -> String {
        let (menu, warnings) = try loadMenu()
        var lines: [String] = []
        var renderer = LogRenderer(menu: menu, language: language, format: .json, catalogue: catalogue) {
            lines.append($0)
        }
        renderer.start()
        let diagnostics: [Diagnostic]
        if let file = store.inventory {
            do {
                diagnostics = try file.readJournal { renderer.write($0) }
            } catch {
                throw APIFailure(Failure(error, catalogue: catalogue), context: context(menu, warnings))
            }
        } else {
            diagnostics = []
        }
        if diagnostics.containsErrors {
            throw APIFailure(.invalidData(diagnostics), context: context(menu, warnings))
        }
        renderer.finish(diagnostics: warnings + diagnostics)
        return lines.joined(separator: "\n")
    }

    /// A result as JSON text, as `juice --format json` writes it, messages
    /// in this request's language.
    func json(_ value: some Encodable) -> String {
        Output.jsonText(value, catalogue: catalogue)
    }

    /// The store's menu (the built-in one when it names no file) and its
    /// warnings.
    private func loadMenu() throws(APIFailure) -> (Menu, [Diagnostic]) {
        guard let path = store.menuPath else { return (Menu.builtin, []) }
        let loaded: Loaded<Menu>
        do {
            loaded = try MenuLoader().load(path: path)
        } catch {
            throw APIFailure(Failure(error, catalogue: catalogue), context: context(nil, []))
        }
        guard let menu = loaded.value else {
            throw APIFailure(.invalidData(loaded.diagnostics), context: context(nil, []))
        }
        return (menu, loaded.diagnostics)
    }

    /// The stock (the menu's initial stock when there is no file yet) and
    /// the file's warnings.
    private func readInventory(_ menu: Menu, warnings: [Diagnostic]) throws(APIFailure) -> (Inventory, [Diagnostic]) {
        guard let file = store.inventory else { return (Inventory(initialStockOf: menu), []) }
        let read: Loaded<Inventory>
        do {
            read = try file.read(menu: menu)
        } catch {
            throw APIFailure(Failure(error, catalogue: catalogue), context: context(menu, warnings))
        }
        guard let inventory = read.value else {
            throw APIFailure(.invalidData(read.diagnostics), context: context(menu, warnings))
        }
        return (inventory, read.diagnostics)
    }

    /// Changes the inventory file under its lock and answers with the stock
    /// after.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    private func change(
        _ menu: Menu, warnings: [Diagnostic], making: Bool,
        _ body: (InventoryFile) throws(InventoryUpdateError) -> InventoryUpdate
    ) throws(APIFailure) -> TransactionJSON {
        guard let file = store.inventory else {
            throw .usage(catalogue(.storeHasNoInventory, store.name, manifestPath ?? ""))
        }
        do {
            let update = try body(file)
            return TransactionJSON(
                menu: menu, before: update.before, after: update.after, dryRun: false, dropped: update.retired,
                entries: update.entries, diagnostics: warnings + update.diagnostics)
        } catch {
            throw APIFailure(Failure(error, making: making, catalogue: catalogue), context: context(menu, warnings))
        }
    }

    private func context(_ menu: Menu?, _ warnings: [Diagnostic]) -> FailureContext {
        FailureContext(catalogue: catalogue, menu: menu, warnings: warnings)
    }
}
