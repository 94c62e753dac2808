/// The exports `juice import` reads (SPEC 17).
package enum TillFormat: String, Sendable, Hashable, CaseIterable {
    /// Square's item sales detail: a row per item sold.
    case square
    /// Toast's `ItemSelectionDetails.csv`, with its
    /// `ModifiersSelectionDetails.csv` when given.
    case toast
    /// Any CSV with a header and the columns `time`, `item`, `quantity`
    /// (or others named by `--columns`).
    case csv

    /// The format whose own columns `header` holds: Square's `Transaction ID`
    /// or `Payment ID` with `Event Type`, Toast's `Order Id` with `Menu
    /// Item`, the generic `time`, `item` and `quantity`; `nil` for none.
    package static func guess(header: [String]) -> TillFormat? {
        let names = Set(header.map(TillColumns.key))
        if names.contains("item"), names.contains("qty"),
            names.contains("transaction id") || names.contains("payment id")
        {
            return .square
        }
        if names.contains("order id"), names.contains("menu item") { return .toast }
        if names.isSuperset(of: ["time", "item", "quantity"]) { return .csv }
        return nil
    }

    /// Whether `header` is that of Toast's `ModifiersSelectionDetails.csv`:
    /// its `Item Selection Id` and `Modifier`, without the items' `Menu Item`.
    package static func isToastModifiers(header: [String]) -> Bool {
        let names = Set(header.map(TillColumns.key))
        return names.isSuperset(of: ["item selection id", "modifier"]) && !names.contains("menu item")
    }
}
