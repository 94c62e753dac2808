import JuiceMaker

/// The JSON of `juice receive`: a transaction's (see
/// ``TransactionJSON``), with `"order"` (the order received; `null` for a
/// file never placed) and `"short"` (per fruit, the units that did not
/// arrive; `{}` when all did).
package struct ReceiptJSON: Encodable, Sendable {
    package var transaction: TransactionJSON
    package var order: Int?
    package var short: [String: Int]

    /// `transaction`, the receipt of `order`, `short` what did not come.
    package init(_ transaction: TransactionJSON, order: Int?, short: [String: Int]) {
        self.transaction = transaction
        self.order = order
        self.short = short
    }

    private enum Key: String, CodingKey {
        case order, short
    }

    /// The transaction's keys, `order` and `short`.
    package func encode(to encoder: any Encoder) throws {
        try transaction.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        if let order { try container.encode(order, forKey: .order) } else { try container.encodeNil(forKey: .order) }
        try container.encode(short, forKey: .short)
    }
}

/// The JSON of `juice orders`: `{"orders": [{"order", "time", "lines":
/// [{"supplier", "fruit", "units", "packs", "cost"}], "units", "cost"}],
/// "diagnostics"}`, the open orders oldest first; `supplier` and `cost`
/// are `null` where there is none.
package struct OrdersJSON: Encodable, Sendable {
    /// One open order.
    package struct Order: Encodable, Sendable {
        var order: Int
        var time: String
        var lines: [Line]
        var units: Int128
        @NullWhenAbsent var cost: Int128?
    }

    /// One line of an order.
    package struct Line: Encodable, Sendable {
        @NullWhenAbsent var supplier: String?
        var fruit: String
        var units: Int
        var packs: Int
        @NullWhenAbsent var cost: Int?
    }

    package var orders: [Order]
    package var diagnostics: [Diagnostic]

    /// The JSON of `orders`.
    package init(_ orders: [OrderBook.Placed], diagnostics: [Diagnostic]) {
        self.orders = orders.map { order in
            Order(
                order: order.id, time: order.time.description,
                lines: order.lines.map {
                    Line(supplier: $0.supplier, fruit: $0.fruit, units: $0.units, packs: $0.packs, cost: $0.cost)
                }, units: order.units, cost: order.cost)
        }
        self.diagnostics = diagnostics
    }
}
