import JuiceMaker

/// What a single-store command works with: the loaded menu, the inventory
/// file, the language, the output format, and the warnings found so far.
struct Session {
    let files: StoreFiles
    let isJSON: Bool
    let menu: Menu
    let language: String?
    /// Warnings from the files read, shown with the result.
    private(set) var warnings: [Diagnostic] = []

    /// Finds the store's files and loads its menu.
    ///
    /// - Parameters:
    ///   - manifestPath: `--stores`, where `--store` looks.
    ///   - forChange: whether the command changes the stock.
    /// - Throws: ``CommandError`` when the menu is missing or invalid, or the
    ///   store cannot be found.
    init(options: StoreOptions, manifestPath: String? = nil, forChange: Bool = false, isJSON: Bool) throws(CommandError)
    {
        self.isJSON = isJSON
        language = options.language
        let context = FailureContext(isJSON: isJSON, language: language)
        files = try StoreFiles(options: options, manifestPath: manifestPath, forChange: forChange, context: context)
        // No menu file: the built-in menu, which has no problems to say.
        var loaded = Loaded(value: Menu.builtin, diagnostics: [])
        if let path = files.menuPath {
            do {
                loaded = try ProcessLifetime.kept(MenuLoader()).load(path: path)
            } catch {
                throw CommandError(Failure(error), context: context)
            }
        }
        guard let menu = loaded.value else { throw CommandError(.invalidData(loaded.diagnostics), context: context) }
        self.menu = menu
        record(loaded.diagnostics)
        if !isJSON { LanguageNote.say(for: options.locale, languages: menu.languages) }
    }

    /// How to say a failure of this session's command.
    var context: FailureContext {
        FailureContext(
            isJSON: isJSON, language: language, menu: menu, warnings: warnings,
            repeatedArguments: files.repeatedArguments, inventoryPath: files.inventory?.path)
    }

    /// Reads the inventory (without a lock: the file is always replaced whole).
    mutating func readInventory() throws(CommandError) -> Inventory {
        try readInventory(droppingRetiredFruits: false).inventory
    }

    /// Reads the inventory, dropping the counts of fruits the menu no
    /// longer has when asked (`--prune`), instead of finding them errors.
    mutating func readInventory(
        droppingRetiredFruits: Bool
    ) throws(CommandError) -> (inventory: Inventory, retired: [String]) {
        guard let file = files.inventory else { return (Inventory(initialStockOf: menu), []) }
        noteIfAbsent(file)
        let read: InventoryRead
        do {
            read = try file.read(menu: menu, droppingRetiredFruits: droppingRetiredFruits)
        } catch {
            throw CommandError(Failure(error), context: context)
        }
        guard let inventory = read.loaded.value else {
            throw CommandError(.invalidData(read.loaded.diagnostics), context: context)
        }
        record(read.loaded.diagnostics)
        return (inventory, read.retired)
    }

    /// Says on stderr, in text, that the inventory does not exist, so that a
    /// mistyped path is seen before it is acted on.
    func noteIfAbsent(_ file: InventoryFile) {
        if !isJSON, !file.exists {
            Output.note(Output.catalogue(.absentInventory, file.path))
        }
    }

    /// Parses command-line arguments against the menu; the first that does
    /// not parse is a usage error, with a hint where the mistake is a
    /// common one (see ``ArgumentHint``).
    ///
    /// - Parameter word: an argument's text as typed, which a hint about the
    ///   next argument names.
    func parse<Argument, Value>(
        _ arguments: [Argument], word: (Argument) -> String, _ parse: (Argument) throws(OrderError) -> Value
    ) throws(CommandError) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(arguments.count)
        for (position, argument) in arguments.enumerated() {
            do {
                values.append(try parse(argument))
            } catch {
                let previous = position > 0 ? word(arguments[position - 1]) : nil
                let message = ArgumentHint.message(for: error, previous: previous)
                throw CommandError(.usage(message), context: context)
            }
        }
        return values
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

    /// ``parse(_:word:_:)`` for arguments that are their own text.
    func parse<Value>(_ arguments: [String], _ parse: (String) throws(OrderError) -> Value) throws(CommandError)
        -> [Value]
    {
        try self.parse(arguments, word: { $0 }, parse)
    }

    /// Refuses orders whose totals pass what can be counted, as a usage
    /// error, so that no saturated number is shown.
    func checkTotals(_ orders: [Order]) throws(CommandError) {
        do {
            _ = try Order.totals(of: orders)
        } catch {
            throw CommandError(.usage(Output.catalogue(error.message)), context: context)
        }
    }

    /// Keeps warnings for the JSON result; in text, shows them now on stderr.
    mutating func record(_ diagnostics: [Diagnostic]) {
        if !isJSON { Output.diagnostics(diagnostics) }
        warnings += diagnostics
    }
}
