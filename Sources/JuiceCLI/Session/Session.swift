import JuiceMaker
import JuicePresentation

/// What a single-store command works with: the store opened through the
/// store service, the language, the output format, and the warnings found
/// so far.
struct Session {
    /// The store service of `juice`: the lock's wait from the environment,
    /// menus kept until the process exits.
    static let service = StoreService(environment: Environment.variables, keepsMenusUntilExit: true)

    let store: Store
    let isJSON: Bool
    /// Whether `--quiet` asked for errors only: no notes, warnings or
    /// success lines.
    let isQuiet: Bool
    let language: String?
    /// The options a suggested command repeats to act on the same files.
    let repeatedArguments: String
    /// The options a suggested `juice menu` repeats to show the same menu.
    let menuArguments: String
    /// Warnings from the files read, shown with the result.
    private(set) var warnings: [Diagnostic] = []

    /// The store's menu.
    var menu: Menu { store.menu }

    /// Finds the store's files and opens it (reads its menu).
    ///
    /// - Parameters:
    ///   - manifestPath: `--stores`, where `--store` looks.
    ///   - forChange: whether the command changes the stock or reads its
    ///     journal.
    ///   - quiet: `--quiet`.
    /// - Throws: ``CommandError`` when the menu is missing or invalid, or the
    ///   store cannot be found.
    init(
        options: StoreOptions, manifestPath: String? = nil, forChange: Bool = false, isJSON: Bool, quiet: Bool
    ) throws(CommandError) {
        self.isJSON = isJSON
        isQuiet = quiet
        language = options.language
        repeatedArguments = options.repeatedArguments(manifestPath: manifestPath)
        menuArguments = options.repeatedArguments(manifestPath: manifestPath, inventory: false)
        let context = FailureContext(isJSON: isJSON, language: language, catalogue: Output.catalogue)
        do {
            let address = try options.address(manifestPath: manifestPath)
            if !isJSON { ShopNote.say(for: address, quiet: quiet) }
            store = try Self.service.open(address, forChange: forChange)
        } catch {
            throw CommandError(Failure(error, making: false, catalogue: Output.catalogue), context: context)
        }
        record(store.warnings)
        if !isJSON { LanguageNote.say(for: options.locale, languages: store.menu.languages, quiet: quiet) }
    }

    /// How to say a failure of this session's command.
    var context: FailureContext {
        FailureContext(
            isJSON: isJSON, language: language, menu: menu, warnings: warnings,
            repeatedArguments: repeatedArguments, inventoryPath: store.inventoryPath, catalogue: Output.catalogue)
    }

    /// A failure of this session's command.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    func failure(_ error: StoreError, making: Bool = false) -> CommandError {
        CommandError(Failure(error, making: making, catalogue: Output.catalogue), context: context)
    }

    /// What to order now, sized as `sizing` says, net of the orders on
    /// order (SPEC 16).
    mutating func supplyOrder(_ sizing: OrderSizing = .par) throws(CommandError) -> SupplyOrder {
        noteIfAbsent()
        do {
            let (order, diagnostics) = try store.supplyOrder(sizing)
            record(diagnostics)
            return order
        } catch {
            throw failure(error)
        }
    }

    /// Reads the inventory (without a lock: the file is always replaced whole).
    mutating func readInventory() throws(CommandError) -> Inventory {
        try readStock(droppingRetiredFruits: false).inventory
    }

    /// Reads the inventory, dropping the counts of fruits the menu no
    /// longer has when asked (`--prune`), instead of finding them errors.
    mutating func readStock(droppingRetiredFruits: Bool) throws(CommandError) -> StockReading {
        noteIfAbsent()
        do {
            let reading = try store.readStock(droppingRetiredFruits: droppingRetiredFruits)
            record(reading.diagnostics)
            return reading
        } catch {
            throw failure(error)
        }
    }

    /// Says on stderr, in text, that the inventory does not exist, so that a
    /// mistyped path is seen before it is acted on.
    func noteIfAbsent() {
        if !isJSON, store.inventoryIsAbsent, let path = store.inventoryPath {
            Output.note(Output.catalogue(.absentInventory, path), quiet: isQuiet)
        }
    }

    /// Says on stderr, in text, each lot `changes` add whose best-before
    /// is already past: booked all the same, as expired fruit.
    func notePastBestBefore(_ changes: [StockChange]) {
        guard !isJSON else { return }
        for (fruit, date) in store.pastBestBefore(changes) {
            Output.note(Output.catalogue(Message(.bestBeforePast, "\(fruit)", "\(date)")), quiet: isQuiet)
        }
    }

    /// Turns command-line arguments into values through the store; the
    /// first that does not fit is a usage error, with a hint where the
    /// mistake is a common one (see ``ArgumentHint``).
    ///
    /// - Parameter words: the arguments as typed, which a hint about the
    ///   next argument names.
    func parse<Value>(_ words: [String], _ parse: (Store) throws(StoreError) -> Value) throws(CommandError) -> Value {
        do {
            return try parse(store)
        } catch {
            if case .order(let orderError, let index?) = error {
                let previous = index > 0 ? words[index - 1] : nil
                throw CommandError(
                    .usage(
                        ArgumentHint.message(
                            for: orderError, previous: previous, menu: menu, menuArguments: isJSON ? nil : menuArguments
                        )),
                    context: context)
            }
            throw failure(error)
        }
    }

    /// The id of the fruit a `--fruit` option names (an id or a name), or a
    /// usage error.
    func fruitID(_ name: String) throws(CommandError) -> String {
        do {
            return try menu.fruit(named: name).id
        } catch {
            throw CommandError(.usage(Output.catalogue(error.message)), context: context)
        }
    }

    /// The id of the recipe a `--recipe` option names, or a usage error.
    func recipeID(_ name: String) throws(CommandError) -> String {
        do {
            return try menu.recipe(named: name).id
        } catch {
            throw CommandError(.usage(Output.catalogue(error.message)), context: context)
        }
    }

    /// Keeps warnings for the JSON result; in text, shows them now on stderr.
    mutating func record(_ diagnostics: [Diagnostic]) {
        if !isJSON { Output.diagnostics(diagnostics, quiet: isQuiet) }
        warnings += diagnostics
    }
}
