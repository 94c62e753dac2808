import JuiceMaker

/// Renders `juice orders`: the orders placed and not yet received.
package struct OrdersRenderer {
    package let menu: Menu
    package let language: String?

    /// A renderer of `menu`'s orders, fruit names in `language`.
    package init(menu: Menu, language: String?) {
        self.menu = menu
        self.language = language
    }

    /// A table: a row per line of each order (the order's id and time on
    /// its first), then the order's units and cost; a line when there is
    /// no order.
    package func text(_ orders: [OrderBook.Placed]) -> [String] {
        let text = Catalogue(language)
        guard !orders.isEmpty else { return [text(.noOpenOrders)] }
        var table = TextTable([
            .init(title: text(.orderHeader), alignment: .right), .init(title: text(.timeHeader), alignment: .left),
            .init(title: text(.supplierHeader), alignment: .left), .init(title: text(.fruitHeader), alignment: .left),
            .init(title: text(.unitsHeader), alignment: .right), .init(title: text(.packsHeader), alignment: .right),
            .init(title: text(.costHeader), alignment: .right),
        ])
        for order in orders {
            for (index, line) in order.lines.enumerated() {
                table.append([
                    index == 0 ? String(order.id) : "", index == 0 ? order.time.localDescription : "",
                    line.supplier.map { menu.supplier(id: $0)?.displayName(for: language) ?? $0 } ?? "-",
                    menu.fruitName(line.fruit, for: language), String(line.units),
                    String(line.packs), line.cost.map(String.init) ?? "-",
                ])
            }
            let cost = order.cost.map(String.init) ?? "-"
            table.append(["", "", text(.totalRow), "", String(order.units), String(order.packs), cost])
        }
        return table.lines
    }

    /// `order,time,supplier,fruit,units,packs,cost`, a row per line of
    /// each order; supplier and cost empty where there is none.
    package func csv(_ orders: [OrderBook.Placed]) -> [String] {
        ["order,time,supplier,fruit,units,packs,cost"]
            + orders.flatMap { order in
                order.lines.map { line in
                    [
                        String(order.id), order.time.description, line.supplier ?? "", line.fruit,
                        String(line.units), String(line.packs), line.cost.map(String.init) ?? "",
                    ].map(CSV.field).joined(separator: ",")
                }
            }
    }
}
