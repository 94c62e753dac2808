import ArgumentParser
import JuiceMaker

/// What a command works with: the loaded menu, the language, the output
/// format, and the warnings found so far. Renders failures for every command.
struct Session {
    let options: StoreOptions
    let isJSON: Bool
    let menu: Menu
    let language: String?
    /// Warnings from the files read, shown with the result.
    private(set) var warnings: [Diagnostic] = []

    /// Loads the menu the options name.
    ///
    /// - Throws: the exit code, after saying why, when the menu is missing
    ///   or invalid.
    init(options: StoreOptions, isJSON: Bool) throws(ExitCode) {
        self.options = options
        self.isJSON = isJSON
        language = options.language
        guard let path = options.menuPath else {
            menu = .builtin
            return
        }
        let loaded: Loaded<Menu>
        do {
            loaded = try MenuLoader().load(path: path)
        } catch {
            throw Self.emit(Failure(error), isJSON: isJSON, menu: nil, language: language, options: options)
        }
        guard let menu = loaded.value else {
            throw Self.emit(.invalidData(loaded.diagnostics), isJSON: isJSON, menu: nil, language: language, options: options)
        }
        self.menu = menu
        record(loaded.diagnostics)
    }

    /// Reads the inventory (without a lock: the file is always replaced whole).
    mutating func readInventory() throws(ExitCode) -> Inventory {
        let loaded: Loaded<Inventory>
        do {
            loaded = try options.inventoryFile.read(menu: menu)
        } catch {
            throw fail(Failure(error))
        }
        guard let inventory = loaded.value else { throw fail(.invalidData(loaded.diagnostics)) }
        record(loaded.diagnostics)
        return inventory
    }

    /// Parses command-line arguments against the menu; the first that does
    /// not parse is a usage error.
    func parse<Argument, Value>(_ arguments: [Argument], _ parse: (Argument) throws(InputError) -> Value) throws(ExitCode) -> [Value] {
        var values: [Value] = []
        for argument in arguments {
            do {
                values.append(try parse(argument))
            } catch {
                throw fail(.usage(error.description))
            }
        }
        return values
    }

    /// Keeps warnings for the JSON result; in text, shows them now on stderr.
    mutating func record(_ diagnostics: [Diagnostic]) {
        if !isJSON { Output.diagnostics(diagnostics) }
        warnings += diagnostics
    }

    /// Says why the command failed and returns the exit code to throw.
    func fail(_ failure: Failure) -> ExitCode {
        Self.emit(failure, isJSON: isJSON, menu: menu, language: language, options: options, warnings: warnings)
    }

    static func emit(
        _ failure: Failure, isJSON: Bool, menu: Menu?, language: String?, options: StoreOptions,
        warnings: [Diagnostic] = []
    ) -> ExitCode {
        let name = { (fruit: String) in menu?.fruitName(fruit, for: language) ?? fruit }
        if isJSON {
            var json = FailureJSON(error: failure.errorName, diagnostics: warnings + failure.diagnostics)
            switch failure {
            case .insufficientStock(let shortfalls), .negativeStock(let shortfalls):
                json.missing = Dictionary(uniqueKeysWithValues: shortfalls.map { ($0.fruit, $0.missing) })
            case .invalidData:
                break
            default:
                json.message = failure.message(name: name)
            }
            Output.json(json)
            return failure.exitCode
        }
        switch failure {
        case .invalidData(let diagnostics):
            Output.diagnostics(diagnostics)
        case .insufficientStock(let shortfalls):
            Output.errorLine("error: not enough fruit; nothing was made")
            for shortfall in shortfalls {
                Output.errorLine("  \(name(shortfall.fruit)): \(shortfall.needed) needed, \(shortfall.available) in stock, \(shortfall.missing) more needed")
            }
            let changes = shortfalls.map { "\($0.fruit)=+\($0.missing)" }.joined(separator: " ")
            Output.errorLine("To add them: juice adjust \(changes)\(options.repeatedArguments)")
        case .negativeStock(let shortfalls):
            Output.errorLine("error: the stock cannot go below zero; nothing changed")
            for shortfall in shortfalls {
                Output.errorLine("  \(name(shortfall.fruit)): \(shortfall.needed) to remove, \(shortfall.available) in stock, \(shortfall.missing) short")
            }
        default:
            Output.errorLine("error: " + failure.message(name: name))
        }
        return failure.exitCode
    }
}

extension Failure {
    /// The failure in one sentence.
    func message(name: (String) -> String) -> String {
        switch self {
        case .insufficientStock(let shortfalls):
            return "not enough " + shortfalls.map { name($0.fruit) }.joined(separator: ", ")
        case .negativeStock(let shortfalls):
            return "not enough " + shortfalls.map { name($0.fruit) }.joined(separator: ", ") + " to remove"
        case .aboveMaximum(let fruit, let result):
            return "\(name(fruit)) would reach \(result), above the maximum of \(Schema.maximumCount); nothing changed"
        case .invalidData(let diagnostics):
            return "\(diagnostics.filter { $0.severity == .error }.count) errors in the data"
        case .usage(let text), .missingFile(let text), .cannotWrite(let text), .io(let text), .locked(let text):
            return text
        }
    }
}
