import JuiceMaker

/// Every way a command fails, with its exit code and its JSON error name:
/// the one place where outcomes become exit codes.
package enum Failure: Sendable {
    /// Not enough stock for `make`: exit 1.
    case insufficientStock([Shortage])
    /// Not enough stock for the servings `mix --min` requires: exit 1,
    /// said as `make`'s shortfall is, under a headline of its own.
    case minimumsShort([Shortage])
    /// `adjust` would take a fruit below zero: exit 1.
    case negativeStock([Shortage])
    /// `adjust` would take a fruit above the maximum: exit 1.
    case aboveMaximum(fruit: String, result: Int)
    /// An undo the journal does not allow: exit 1.
    case refused(String)
    /// Bad arguments, or a recipe or fruit the menu lacks: exit 64.
    case usage(String)
    /// A menu, inventory or manifest is invalid: exit 65.
    case invalidData([Diagnostic])
    /// A file the user named does not exist: exit 66.
    case missingFile(String)
    /// Something juice needs from the system, the solver, cannot be loaded:
    /// exit 69.
    case unavailable(String)
    /// The inventory cannot be created or replaced: exit 73.
    case cannotWrite(String)
    /// Another I/O error: exit 74.
    case io(String)
    /// The inventory stayed locked: exit 75.
    case locked(String)

    /// The failure of a file error, said in `catalogue`'s language.
    package init(_ error: FileError, catalogue: Catalogue) {
        let text = catalogue(error.message)
        switch error {
        case .notFound: self = .missingFile(text)
        case .unreadable, .writeFailed, .notFlushed: self = .io(text)
        case .cannotReplace: self = .cannotWrite(text)
        case .locked: self = .locked(text)
        }
    }

    /// The refusal of a transaction: a `make`'s for stock when `making`,
    /// else an `adjust`'s; said in `catalogue`'s language.
    package init(_ error: StockError, making: Bool, catalogue: Catalogue) {
        switch error {
        case .insufficient(let shortages): self = making ? .insufficientStock(shortages) : .negativeStock(shortages)
        case .aboveMaximum(let fruit, let result): self = .aboveMaximum(fruit: fruit, result: result)
        case .unknownFruit, .servingsOutOfRange, .quantityOutOfRange, .amountOutOfRange:
            // The library's own check; orders and changes parsed against the menu pass it.
            self = .usage(catalogue(error.message))
        }
    }

    /// The failure of the store service, said in `catalogue`'s language.
    ///
    /// - Parameter making: whether a refusal for stock is a `make`'s.
    package init(_ error: StoreError, making: Bool, catalogue: Catalogue) {
        switch error {
        case .file(let error): self.init(error, catalogue: catalogue)
        case .invalidData(let diagnostics): self = .invalidData(diagnostics)
        case .noSuchStore, .noInventory, .order: self = .usage(error.message.map { catalogue($0) } ?? "")
        case .refused(let error): self.init(error, making: making, catalogue: catalogue)
        case .undo(let error):
            let text = catalogue(error.message)
            if case .noSuchEntry = error { self = .usage(text) } else { self = .refused(text) }
        }
    }

    /// The process's exit status (BSD sysexits).
    package var exitStatus: Int32 {
        switch self {
        case .insufficientStock, .minimumsShort, .negativeStock, .aboveMaximum, .refused: return 1
        case .usage: return 64
        case .invalidData: return 65
        case .missingFile: return 66
        case .unavailable: return 69
        case .cannotWrite: return 73
        case .io: return 74
        case .locked: return 75
        }
    }

    /// The HTTP status of the failure, for the server: 409 a refusal for
    /// stock, 400 a usage error, 422 invalid data, 503 a lock that stayed
    /// held (or a solver that cannot be loaded, which the API does not use),
    /// 500 a file the server cannot read or write.
    package var httpStatus: Int {
        switch self {
        case .insufficientStock, .minimumsShort, .negativeStock, .aboveMaximum, .refused: return 409
        case .usage: return 400
        case .invalidData: return 422
        case .locked, .unavailable: return 503
        case .missingFile, .cannotWrite, .io: return 500
        }
    }

    /// The `error` value of the JSON output.
    package var errorName: String {
        switch self {
        case .insufficientStock, .minimumsShort: return "insufficient-stock"
        case .negativeStock: return "negative-stock"
        case .aboveMaximum: return "above-maximum"
        case .refused: return "refused"
        case .usage: return "usage"
        case .invalidData: return "invalid-data"
        case .missingFile: return "missing-file"
        case .unavailable: return "unavailable"
        case .cannotWrite: return "cannot-write"
        case .io: return "io-error"
        case .locked: return "locked"
        }
    }

    package var diagnostics: [Diagnostic] {
        if case .invalidData(let diagnostics) = self { return diagnostics }
        return []
    }

    /// The failure in one sentence, fruits named by `name`, in `catalogue`'s
    /// language; `nil` for the failures said by their parts instead
    /// (shortages, diagnostics).
    package func message(name: (String) -> String = { $0 }, catalogue: Catalogue) -> String? {
        switch self {
        case .insufficientStock, .minimumsShort, .negativeStock, .invalidData:
            return nil
        case .aboveMaximum(let fruit, let result):
            return catalogue(.aboveMaximum, name(fruit), result, Schema.maximumCount)
        case .usage(let text), .missingFile(let text), .unavailable(let text), .cannotWrite(let text), .io(let text),
            .locked(let text), .refused(let text):
            return text
        }
    }
}
