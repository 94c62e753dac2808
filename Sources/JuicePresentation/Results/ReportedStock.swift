import JuiceMaker

/// A store's stock as every report gives it: each fruit's whole count,
/// what of it can still make juice on the business day (expired lots left
/// out, SPEC 18), and what is expired, expiring and in dated lots. One
/// value for the report of one store and each store of a chain, so that
/// no format counts expired fruit as servings.
package struct ReportedStock: Sendable {
    /// The stock by fruit position (see ``Menu/IngredientTable``): the
    /// whole count, expired lots included.
    package let counts: [Int]
    /// The stock the servings are worked out from: without expired lots
    /// when the day is known.
    package let usable: [Int]
    /// The stock's expired, expiring and dated lots, if it has any.
    package let fresh: FreshStockJSON?

    /// `inventory` against `menu` on `today`, the store's business day
    /// (``Store/today(now:)``, ``StoreSnapshot/today(now:)``); with no day,
    /// every lot counts and nothing is said expired.
    package init(_ inventory: Inventory, in menu: Menu, today: CalendarDate?) {
        counts = inventory.counts(byPositionIn: menu)
        usable = today == nil ? counts : inventory.usable(on: today).counts(byPositionIn: menu)
        fresh = today.flatMap { FreshStockJSON(inventory, today: $0) }
    }
}
