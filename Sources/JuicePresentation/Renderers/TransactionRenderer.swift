import JuiceMaker

/// Renders the answer of a successful `make` or `adjust`.
package struct TransactionRenderer {
    package let menu: Menu
    package let language: String?

    /// A renderer of these values.
    package init(menu: Menu, language: String?) {
        self.menu = menu
        self.language = language
    }

    /// A dry run in text: every fruit before and after, and the fruits a
    /// prune would drop.
    package func dryRunText(_ done: StoreTransaction) -> [String] {
        let (before, after) = (done.before, done.after)
        let text = Catalogue(language)
        var table = TextTable([
            .init(title: text(.fruitHeader), alignment: .left), .init(title: text(.beforeHeader), alignment: .right),
            .init(title: text(.afterHeader), alignment: .right),
        ])
        for fruit in menu.fruits {
            table.append([fruit.displayName(for: language), String(before[fruit.id]), String(after[fruit.id])])
        }
        return [text(.dryRun)] + table.lines + done.retired.map { text(.wouldDrop, $0) }
    }

    package func json(_ done: StoreTransaction, dryRun: Bool, diagnostics: [Diagnostic]) -> TransactionJSON {
        TransactionJSON(
            menu: menu, before: done.before, after: done.after, dryRun: dryRun, dropped: done.retired,
            entries: done.entries, undoes: done.undone?.id, diagnostics: diagnostics)
    }

    /// What `make` says: a line per order, then the stock of the fruits used.
    package func made(_ orders: [Order], after: Inventory) -> [String] {
        let text = Catalogue(language)
        let made = orders.map { order in
            let name = order.recipe.displayName(for: language).controlsEscaped
            return order.servings == 1 ? text(.readyOne, name) : text(.readyMany, name, order.servings)
        }
        let used = Inventory.requirements(of: orders).map(\.fruit)
        let stock = used.map { "\(menu.fruitName($0, for: language)) \(after[$0])" }.joined(separator: ", ")
        return made + [text(.stockLine, stock)]
    }

    /// What `adjust` says: each fruit changed, before and after, in the
    /// order first named, then each fruit dropped.
    package func adjusted(_ changes: [StockChange], _ done: StoreTransaction) -> [String] {
        var touched: [String] = []
        var seen: Set<String> = []
        for change in changes where seen.insert(change.fruit).inserted {
            touched.append(change.fruit)
        }
        return touched.map { line($0, done) } + done.retired.map { Catalogue(language)(.dropped, $0) }
    }

    /// What `waste --expired` says: each fruit thrown out, before and
    /// after and how many expired, in the menu's order.
    package func thrownOut(_ done: StoreTransaction) -> [String] {
        let text = Catalogue(language)
        return menu.fruits.filter { done.before[$0.id] != done.after[$0.id] }.map { fruit in
            let (before, after) = (done.before[fruit.id], done.after[fruit.id])
            return text(.thrownOutLine, fruit.displayName(for: language).controlsEscaped, before, after, before - after)
        }
    }

    /// What `undo` says: each fruit changed, before and after, in the
    /// menu's order.
    package func changed(_ changes: [String: Int], _ done: StoreTransaction) -> [String] {
        menu.fruits.filter { changes[$0.id] != nil }.map { line($0.id, done) }
    }

    /// `Banana: 10 → 12`.
    private func line(_ fruit: String, _ done: StoreTransaction) -> String {
        "\(menu.fruitName(fruit, for: language)): \(done.before[fruit]) → \(done.after[fruit])"
    }
}
