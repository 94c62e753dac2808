import Foundation

// An app's alert shows an error's `localizedDescription`: each of the
// library's errors gives its own sentence there (in English; an app that
// speaks another language renders the error's `Message` with its own
// templates), where Foundation would say only "The operation could not be
// completed".

extension StoreError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { description }
}

extension FileError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { description }
}

extension StockError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { description }
}

extension OrderError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { description }
}

extension MenuError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { description }
}

extension UndoError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { description }
}

extension InventoryUpdateError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { description }
}

extension OrderBookError: LocalizedError {
    /// The error's sentence.
    public var errorDescription: String? { message.description }
}
