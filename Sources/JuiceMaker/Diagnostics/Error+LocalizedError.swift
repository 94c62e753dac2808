import Foundation

// An app's alert shows an error's `localizedDescription`: each of the
// library's errors gives its own sentence there (in English; an app that
// speaks another language renders the error's `Message` with its own
// templates), where Foundation would say only "The operation could not be
// completed".

extension StoreError: LocalizedError {
    public var errorDescription: String? { description }
}

extension FileError: LocalizedError {
    public var errorDescription: String? { description }
}

extension StockError: LocalizedError {
    public var errorDescription: String? { description }
}

extension OrderError: LocalizedError {
    public var errorDescription: String? { description }
}

extension MenuError: LocalizedError {
    public var errorDescription: String? { description }
}

extension UndoError: LocalizedError {
    public var errorDescription: String? { description }
}

extension InventoryUpdateError: LocalizedError {
    public var errorDescription: String? { description }
}

extension OrderBookError: LocalizedError {
    public var errorDescription: String? { message.description }
}
