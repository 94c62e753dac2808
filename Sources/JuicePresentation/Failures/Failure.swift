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
    /// A total of a supply order that passes what a count holds: exit 1
    /// and `above-maximum`, as an `adjust` above the maximum; never shown
    /// saturated.
    case totalAboveMaximum(String)
    /// An undo the journal does not allow: exit 1.
    case refused(String)
    /// Several refusals of one call (the stores of a chain's restore):
    /// exit 1 and `refused`, each said on a line of its own (in JSON, the
    /// message's lines).
    case refusedEach([String])
    /// An order received already (`already-received`) or cancelled
    /// (`cancelled`), by journal entry `entry`: exit 1, nothing booked.
    case orderClosed(errorName: String, text: String, entry: Int)
    /// Bad arguments, or a recipe or fruit the menu lacks: exit 64.
    case usage(String)
    /// An idempotency key used before for another change: exit 64, and
    /// for the server 422 (the request is well formed, but its key belongs
    /// to another change).
    case keyReused(String)
    /// A menu, inventory or manifest is invalid: exit 65.
    case invalidData([Diagnostic])
    /// A file the user named does not exist: exit 66.
    case missingFile(String)
    /// Something juice needs from the system, the solver, cannot be loaded:
    /// exit 69.
    case unavailable(String)
    /// The inventory cannot be created or replaced: exit 73.
    case cannotWrite(String)
    /// The inventory's folder does not exist (moved or removed): exit 73
    /// and `cannot-write`, as any inventory that cannot be created, but for
    /// the server a 503: the store is not there to change until the folder
    /// is back.
    case folderMissing(String)
    /// Another I/O error: exit 74.
    case io(String)
    /// The system ran short (too many open files, no memory): exit 74 and
    /// `io-error`, as any I/O error, but for the server a 503, since the
    /// same request may succeed in a moment.
    case shortOfResources(String)
    /// The inventory stayed locked, or kept being edited by hand while a
    /// change was written: exit 75 (try again).
    case locked(String)

    /// The failure of a file error, said in `catalogue`'s language.
    package init(_ error: FileError, catalogue: Catalogue) {
        let text = catalogue(error.message)
        switch error {
        case .notFound: self = .missingFile(text)
        case .unreadable, .writeFailed, .notFlushed: self = .io(text)
        case .cannotReplace, .exists: self = .cannotWrite(text)
        case .locked, .changedMeanwhile: self = .locked(text)
        case .shortOfResources: self = .shortOfResources(text)
        case .folderMissing: self = .folderMissing(text)
        }
    }

    /// The refusal of a transaction: a `make`'s for stock when `making`,
    /// else an `adjust`'s; said in `catalogue`'s language.
    package init(_ error: StockError, making: Bool, catalogue: Catalogue) {
        switch error {
        case .insufficient(let shortages): self = making ? .insufficientStock(shortages) : .negativeStock(shortages)
        case .aboveMaximum(let fruit, let result): self = .aboveMaximum(fruit: fruit, result: result)
        case .lotHoldsTooFew: self = .refused(catalogue(error.message))
        case .unknownFruit, .servingsOutOfRange, .quantityOutOfRange, .amountOutOfRange, .nothingArrived,
            .nothingExpired:
            // The library's own check; orders and changes parsed against the
            // menu pass it; a delivery of nothing is a usage error.
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
        case .keyReused: self = .keyReused(error.message.map { catalogue($0) } ?? "")
        case .refused(let error): self.init(error, making: making, catalogue: catalogue)
        case .undo(let error):
            let text = catalogue(error.message)
            if case .noSuchEntry = error { self = .usage(text) } else { self = .refused(text) }
        case .supplyOrder(let error):
            let text = catalogue(error.message)
            switch error {
            case .noSuchOrder: self = .usage(text)
            case .alreadyReceived(_, let entry):
                self = .orderClosed(errorName: "already-received", text: text, entry: entry)
            case .cancelled(_, let entry): self = .orderClosed(errorName: "cancelled", text: text, entry: entry)
            }
        }
    }

    /// The process's exit status (BSD sysexits).
    package var exitStatus: Int32 {
        switch self {
        case .insufficientStock, .minimumsShort, .negativeStock, .aboveMaximum, .totalAboveMaximum, .refused,
            .refusedEach, .orderClosed:
            return 1
        case .usage, .keyReused: return 64
        case .invalidData: return 65
        case .missingFile: return 66
        case .unavailable: return 69
        case .cannotWrite, .folderMissing: return 73
        case .io, .shortOfResources: return 74
        case .locked: return 75
        }
    }

    /// The HTTP status of the failure, for the server: 409 a refusal for
    /// stock, 400 a usage error, 422 invalid data or a key reused, 503 a lock that stayed
    /// held, a system short of open files or memory, or an inventory's
    /// folder gone (or a solver that
    /// cannot be loaded, which the API does not use), 500 a file the server
    /// cannot read or write.
    package var httpStatus: Int {
        switch self {
        case .insufficientStock, .minimumsShort, .negativeStock, .aboveMaximum, .totalAboveMaximum, .refused,
            .refusedEach, .orderClosed:
            return 409
        case .usage: return 400
        case .invalidData, .keyReused: return 422
        case .locked, .unavailable, .shortOfResources, .folderMissing: return 503
        case .missingFile, .cannotWrite, .io: return 500
        }
    }

    /// The `error` value of the JSON output.
    package var errorName: String {
        switch self {
        case .insufficientStock, .minimumsShort: return "insufficient-stock"
        case .negativeStock: return "negative-stock"
        case .aboveMaximum, .totalAboveMaximum: return "above-maximum"
        case .refused, .refusedEach: return "refused"
        case .orderClosed(let name, _, _): return name
        case .usage: return "usage"
        case .keyReused: return "key-reused"
        case .invalidData: return "invalid-data"
        case .missingFile: return "missing-file"
        case .unavailable: return "unavailable"
        case .cannotWrite, .folderMissing: return "cannot-write"
        case .io, .shortOfResources: return "io-error"
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
        case .usage(let text), .keyReused(let text), .missingFile(let text), .unavailable(let text),
            .cannotWrite(let text), .folderMissing(let text), .io(let text),
            .shortOfResources(let text), .locked(let text), .refused(let text), .totalAboveMaximum(let text),
            .orderClosed(_, let text, _):
            return text
        case .refusedEach(let texts):
            return texts.joined(separator: "\n")
        }
    }
}
