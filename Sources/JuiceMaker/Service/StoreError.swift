/// Why the store service could not find, read or change a store. Nothing
/// changed.
public enum StoreError: Error, Sendable, Hashable {
    /// A file could not be read or written: the menu, the inventory, its
    /// journal or lock, or the manifest.
    case file(FileError)
    /// A menu, inventory, journal or manifest is invalid.
    case invalidData([Diagnostic])
    /// The manifest has no store of this name; `known` are its stores.
    /// (A server of one store names itself as the manifest.)
    case noSuchStore(name: String, manifestPath: String, known: [String])
    /// A change to a store whose manifest entry names no inventory.
    case noInventory(store: String, manifestPath: String)
    /// An order or change that does not fit the menu: the `index`-th of
    /// those given, or `nil` for their totals together.
    case order(OrderError, index: Int?)
    /// The stock does not allow the transaction.
    case refused(StockError)
    /// An undo the journal does not allow.
    case undo(UndoError)
    /// The idempotency key was used in the last 24 hours for another
    /// change, journal entry `entry`.
    case keyReused(IdempotencyKey, entry: Int)
    /// An order that cannot be received or cancelled.
    case supplyOrder(OrderBookError)

    /// The refusal of a change to a store that names no inventory.
    init(noInventoryFor address: StoreAddress) {
        self = .noInventory(store: address.name ?? "", manifestPath: address.manifestPath ?? "")
    }

    /// The error of a change to the inventory file.
    init(_ error: InventoryUpdateError) {
        switch error {
        case .file(let error): self = .file(error)
        case .invalidInventory(let diagnostics), .invalidJournal(let diagnostics): self = .invalidData(diagnostics)
        case .invalidSales(let diagnostic): self = .invalidData([diagnostic])
        case .refused(let error): self = .refused(error)
        case .undo(let error): self = .undo(error)
        case .keyReused(let key, let entry): self = .keyReused(key, entry: entry)
        case .order(let error): self = .supplyOrder(error)
        // Said by the caller, who asked for an order with nothing to order.
        case .nothingToOrder: self = .invalidData([])
        }
    }
}

extension StoreError {
    /// What went wrong, in one sentence; `nil` for the errors said by their
    /// parts (diagnostics, shortages).
    public var message: Message? {
        switch self {
        case .file(let error): return error.message
        case .invalidData, .refused: return nil
        case .noSuchStore(let name, let manifestPath, let known):
            let suggestion = Suggestion.closest(to: name, among: known).map { Message(.didYouMean, "\($0)") }
            return Message(
                .noSuchStore, "\(name)", "\(manifestPath)", .optional(suggestion), "\(known.joined(separator: ", "))")
        case .noInventory(let store, let manifestPath):
            return Message(.storeHasNoInventory, "\(store)", "\(manifestPath)")
        case .order(let error, _): return error.message
        case .undo(let error): return error.message
        case .supplyOrder(let error): return error.message
        case .keyReused(let key, let entry): return Message(.keyReused, "\(key)", "\(entry)")
        }
    }
}

extension StoreError: CustomStringConvertible {
    /// What went wrong, in English.
    public var description: String {
        switch self {
        case .invalidData(let diagnostics): return diagnostics.map(\.description).joined(separator: "\n")
        case .refused(let error): return "\(error)"
        default: return message?.description ?? ""
        }
    }
}
