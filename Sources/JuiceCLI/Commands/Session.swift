import JuiceMaker

/// What a single-store command works with: the loaded menu, the language,
/// the output format, and the warnings found so far.
struct Session {
    let options: StoreOptions
    let isJSON: Bool
    let menu: Menu
    let language: String?
    /// Warnings from the files read, shown with the result.
    private(set) var warnings: [Diagnostic] = []

    /// Loads the menu the options name.
    ///
    /// - Throws: ``CommandError`` when the menu is missing or invalid.
    init(options: StoreOptions, isJSON: Bool) throws(CommandError) {
        self.options = options
        self.isJSON = isJSON
        language = options.language
        guard let path = options.menuPath else {
            menu = .builtin
            return
        }
        let context = FailureContext(isJSON: isJSON, language: language)
        let loaded: Loaded<Menu>
        do {
            loaded = try MenuLoader().load(path: path)
        } catch {
            throw CommandError(Failure(error), context: context)
        }
        guard let menu = loaded.value else { throw CommandError(.invalidData(loaded.diagnostics), context: context) }
        self.menu = menu
        record(loaded.diagnostics)
    }

    /// How to say a failure of this session's command.
    var context: FailureContext {
        FailureContext(
            isJSON: isJSON, language: language, menu: menu, warnings: warnings,
            repeatedArguments: options.repeatedArguments)
    }

    /// Reads the inventory (without a lock: the file is always replaced whole).
    mutating func readInventory() throws(CommandError) -> Inventory {
        let loaded: Loaded<Inventory>
        do {
            loaded = try options.inventoryFile.read(menu: menu)
        } catch {
            throw CommandError(Failure(error), context: context)
        }
        guard let inventory = loaded.value else {
            throw CommandError(.invalidData(loaded.diagnostics), context: context)
        }
        record(loaded.diagnostics)
        return inventory
    }

    /// Parses command-line arguments against the menu; the first that does
    /// not parse is a usage error.
    func parse<Argument, Value>(
        _ arguments: [Argument], _ parse: (Argument) throws(OrderError) -> Value
    ) throws(CommandError) -> [Value] {
        var values: [Value] = []
        for argument in arguments {
            do {
                values.append(try parse(argument))
            } catch {
                throw CommandError(.usage(error.description), context: context)
            }
        }
        return values
    }

    /// Keeps warnings for the JSON result; in text, shows them now on stderr.
    mutating func record(_ diagnostics: [Diagnostic]) {
        if !isJSON { Output.diagnostics(diagnostics) }
        warnings += diagnostics
    }
}
