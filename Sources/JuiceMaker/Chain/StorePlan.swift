/// One store's shopping list for a set of orders, or why it has none.
public struct StorePlan: Sendable {
    /// The store's menu and stock, as read.
    public var snapshot: StoreSnapshot
    /// Every fruit the orders use; empty when the store could not be planned.
    public var list: [Shortage]
    /// The store's own diagnostics, and an `unknown-recipe` error for each
    /// order its menu lacks.
    public var diagnostics: [Diagnostic]

    /// Whether the store has a list: its files are valid and its menu has
    /// every recipe ordered.
    public var isPlanned: Bool { !diagnostics.containsErrors }
}

extension StoreSnapshot {
    /// The shopping list for `requests` against this store's menu and stock.
    public func plan(for requests: [OrderRequest]) -> StorePlan {
        var plan = StorePlan(snapshot: self, list: [], diagnostics: diagnostics)
        guard let menu, let inventory else { return plan }
        var orders: [Order] = []
        for request in requests {
            do {
                orders.append(try menu.order(for: request))
            } catch {
                plan.diagnostics.append(
                    .error(
                        .unknownRecipe, Message(.inStore, "\(store.name)", .message(error.message)), at: store.location)
                )
            }
        }
        do {
            _ = try Order.totals(of: orders)
        } catch {
            plan.diagnostics.append(
                .error(.limit, Message(.inStore, "\(store.name)", .message(error.message)), at: store.location))
        }
        if plan.isPlanned { plan.list = inventory.usable(on: today()).shoppingList(for: orders) }
        return plan
    }
}
