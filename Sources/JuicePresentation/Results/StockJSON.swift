import JuiceMaker

/// A stock as JSON: fruit id to count.
package typealias StockJSON = [String: Int]

extension Inventory {
    /// Every fruit of `menu` and its count, for JSON.
    package func json(for menu: Menu) -> StockJSON {
        Dictionary(uniqueKeysWithValues: menu.fruits.map { ($0.id, self[$0.id]) })
    }
}
