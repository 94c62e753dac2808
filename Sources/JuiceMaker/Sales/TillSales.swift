/// A till's export, read one thing at a time: what
/// ``Store/importSales(from:map:dryRun:listingHeldBack:whileWaiting:)`` books.
public protocol TillSales {
    /// The next ticket, void or refund; `nil` at the end.
    ///
    /// - Throws: ``TillSalesError`` for a row that cannot be read: the
    ///   export is refused whole.
    mutating func next() throws(TillSalesError) -> TillEvent?
}

/// A row of a till's export that cannot be read, said as a diagnostic at
/// its file and line: nothing of the export is booked.
public struct TillSalesError: Error, Sendable, Hashable {
    /// What is wrong, and where.
    public var diagnostic: Diagnostic

    /// The error of `diagnostic`.
    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }
}
